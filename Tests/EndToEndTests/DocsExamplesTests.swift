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
        var sandbox = try ExampleSandbox()
        if examples.contains(where: { $0.attributes.contains("postgresql") }) { try sandbox.usePostgreSQL() }
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
