import Foundation
import TidingsCore

/// Where the programs are and where their bundled files (`tidings.toml`, the sample content,
/// the systemd units) are found, for an install whose `bin/` holds links: `PREFIX/bin/deliver`
/// may point to one multi-call binary elsewhere (`PREFIX/libexec/tidings/`), and what
/// timers run is the path the user invoked, which outlives an upgrade of the target.
extension Places {
    /// The five programs, which an install puts in one folder.
    public static let programs = ["prefetch", "plan", "deliver", "report", "tidings"]

    /// The folder of this program as it was started, not resolved: `argv[0]`'s folder, made
    /// absolute, or the `PATH` folder that holds it when `argv[0]` is a bare name. Nil when
    /// neither names an executable file.
    public static let invokedFolder: String? = ProgramLocation.invokedFolder(
        argument0: CommandLine.arguments.first ?? "", path: getenv("PATH").map { String(cString: $0) },
        currentDirectory: FileManager.default.currentDirectoryPath)

    /// The folder of the executable file itself, every link resolved (`/proc/self/exe`).
    public static let resolvedFolder: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }()

    /// The folder the programs are in, as crontab lines, systemd units and wake-ups name
    /// them: the folder this one was started from when all five programs are there (an
    /// install's `bin/`, even of links), else the folder of the resolved executable.
    public static let programFolder: String = {
        if let invokedFolder, programs.allSatisfy({ FileManager.default.isExecutableFile(atPath: invokedFolder + "/" + $0) }) {
            return invokedFolder
        }
        return resolvedFolder
    }()

    /// The folders searched for bundled files, in order: `$TIDINGS_SHARE`; `../share/tidings`
    /// beside the program as invoked, then beside the resolved executable; the `config/`
    /// folder of the source tree it was built in (`.build/release/../../config`); then
    /// `/usr/local/share/tidings` and `/usr/share/tidings`. Each once.
    public var sharedFolders: [String] {
        var folders: [String] = []
        if let share = shareVariable { folders.append(share) }
        for bin in [Self.invokedFolder, Self.resolvedFolder].compactMap({ $0 }) {
            folders.append(ProgramLocation.lexical(bin + "/../share/tidings"))
        }
        for bin in [Self.invokedFolder, Self.resolvedFolder].compactMap({ $0 }) {
            // Resolved by the file system: the build folders are links (.build/release).
            folders += [bin + "/../../../config", bin + "/../../config"].compactMap(ProgramLocation.real)
        }
        folders += ["/usr/local/share/tidings", "/usr/share/tidings"]
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// The path of a bundled file (`tidings.toml`, `systemd/tidings-deliver.timer`) in the
    /// first of `sharedFolders` that has it; nil when none has it.
    public func sharedFile(_ name: String) -> String? {
        for folder in sharedFolders {
            let candidate = folder + "/" + name
            if FileManager.default.fileExists(atPath: candidate) { return ProgramLocation.lexical(candidate) }
        }
        return nil
    }

    /// The bundled sample content as a `file://` URL, from `sharedFile`.
    public func sampleContent() -> String? {
        sharedFile("sample-content.json").map(SourceURL.fileURL(path:))
    }

    /// `$TIDINGS_SHARE`, absolute; nil when not set.
    private var shareVariable: String? {
        guard let share = environment["TIDINGS_SHARE"], !share.isEmpty else { return nil }
        return ProgramLocation.lexical(share.hasPrefix("/") ? share : FileManager.default.currentDirectoryPath + "/" + share)
    }

    /// Where a bundled file was looked for, for a message: `$TIDINGS_SHARE (not set), /a/share/tidings, …`.
    public var sharedFoldersText: String {
        let share = shareVariable
        let folders = sharedFolders.map { $0 == share ? "$TIDINGS_SHARE (\($0))" : $0 }
        return ((share == nil ? ["$TIDINGS_SHARE (not set)"] : []) + folders).joined(separator: ", ")
    }
}

/// Works out where a program was started from.
public enum ProgramLocation {
    /// The absolute folder of `argument0`: made absolute against `currentDirectory` when it
    /// holds a `/`, else looked for in the folders of `path` as a shell does. Nil when no
    /// executable file is found.
    public static func invokedFolder(argument0: String, path: String?, currentDirectory: String) -> String? {
        guard !argument0.isEmpty else { return nil }
        if argument0.contains("/") {
            let absolute = lexical(argument0.hasPrefix("/") ? argument0 : currentDirectory + "/" + argument0)
            guard FileManager.default.isExecutableFile(atPath: absolute) else { return nil }
            return (absolute as NSString).deletingLastPathComponent
        }
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false) {
            // An empty PATH entry is the working folder.
            let base = folder.isEmpty ? currentDirectory : folder.hasPrefix("/") ? String(folder) : currentDirectory + "/" + folder
            if FileManager.default.isExecutableFile(atPath: base + "/" + argument0) { return lexical(base) }
        }
        return nil
    }

    /// `path` with every link resolved by the file system; nil when it does not exist.
    public static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` with `.` and `..` taken away by their names alone, without following links:
    /// `/opt/x/bin/../share` is `/opt/x/share` even when `bin` is a link elsewhere.
    public static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if parts.last.map({ $0 != ".." }) == true { parts.removeLast() } else if !path.hasPrefix("/") { parts.append(part) }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
