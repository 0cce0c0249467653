import Testing

@testable import TidingsCore

@Suite struct EmailConfigTests {
    static let base = "[[email]]\nname = \"me\"\nurl = \"smtps://mail.example.org:465\"\nfrom = \"tidings@example.org\"\nto = [\"ann@example.org\"]\n"

    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: "/c/config.toml", directory: "/c")
    }

    /// The error `text` gives, as shown.
    static func error(_ text: String) -> String {
        do {
            _ = try parse(text)
            return ""
        } catch {
            return error.description
        }
    }

    @Test("A target reads its url, addresses, login, CA file and limits, with defaults for the rest")
    func values() throws {
        let config = try Self.parse(
            Self.base
                + "username = \"ann\"\npassword_file = \"smtp.pass\"\nca_file = \"ca.pem\"\ntimeout = \"20s\"\nmax_attempts = 3\nfallback = \"none\"\n"
        )
        let email = try #require(config.emails.first)
        #expect(email.name == "me")
        #expect(email.url == "smtps://mail.example.org:465")
        #expect(email.to == ["ann@example.org"])
        #expect(email.username == "ann")
        #expect(email.password == .file("/c/smtp.pass"))
        #expect(email.caFile == "/c/ca.pem")
        #expect(email.timeout == 20_000)
        #expect(email.maxAttempts == 3)
        #expect(email.fallback == nil)
        #expect(email.starttls)
        #expect(email.fromDomain == "example.org")
        let plain = try #require(try Self.parse(Self.base).emails.first)
        #expect(plain.timeout == 30_000 && plain.maxAttempts == 5 && plain.fallback == .inbox && plain.username == nil)
    }

    @Test("Routes and [channels] name email:NAME; an unknown target is an error")
    func routes() throws {
        let config = try Self.parse(Self.base + "[routes]\nsocial = [\"inbox\", \"email:me\"]\n[channels]\n\"email:me\" = false\n")
        #expect(config.routes[.social] == [.inbox, .email("me")])
        #expect(config.disabledChannels.contains("email:me"))
        #expect(config.channels(for: .social) == [.inbox])
        #expect(ChannelName("email:me" as String) == .email("me"))
        #expect(ChannelName.email("me").description == "email:me")
        #expect(Self.error(Self.base + "[routes]\nsocial = [\"email:other\"]\n").contains("no [[email]] entry is named \"other\""))
        let off = try Self.parse(Self.base + "[routes]\nsocial = [\"email:me\"]\n[channels]\nemail = false\n")
        #expect(off.channels(for: .social).isEmpty)
    }

    @Test("Plain smtp is allowed to loopback only, or with STARTTLS")
    func plainSMTP() throws {
        let local = Self.base.replacingOccurrences(of: "smtps://mail.example.org:465", with: "smtp://127.0.0.1:2525") + "starttls = false\n"
        #expect(try Self.parse(local).emails.first?.starttls == false)
        let remote = Self.base.replacingOccurrences(of: "smtps://mail.example.org:465", with: "smtp://mail.example.org:587")
        #expect(try Self.parse(remote).emails.first?.starttls == true)
        #expect(Self.error(remote + "starttls = false\n").contains("plain smtp without STARTTLS is only allowed to this machine"))
    }

    @Test(
        "Bad values and unknown keys are errors naming the key",
        arguments: [
            ("url = \"https://mail.example.org\"", "email[0].url"),
            ("url = \"smtps://user:pw@mail.example.org\"", "email[0].url"),
            ("url = \"smtps://mail.example.org/inbox\"", "email[0].url"),
            ("from = \"Tidings <tidings@example.org>\"", "email[0].from"),
            ("to = []", "email[0].to"),
            ("to = [\"ann@example.org\\r\\nBcc: eve@example.org\"]", "email[0].to[0]"),
            ("username = \"ann\"", "email[0].username"),
            ("password_env = \"SMTP_PASSWORD\"", "email[0].username"),
            ("timeout = \"10m\"", "email[0].timeout"),
            ("fallback = \"email:me\"", "email[0].fallback"),
            ("startls = true", "did you mean \"starttls\""),
        ])
    func refused(line: String, key: String) {
        // A later key replaces the base's own: the base is rebuilt without the key the line sets.
        let name = line.split(separator: " ").first.map(String.init) ?? ""
        let lines = Self.base.split(separator: "\n").filter { !$0.hasPrefix(name + " ") }
        let text = lines.joined(separator: "\n") + "\n" + line + "\n"
        let message = Self.error(text)
        #expect(message.contains(key), "\(message)")
    }
}
