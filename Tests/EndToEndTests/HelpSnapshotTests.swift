import Foundation
import Testing
import TidingsTestSupport

/// Every program's and subcommand's `--help`, compared exactly with its snapshot in
/// Snapshots/help (as swift-argument-parser's own tests compare theirs), and every long
/// option it names found in the manual (docs/*.md). `TIDINGS_UPDATE_SNAPSHOTS=1` writes the
/// snapshots anew from the built programs; review the diff before committing it.
@Suite struct HelpSnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/help").path
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    static let updating = ProcessInfo.processInfo.environment["TIDINGS_UPDATE_SNAPSHOTS"] == "1"
    static let programs = ["prefetch", "plan", "deliver", "report", "tidings"]

    /// A command and its `--help` text.
    struct Help {
        var command: [String]
        var text: String
        /// The snapshot's file name: `tidings-inbox-read.txt`.
        var file: String { command.joined(separator: "-") + ".txt" }
    }

    /// The help of every program and, under each, of every subcommand its help lists, at a
    /// fixed width of 80 columns.
    static func everyHelp() async throws -> [Help] {
        let runner = ProgramRunner(environment: ["COLUMNS": "80", "TZ": "UTC"])
        var found: [Help] = []
        var queue = programs.map { [$0] }
        while !queue.isEmpty {
            let command = queue.removeFirst()
            let result = try await runner.run(command[0], Array(command.dropFirst()) + ["--help"])
            #expect(result.status == 0, "\(command.joined(separator: " ")) --help exited \(result.status): \(result.stderr)")
            found.append(Help(command: command, text: result.stdout))
            queue += subcommands(in: result.stdout).map { command + [$0] }
        }
        return found
    }

    /// The names under `SUBCOMMANDS:` (`list (default)` is `list`).
    static func subcommands(in help: String) -> [String] {
        var names: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "SUBCOMMANDS:" {
                inside = true
                continue
            }
            guard inside else { continue }
            if !line.isEmpty, !line.hasPrefix(" ") {
                inside = false
                continue
            }
            // A name starts two spaces in; a wrapped description starts further.
            guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first.isLetter else { continue }
            let name = line.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if name != "help", !line.contains("See '") { names.append(String(name)) }
        }
        return names
    }

    @Test("every --help is its snapshot, and every snapshot a command's")
    func snapshots() async throws {
        let helps = try await Self.everyHelp()
        #expect(helps.count > Self.programs.count, "no subcommand found under tidings")
        for help in helps {
            let path = Self.folder + "/" + help.file
            if Self.updating {
                try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
                try help.text.write(toFile: path, atomically: true, encoding: .utf8)
                continue
            }
            let snapshot = try? String(contentsOfFile: path, encoding: .utf8)
            #expect(
                snapshot == help.text,
                """
                \(help.command.joined(separator: " ")) --help differs from Tests/EndToEndTests/Snapshots/help/\(help.file) \
                (missing: \(snapshot == nil)). If the change is meant, regenerate the snapshots with \
                TIDINGS_UPDATE_SNAPSHOTS=1 swift test --skip-build --disable-xctest --filter HelpSnapshotTests \
                and review the diff. It said:
                \(help.text)
                """)
        }
        let files = Set((try? FileManager.default.contentsOfDirectory(atPath: Self.folder)) ?? [])
        let stale = files.subtracting(helps.map(\.file))
        if Self.updating {
            for file in stale { try FileManager.default.removeItem(atPath: Self.folder + "/" + file) }
        } else {
            #expect(stale.isEmpty, "snapshots of no command: \(stale.sorted()); delete them or regenerate with TIDINGS_UPDATE_SNAPSHOTS=1")
        }
    }

    @Test("every long option of every --help is named in the manual")
    func optionsInManual() async throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/docs").filter { $0.hasSuffix(".md") }
        let manual = try docs.map { try String(contentsOfFile: Self.root + "/docs/" + $0, encoding: .utf8) }.joined(separator: "\n")
        for help in try await Self.everyHelp() {
            for option in Self.longOptions(in: help.text) where !["--help", "--version"].contains(option) {
                #expect(
                    Self.names(manual, option),
                    "\(help.command.joined(separator: " ")) has \(option), which no page of docs/ names")
            }
        }
    }

    /// The long options in the OPTIONS section (and its option groups) of `help`.
    static func longOptions(in help: String) -> Set<String> {
        var options: Set<String> = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            // The names end where the two spaces before the description start.
            let names = line.dropFirst(2)
            var rest = names.range(of: "  ").map { names[..<$0.lowerBound] } ?? names
            while let range = rest.range(of: "--") {
                let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                if !name.isEmpty { options.insert("--" + name) }
                rest = rest[range.upperBound...]
            }
        }
        return options
    }

    /// Whether `text` names `option` as a whole word (`--all`, not only `--all-day`).
    static func names(_ text: String, _ option: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.range(of: option) {
            let next = rest[range.upperBound...].first
            if next.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}
