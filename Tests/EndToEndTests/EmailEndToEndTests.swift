import Foundation
import Testing
import TidingsTestSupport

/// deliver, tidings test and tidings doctor with an e-mail target on a real SMTP server
/// (aiosmtpd on 127.0.0.1): STARTTLS, a login, a refused recipient.
@Suite struct EmailEndToEndTests {
    static let password = "smtp-password-for-tests"

    func pipeline(_ server: SMTPTestServer, to: String = "ann@example.org", extra: String = "") throws -> Pipeline {
        var pipeline = try Pipeline(
            config: """
                [routes]
                system = ["email:me"]
                [channels]
                desktop = false
                [[email]]
                name = "me"
                url = "\(server.url)"
                from = "tidings@example.org"
                to = ["\(to)"]
                username = "ann"
                password_env = "SMTP_PASSWORD"
                timeout = "10s"
                \(server.certificate.map { "ca_file = \"\($0)\"" } ?? "starttls = false")
                \(extra)
                """)
        pipeline.runner.environment["SMTP_PASSWORD"] = Self.password
        return pipeline
    }

    @Test("The daily update goes out by e-mail over STARTTLS with a login; doctor and test cover the target; the password shows nowhere")
    func delivered() async throws {
        let server = try SMTPTestServer(starttls: true, login: ("ann", Self.password))
        defer { server.stop() }
        let pipeline = try pipeline(server)
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let deliver = try await pipeline.run("deliver", "--now", "2026-11-22T07:30")
        #expect(deliver.status == 0, "\(deliver.stderr)")
        var messages = server.messages()
        try #require(messages.count == 1)
        #expect(messages[0].tls)
        #expect(messages[0].recipients == ["ann@example.org"])
        #expect(messages[0].header("Date") == "Sun, 22 Nov 2026 07:30:00 +0100")

        let test = try await pipeline.run("tidings", "test", "--now", "2026-11-22T08:00")
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stderr.contains("✓ email:me: delivered"), "\(test.stderr)")
        messages = server.messages()
        #expect(messages.count == 2)
        #expect(messages.last?.header("Subject") == "Tidings test notification")

        let doctor = try await pipeline.run("tidings", "doctor", "--format", "json")
        let findings = try JSONObject.array(doctor.stdout)
        #expect(findings.contains { $0.string("check") == "channel email:me" }, "\(doctor.stdout)")
        let text = try await pipeline.run("tidings", "doctor")
        for output in [deliver, test, doctor, text] {
            #expect(!output.stdout.contains(Self.password) && !output.stderr.contains(Self.password))
        }
        let stored = try pipeline.storedBytes()
        #expect(!stored.isEmpty)
        for (name, bytes) in stored { #expect(bytes.range(of: Data(Self.password.utf8)) == nil, "\(name) holds the password") }
    }

    @Test("A refused recipient after a login fails with the reply's codes and falls back to the inbox")
    func refusedRecipient() async throws {
        let server = try SMTPTestServer(login: ("ann", Self.password), refused: ["nobody@example.org"])
        defer { server.stop() }
        let pipeline = try pipeline(server, to: "nobody@example.org")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let result = try await pipeline.run("deliver", "--now", "2026-11-22T07:30")
        #expect(result.status == 0, "delivered on the fallback: \(result.stderr)")
        let report = try await pipeline.succeed(
            "report", "--by", "channel", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00")
        // After a login, a reply's text is not kept (it may echo the login): its codes are.
        #expect(report.contains("SMTP 550 from 127.0.0.1: bad destination mailbox address (5.1.1)"), "\(report)")
        #expect(server.messages().isEmpty)
        let inbox = try await pipeline.succeed("tidings", "inbox", "--format", "json", "--now", "2026-11-22T08:00")
        #expect(inbox.contains("daily:2026-11-22"), "\(inbox)")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T09:30")
        #expect(server.messages().isEmpty, "never retried")
    }
}
