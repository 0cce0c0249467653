import Foundation
import Testing
import TidingsPostgres
import TidingsTestSupport

/// A folder that is HOME and the working folder of one page's examples, with the built
/// programs and a few tools on PATH: no notify-send, xdg-open or crontab, so nothing pops
/// up, opens or touches a timer, and no session bus.
struct ExampleSandbox {
    let folder: TemporaryDirectory
    let home: String
    private(set) var runner: ProgramRunner

    /// The tools a command of the manual may use besides the programs.
    static let tools = ["sh", "grep", "head", "tail", "cat", "echo", "ls", "wc", "sed", "env", "test", "true"]

    init() throws {
        folder = try TemporaryDirectory()
        home = folder.file("home")
        let tools = folder.file("tools")
        for path in [home, tools, folder.file("checks")] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        for tool in Self.tools {
            guard let found = ["/usr/bin/", "/bin/"].map({ $0 + tool }).first(where: FileManager.default.isExecutableFile(atPath:)) else { continue }
            try FileManager.default.createSymbolicLink(atPath: tools + "/" + tool, withDestinationPath: found)
        }
        let programs = ProgramRunner(environment: [:]).binaries
        runner = ProgramRunner(
            binaries: programs,
            environment: [
                "HOME": home, "PATH": programs + ":" + tools, "TZ": "Europe/Berlin", "NO_COLOR": "1",
                "TIDINGS_SHARE": DocsExamplesTests.root + "/config",
                "XDG_DATA_DIRS": folder.file("share"), "XDG_CONFIG_DIRS": folder.file("xdg"),
            ])
    }

    /// Gives the examples a PostgreSQL server, for a page whose examples are marked
    /// `postgresql`: a database `tidings` (byte-order collation, owned by the role `tidings`)
    /// on the test cluster, which libpq finds through `PGHOST`, `PGPORT` and `PGUSER`, the
    /// password in `~/.pgpass`; so `postgresql:///tidings` names it, as it would a server
    /// set up the same way.
    mutating func usePostgreSQL() throws {
        let cluster = try PostgresTestCluster.shared()
        let admin = try PostgresConnection(cluster.adminConninfo())
        defer { admin.close() }
        try admin.execute("DROP DATABASE IF EXISTS tidings")
        try admin.execute("CREATE DATABASE tidings OWNER \(cluster.role) TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'")
        try write("127.0.0.1:\(cluster.port):*:\(cluster.role):\(cluster.password)\n", to: "~/.pgpass")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home + "/.pgpass")
        runner.environment.merge(["PGHOST": "127.0.0.1", "PGPORT": "\(cluster.port)", "PGUSER": cluster.role]) { $1 }
    }

    /// Writes `text` to `name`: relative to HOME, `~/` too.
    func write(_ text: String, to name: String) throws {
        let path = home + "/" + (name.hasPrefix("~/") ? String(name.dropFirst(2)) : name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Runs one command line with `sh -c` in HOME. (The prefix form of `ProgramRunner.run`
    /// passes the program's path after the script, as `$0`, which the script ignores.)
    func shell(_ command: String) async throws -> ProgramResult {
        try await runner.run("tidings", [], prefix: ["sh", "-c", "cd \"$HOME\" || exit 97\n" + command])
    }

    /// A config example must load: `tidings doctor` finds it valid. With `defaults`, it must
    /// plan what an empty config plans, both with one content source added. With `file=NAME`,
    /// it is written there for later commands.
    func checkConfig(_ example: DocExample) async throws {
        let config = try folder.write(example.text, to: "checks/example-\(example.line).toml")
        let result = try await runner.run("tidings", ["doctor", "--config", config, "--db", folder.file("checks/none.sqlite"), "--format", "json"])
        #expect(result.status != 64, "\(example.place): the config does not load: \(result.stderr)")
        if result.status != 64 {
            let checks = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            let line = checks.first { $0["check"] as? String == "config" }
            #expect(line?["ok"] as? Bool == true, "\(example.place): doctor says \(line ?? [:])")
        }
        if example.attributes.contains("defaults") {
            // Each with one content source: without one the daily update is off unless asked for.
            let source = "\n[[sources]]\nname = \"feed\"\nurl = \"file:feed.json\"\n"
            let empty = try folder.write(source, to: "checks/empty.toml")
            let config = try folder.write(example.text + source, to: "checks/example-\(example.line)-with-source.toml")
            func plan(_ file: String) async throws -> String {
                let result = try await runner.run(
                    "plan",
                    ["--dry-run", "--format", "json", "--config", file, "--now", "2026-11-22T06:00", "--db", folder.file("checks/none.sqlite")])
                #expect(result.status == 0, "\(example.place): plan --config \(file): \(result.stderr)")
                return result.stdout
            }
            let withDefaults = try await plan(config)
            #expect(try await plan(empty) == withDefaults, "\(example.place): the defaults written out plan otherwise than an empty config")
            #expect(withDefaults.contains("daily:2026-11-22"))
        }
        if let name = example.file { try write(example.text, to: name) }
    }

    /// Runs a block of commands in order. In a transcript (`$ ` before each command) the lines
    /// after a command must be among its output lines, in order, `…` standing for any text.
    func runCommands(_ example: DocExample) async throws {
        for step in Self.steps(of: example) {
            let result = try await shell(step.command)
            let said = "\(example.place): `\(step.command)` exited \(result.status)\nstdout:\n\(result.stdout)\nstderr:\n\(result.stderr)"
            #expect(result.status == step.status, "\(said)")
            var output = (result.stdout + result.stderr).split(separator: "\n").map(String.init)[...]
            for expected in step.output {
                guard let index = output.firstIndex(where: { Self.line($0, matches: expected) }) else {
                    Issue.record("\(said)\nexpected a line: \(expected)")
                    break
                }
                output = output[(index + 1)...]
            }
        }
    }

    /// One command of a block, the status it must exit with and the lines it must print.
    struct Step {
        var command: String
        var status: Int32
        var output: [String]
    }

    static func steps(of example: DocExample) -> [Step] {
        var lines: [String] = []
        for line in example.text.split(separator: "\n") {
            if let last = lines.last, last.hasSuffix("\\") {
                lines[lines.count - 1] = String(last.dropLast()) + "\n" + line
            } else {
                lines.append(String(line))
            }
        }
        let transcript = lines.contains { $0.hasPrefix("$ ") }
        var steps: [Step] = []
        for line in lines {
            if transcript && !line.hasPrefix("$ ") {
                if !steps.isEmpty { steps[steps.count - 1].output.append(line) }
                continue
            }
            let command = transcript ? String(line.dropFirst(2)) : line
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty, !command.hasPrefix("#") else { continue }
            let status = command.firstMatch(of: /\s#\s*exits?\s+(\d+)/).flatMap { Int32($0.1) } ?? 0
            steps.append(Step(command: command, status: status, output: []))
        }
        return steps
    }

    /// Whether `actual` is `expected`, each `…` in it standing for any text.
    static func line(_ actual: String, matches expected: String) -> Bool {
        let parts = expected.components(separatedBy: "…")
        guard parts.count > 1 else { return actual == expected }
        guard let first = parts.first, let last = parts.last, actual.hasPrefix(first) else { return false }
        var rest = actual.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(last)
    }
}
