import Foundation

/// A folder of stand-ins for outside programs (systemd-run, systemctl, crontab, at), put
/// first on PATH: each records its arguments and standard input, then answers as told.
public struct FakePrograms: Sendable {
    /// The folder holding the programs (put it first on PATH).
    public let folder: String

    /// A fake-program folder inside `parent`.
    public init(in parent: TemporaryDirectory) throws {
        folder = parent.file("fake-bin")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// PATH with the fake programs first, then the system's folders.
    public var path: String { folder + ":/usr/local/bin:/usr/bin:/bin" }

    /// Installs `name`: it appends one line per call to `name.calls` (each argument in
    /// brackets) and its standard input to `name.input`, prints `output` on stdout and
    /// `error` on stderr, and exits with `status`. With `stateful`, `output` is instead the
    /// last input it was given (as `crontab -l` after `crontab -` would).
    public func install(_ name: String, status: Int32 = 0, output: String = "", error: String = "", stateful: Bool = false) throws {
        let calls = folder + "/" + name + ".calls"
        let input = folder + "/" + name + ".input"
        let saved = folder + "/" + name + ".saved"
        let script = """
            #!/bin/sh
            for a in "$@"; do printf '[%s]' "$a"; done >> '\(calls)'
            echo >> '\(calls)'
            if [ "$1" = "-" ] || [ "$1" = "-t" ] || [ "$1" = "-l" ] && [ ! -t 0 ]; then /bin/cat > '\(input).last'; /bin/cat '\(input).last' >> '\(input)'; fi
            \(stateful ? "if [ \"$1\" = \"-\" ]; then /bin/cp '\(input).last' '\(saved)'; fi\nif [ \"$1\" = \"-l\" ]; then if [ -f '\(saved)' ]; then /bin/cat '\(saved)'; exit 0; else echo 'no crontab for tester' >&2; exit 1; fi; fi" : "")
            printf '%s' '\(output.replacingOccurrences(of: "'", with: "'\\''"))'
            printf '%s' '\(error.replacingOccurrences(of: "'", with: "'\\''"))' >&2
            exit \(status)

            """
        let path = folder + "/" + name
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    /// Puts `text` in the crontab a stateful fake `crontab` lists.
    public func setCrontab(_ text: String) throws {
        try text.write(toFile: folder + "/crontab.saved", atomically: true, encoding: .utf8)
    }

    /// The calls `name` received, each as its arguments.
    public func calls(_ name: String) -> [[String]] {
        guard let text = try? String(contentsOfFile: folder + "/" + name + ".calls", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { line in
            line.dropFirst().dropLast().components(separatedBy: "][")
        }
    }

    /// Everything `name` read on its standard input, over all calls.
    public func input(_ name: String) -> String {
        (try? String(contentsOfFile: folder + "/" + name + ".input", encoding: .utf8)) ?? ""
    }

    /// The crontab a stateful fake `crontab` holds now.
    public func crontab() -> String? {
        try? String(contentsOfFile: folder + "/crontab.saved", encoding: .utf8)
    }
}
