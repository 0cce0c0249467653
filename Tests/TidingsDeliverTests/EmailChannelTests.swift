import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// The e-mail channel against a real SMTP server (aiosmtpd) on 127.0.0.1.
@Suite struct EmailChannelTests {
    static let password = "correct-horse-battery"

    static func target(_ url: String, starttls: Bool = false, login: Bool = false, to: [String] = ["ann@example.org"]) -> TidingsConfig.Email {
        var target = TidingsConfig.Email(name: "me", url: url, from: "tidings@example.org", to: to)
        target.starttls = starttls
        target.timeout = 10_000
        if login {
            target.username = "ann"
            target.password = .environment("SMTP_PASSWORD")
        }
        return target
    }

    static func channel(_ target: TidingsConfig.Email, password: String = password) -> EmailChannel {
        EmailChannel(target: target, environment: ["SMTP_PASSWORD": password], zone: Zone(identifier: "Europe/Berlin")!)
    }

    static func send(_ channel: EmailChannel, _ item: NotificationRecord = WebhookFixture.item(deepLink: WebhookFixture.link)) async throws
        -> ChannelResult
    {
        let results = await channel.send([item].messages, now: WebhookFixture.now)
        try #require(results.count == 1)
        return results[0]
    }

    @Test("A plain send to loopback arrives whole: envelope, headers and body")
    func plain() async throws {
        let server = try SMTPTestServer()
        let result = try await Self.send(Self.channel(Self.target(server.url, to: ["ann@example.org", "bob@example.org"])))
        #expect(result.outcome == .delivered)
        let messages = server.messages()
        try #require(messages.count == 1)
        let message = messages[0]
        #expect(message.mailFrom == "tidings@example.org")
        #expect(message.recipients == ["ann@example.org", "bob@example.org"])
        #expect(message.header("Subject") == "Morning news")
        #expect(message.header("To") == "ann@example.org, bob@example.org")
        #expect(message.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(message.body.contains("Today's headline.\r\n\r\nhttps://example.com/today\r\n"))
        #expect(!message.tls)
        let id = try #require(message.header("Message-ID"))
        #expect(result.platformInfo?.contains(id) == true)
    }

    @Test("With STARTTLS required, the message goes under TLS, trusting the server through ca_file")
    func starttls() async throws {
        let server = try SMTPTestServer(starttls: true)
        var target = Self.target(server.url, starttls: true)
        target.caFile = server.certificate
        #expect(try await Self.send(Self.channel(target)).outcome == .delivered)
        #expect(server.messages().first?.tls == true)
    }

    @Test("STARTTLS required by a server that does not offer it is a failure, and nothing is sent")
    func noStarttls() async throws {
        let server = try SMTPTestServer()
        let result = try await Self.send(Self.channel(Self.target(server.url, starttls: true)))
        #expect(result.outcome == .failed("127.0.0.1 does not offer STARTTLS, which is required"))
        #expect(server.messages().isEmpty)
    }

    @Test("A login works with AUTH LOGIN and with AUTH PLAIN", arguments: ["LOGIN", "PLAIN"])
    func login(mechanism: String) async throws {
        let server = try SMTPTestServer(starttls: true, login: ("ann", Self.password), mechanisms: [mechanism])
        var target = Self.target(server.url, starttls: true, login: true)
        target.caFile = server.certificate
        #expect(try await Self.send(Self.channel(target)).outcome == .delivered)
        #expect(server.messages().first?.mechanism == mechanism)
    }

    @Test("A refused login fails with the reply's codes and their meaning, not its text, which quotes the password")
    func refusedLogin() async throws {
        let server = try SMTPTestServer(login: ("ann", "another-password-here"))
        let result = try await Self.send(Self.channel(Self.target(server.url, login: true)))
        #expect(result.outcome == .failed("SMTP 535 from 127.0.0.1: authentication refused (5.7.8)"))
        #expect(server.messages().isEmpty)
    }

    @Test(
        "A server that echoes the AUTH exchange's base64 in its 535, or in a 550 after the login: only codes are kept",
        arguments: [
            (HostileSMTPServer.Mode.refusingLogin(mechanism: "PLAIN"), "SMTP 535 from 127.0.0.1: authentication refused (5.7.8)"),
            (.refusingLogin(mechanism: "LOGIN"), "SMTP 535 from 127.0.0.1: authentication refused (5.7.8)"),
            (.refusingAfterLogin, "SMTP 550 from 127.0.0.1: delivery not authorized (5.7.1)"),
        ])
    func hostileServer(mode: HostileSMTPServer.Mode, expected: String) async throws {
        let server = try HostileSMTPServer(mode)
        defer { server.stop() }
        let result = try await Self.send(Self.channel(Self.target(server.url, login: true)))
        #expect(result.outcome == .failed(expected))
    }

    @Test("Reply codes without a known enhanced code are named by the reply code; unknown ones by their class")
    func replyPhrases() {
        #expect(SMTPReplyReason.phrase(code: 535, enhanced: nil) == "authentication refused")
        #expect(SMTPReplyReason.phrase(code: 554, enhanced: "5.7.1") == "delivery not authorized (5.7.1)")
        #expect(SMTPReplyReason.phrase(code: 550, enhanced: "5.9.9") == "mailbox unavailable (5.9.9)")
        #expect(SMTPReplyReason.phrase(code: 599, enhanced: nil) == "refused")
        #expect(SMTPReplyReason.phrase(code: 499, enhanced: nil) == "temporary failure")
    }

    @Test("A refused recipient is a failure with the server's reason")
    func refusedRecipient() async throws {
        let server = try SMTPTestServer(refused: ["nobody@example.org"])
        let result = try await Self.send(Self.channel(Self.target(server.url, to: ["nobody@example.org"])))
        #expect(result.outcome == .failed("SMTP 550 from 127.0.0.1: 5.1.1 <nobody@example.org>: Recipient address rejected: no such user"))
        #expect(server.messages().isEmpty)
    }

    @Test("An update in place answers the first message, so mail clients thread it")
    func threading() async throws {
        let server = try SMTPTestServer()
        let channel = Self.channel(Self.target(server.url))
        #expect(try await Self.send(channel).outcome == .delivered)
        var update = WebhookFixture.item(title: "Morning news, updated")
        update.revision = 1
        #expect(try await Self.send(channel, update).outcome == .delivered)
        let messages = server.messages()
        try #require(messages.count == 2)
        let first = try #require(messages[0].header("Message-ID"))
        #expect(messages[1].header("Message-ID") != first)
        #expect(messages[1].header("In-Reply-To") == first)
        #expect(messages[1].header("References") == first)
    }

    @Test("No server listening is a failure for now, to be tried again")
    func noServer() async throws {
        let server = try SMTPTestServer()
        let url = server.url
        server.stop()
        let result = try await Self.send(Self.channel(Self.target(url)))
        guard case .transient(let reason, _) = result.outcome else {
            Issue.record("expected transient, got \(result.outcome)")
            return
        }
        #expect(reason.contains("127.0.0.1"))
    }

    @Test("A missing password makes the channel unavailable, naming the variable")
    func missingPassword() async throws {
        let channel = EmailChannel(target: Self.target("smtp://127.0.0.1:1", login: true), environment: [:], zone: .current)
        guard case .unavailable(let reason, _) = await channel.state() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("SMTP_PASSWORD"))
    }
}
