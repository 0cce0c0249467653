import Foundation
import Testing
import TidingsTestSupport

/// The examples of the manual (README.md and docs/*.md) run against the built programs, so
/// the manual cannot drift from the code. docs/development.md describes the marks.
@Suite struct DocsExamplesTests {
    /// The source tree: this file is Tests/EndToEndTests/DocsExamplesTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path

    /// The pages of the manual, README.md first.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static func examples(of page: String) throws -> [DocExample] {
        DocExample.parse(try String(contentsOfFile: root + "/" + page, encoding: .utf8), page: page)
    }

    @Test("The manual has examples to run, on most pages")
    func manualHasExamples() throws {
        let all = try Self.pages.flatMap(Self.examples(of:))
        #expect(all.count >= 15, "only \(all.count) examples")
        for page in ["docs/configuration.md", "docs/pipeline.md", "docs/calendars.md", "docs/channels.md", "docs/monitoring.md"] {
            #expect(all.contains { $0.page == page }, "\(page) has no example")
        }
    }

    @Test("Each page's examples run as the page says", arguments: pages)
    func page(_ page: String) async throws {
        let examples = try Self.examples(of: page)
        guard !examples.isEmpty else { return }
        let sandbox = try ExampleSandbox()
        for example in examples {
            switch example.language {
            case "sh", "shell", "console": try await sandbox.runCommands(example)
            case "toml": try await sandbox.checkConfig(example)
            default:
                let path = try #require(example.file, "\(example.place): a \(example.language) example needs file=NAME")
                if example.language == "json" {
                    #expect(throws: Never.self, "\(example.place): not JSON") {
                        _ = try JSONSerialization.jsonObject(with: Data(example.text.utf8))
                    }
                }
                try sandbox.write(example.text, to: path)
            }
        }
    }

    @Test("Every key in the tables of configuration.md appears in a tested TOML example")
    func everyKeyIsExemplified() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/configuration.md", encoding: .utf8)
        let documented = DocExample.tableKeys(in: text)
        #expect(documented.count >= 80, "only \(documented.count) keys found in the tables")
        let used = try Self.pages.flatMap(Self.examples(of:)).filter { $0.language == "toml" }.flatMap { DocExample.keys(ofTOML: $0.text) }
        for key in documented {
            // `NAME` in a documented key stands for any name: channels."webhook:NAME".
            let pattern = "^" + NSRegularExpression.escapedPattern(for: key).replacingOccurrences(of: "NAME", with: "[A-Za-z0-9_.-]+") + "$"
            let regex = try NSRegularExpression(pattern: pattern)
            let found = used.contains { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
            #expect(found, "\(key) is in the tables of docs/configuration.md but in no ```toml example```")
        }
    }
}

/// One fenced block of the manual marked `example` in its info string.
struct DocExample {
    /// The page, relative to the source tree.
    var page: String
    /// The line of the opening fence.
    var line: Int
    /// The info string's first word: `sh`, `toml`, `json`, …
    var language: String
    /// The words after `example`: `defaults`, `file=NAME`.
    var attributes: [String]
    /// The block's text.
    var text: String

    /// `page:line`, for messages.
    var place: String { "\(page):\(line)" }

    /// Where the block is also written (`file=NAME`), if anywhere.
    var file: String? { attributes.first { $0.hasPrefix("file=") }.map { String($0.dropFirst("file=".count)) } }

    /// The marked blocks of a Markdown text. A fence is three or more backticks or tildes at
    /// the start of a line (after up to three spaces); it closes with a line of at least as
    /// many of the same character, so a longer fence can show a marked block without running it.
    static func parse(_ markdown: String, page: String) -> [DocExample] {
        var examples: [DocExample] = []
        var open: (fence: String, info: [String], line: Int, body: [String])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if var block = open {
                let closes = trimmed.hasPrefix(block.fence) && trimmed.allSatisfy { $0 == block.fence.first || $0 == " " }
                if closes {
                    if block.info.count > 1, block.info[1] == "example" {
                        examples.append(DocExample(
                            page: page, line: block.line, language: block.info[0], attributes: Array(block.info.dropFirst(2)),
                            text: block.body.joined(separator: "\n") + "\n"))
                    }
                    open = nil
                } else {
                    block.body.append(String(line))
                    open = block
                }
                continue
            }
            guard line.count - trimmed.count <= 3, let mark = trimmed.first, mark == "`" || mark == "~" else { continue }
            let fence = String(trimmed.prefix { $0 == mark })
            guard fence.count >= 3 else { continue }
            let info = trimmed.dropFirst(fence.count).split(separator: " ").map(String.init)
            // A backtick in the info string makes the line inline code, not a fence.
            if mark == "`", info.contains(where: { $0.contains("`") }) { continue }
            open = (fence, info, index + 1, [])
        }
        return examples
    }

    /// The config keys named in the first cell of each table row of configuration.md:
    /// `daily.time`, `sources[].url`, `channels."webhook:NAME"`.
    static func tableKeys(in markdown: String) -> [String] {
        let key = /^[a-z_]+(\[\])?\.([a-z_]+|"[A-Za-z:]+")$/
        return markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
            let cell = row.dropFirst(2).prefix { $0 != "|" }
            return cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                .filter { $0.wholeMatch(of: key) != nil }
        }
    }

    /// The keys a TOML text sets, with their tables: `daily.time`, `sources[].url`,
    /// `channels."webhook:phone"`.
    static func keys(ofTOML text: String) -> [String] {
        var table = ""
        var keys: [String] = []
        for line in text.split(separator: "\n") {
            let line = line.trimmingCharacters(in: .whitespaces)
            if let match = line.wholeMatch(of: /\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]\s*(#.*)?/) {
                table = String(match.1) + "[]"
            } else if let match = line.wholeMatch(of: /\[\s*([A-Za-z0-9_.-]+)\s*\]\s*(#.*)?/) {
                table = String(match.1)
            } else if let match = line.prefixMatch(of: /("[^"]*"|[A-Za-z0-9_-]+)\s*=/) {
                keys.append(table.isEmpty ? String(match.1) : table + "." + match.1)
            }
        }
        return keys
    }
}

/// A folder that is HOME and the working folder of one page's examples, with the built
/// programs and a few tools on PATH: no notify-send, xdg-open or crontab, so nothing pops
/// up, opens or touches a timer, and no session bus.
struct ExampleSandbox {
    let folder: TemporaryDirectory
    let home: String
    let runner: ProgramRunner

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
        runner = ProgramRunner(binaries: programs, environment: [
            "HOME": home, "PATH": programs + ":" + tools, "TZ": "Europe/Berlin", "NO_COLOR": "1",
            "TIDINGS_SHARE": DocsExamplesTests.root + "/config",
            "XDG_DATA_DIRS": folder.file("share"), "XDG_CONFIG_DIRS": folder.file("xdg"),
        ])
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
                let result = try await runner.run("plan", ["--dry-run", "--format", "json", "--config", file, "--now", "2026-11-22T06:00", "--db", folder.file("checks/none.sqlite")])
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
