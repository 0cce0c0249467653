import Foundation
import Synchronization
import Testing
import TidingsTestSupport

/// The Apprise recipe of docs/channels.md, word for word, with the real `apprise` from PyPI
/// (Apprise 2.3.0 in a venv that scripts/apprise-python makes) posting to a JSON receiver on
/// loopback: the item's title and body arrive, a hostile title stays text, and a refusal is a
/// failed attempt with Apprise's reason.
@Suite struct AppriseEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path

    /// The recipe's `argv = …` line, as the manual has it.
    static func recipe() throws -> String {
        let page = try String(contentsOfFile: root + "/docs/channels.md", encoding: .utf8)
        return try #require(
            page.split(separator: "\n").first { $0.hasPrefix("argv = [\"sh\", \"-c\", '''item=$(cat);") && $0.contains("apprise") }
                .map(String.init), "docs/channels.md has no Apprise recipe")
    }

    @Test("the documented recipe hands title and body to the real apprise; a hostile title is text; a refusal is the reason")
    func recipeDelivers() async throws {
        let installer = ProgramRunner(binaries: Self.root + "/scripts", environment: [:])
        let installed = try await installer.run("apprise-python")
        let apprise = installed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(installed.status == 0 && FileManager.default.isExecutableFile(atPath: apprise), "\(installed.stderr)")

        let received = Mutex<[(title: String, message: String)]>([])
        let refusing = Mutex(false)
        let server = try HTTPTestServer { request in
            if refusing.withLock({ $0 }) { return TestHTTPResponse(status: 503, body: Array("busy".utf8)) }
            if let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] {
                let message = (title: object["title"] as? String ?? "", message: object["message"] as? String ?? "")
                received.withLock { $0.append(message) }
            }
            return TestHTTPResponse(status: 200)
        }
        defer { server.stop() }

        let pipeline = try Pipeline(
            config: """
                [daily]
                enabled = false
                [[commands]]
                name = "apprise"
                \(try Self.recipe())
                timeout = "30s"
                max_attempts = 2
                """)
        let home = pipeline.folder.file("home")
        try FileManager.default.createDirectory(atPath: home + "/.config/apprise", withIntermediateDirectories: true)
        try "json://127.0.0.1:\(server.port)/hook\n".write(toFile: home + "/.config/apprise/tidings.conf", atomically: true, encoding: .utf8)
        let environment = [
            "HOME": home, "PATH": URL(fileURLWithPath: apprise).deletingLastPathComponent().path + ":/usr/bin:/bin",
        ]
        func run(_ arguments: String...) async throws -> ProgramResult {
            try await pipeline.runner.run(arguments[0], Array(arguments.dropFirst()), extra: environment)
        }

        let hostile = "Pay $(touch \(pipeline.folder.file("pwned"))) `id` now"
        let added = try await run(
            "tidings", "add", hostile, "--body", "Invoice #42 is due; \"quoted\" & <b>", "--at", "2026-11-23T10:00",
            "--channel", "command:apprise", "--now", "2026-11-23T09:00")
        #expect(added.status == 0, "\(added.stderr)")
        let sent = try await run("deliver", "--now", "2026-11-23T10:00")
        #expect(sent.status == 0, "\(sent.stderr)")
        let messages = received.withLock { $0 }
        #expect(messages.count == 1)
        #expect(messages.first?.title == hostile)
        #expect(messages.first?.message.hasPrefix("Invoice #42 is due; \"quoted\" & <b>") == true, "\(messages)")
        #expect(!FileManager.default.fileExists(atPath: pipeline.folder.file("pwned")), "the title reached a shell")

        refusing.withLock { $0 = true }
        _ = try await run("tidings", "add", "Second", "--at", "2026-11-23T11:00", "--channel", "command:apprise", "--now", "2026-11-23T10:30")
        _ = try await run("deliver", "--now", "2026-11-23T11:00")
        let tested = try await run("tidings", "test", "--now", "2026-11-23T11:01")
        let line = (tested.stdout + tested.stderr).split(separator: "\n").first { $0.contains("command:apprise") }.map(String.init) ?? ""
        #expect(
            line.contains("✗ command:apprise: exit status 1: ") && line.contains("Failed to send JSON") && line.contains("error=503"),
            "\(tested.stdout)\(tested.stderr)")
        let pending = try await run("tidings", "pending", "--all", "--now", "2026-11-23T11:01")
        #expect(pending.stdout.contains("Second"), "the refused item waits for its retry: \(pending.stdout)\(pending.stderr)")
    }
}
