import Testing

@testable import TidingsHTTP

@Suite struct MailPolicyTests {
    @Test(
        "smtps and smtp with STARTTLS go anywhere; plain smtp only to loopback; other schemes never",
        arguments: [
            ("smtps://mail.example.org:465", true, true),
            ("smtp://mail.example.org:587", true, true),
            ("smtp://mail.example.org:25", false, false),
            ("smtp://127.0.0.1:2525", false, true),
            ("smtp://localhost:25", false, true),
            ("smtp://[::1]:25", false, true),
            ("https://mail.example.org", true, false),
            ("smtp:mail.example.org", true, false),
        ])
    func policy(url: String, requireTLS: Bool, allowed: Bool) {
        #expect((MailClient.refusal(for: url, requireTLS: requireTLS) == nil) == allowed, "\(url)")
    }

    @Test("A refused URL is refused before anything is sent, saying why")
    func refusedBeforeSending() throws {
        let client = try MailClient()
        let request = MailRequest(
            url: "smtp://mail.example.org:25", from: "a@example.org", recipients: ["b@example.org"], message: [], requireTLS: false)
        do {
            try client.send(request)
            Issue.record("sent to a plain smtp url of another machine")
        } catch {
            #expect(error.kind == .refusedURL)
            #expect(error.message.contains("plain smtp without STARTTLS is allowed only to a loopback host"), "\(error.message)")
        }
    }
}
