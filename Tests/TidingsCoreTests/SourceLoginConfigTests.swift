import Testing
import TidingsCore

/// A source's login in the config: HTTP Basic with a password kept out of it, or a bearer token.
@Suite struct SourceLoginConfigTests {
    static func parse(_ keys: String, url: String = "https://cloud.example.org/calendar.ics") throws(ConfigError) -> TidingsConfig.Source? {
        try TidingsConfig.parse(
            toml: "[[sources]]\nname = \"work\"\ntype = \"calendar\"\nurl = \"\(url)\"\n\(keys)\n", file: "/etc/tidings/config.toml",
            directory: "/etc/tidings"
        ).sources.first
    }

    static func error(_ keys: String, url: String = "https://cloud.example.org/calendar.ics") -> String {
        do {
            _ = try parse(keys, url: url)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("a username with a password file or variable, or a token")
    func logins() throws {
        #expect(
            try Self.parse("username = \"ann\"\npassword_file = \"app-password\"")?.login
                == .basic(username: "ann", password: .file("/etc/tidings/app-password")))
        #expect(
            try Self.parse("username = \"ann\"\npassword_env = \"CAL_PASSWORD\"")?.login
                == .basic(username: "ann", password: .environment("CAL_PASSWORD")))
        #expect(try Self.parse("token_env = \"CAL_TOKEN\"")?.login == .bearer(.environment("CAL_TOKEN")))
        #expect(try Self.parse("", url: "http://127.0.0.1:5232/ann/work/")?.login == nil)
    }

    @Test(
        "what cannot be a login is an error naming the key",
        arguments: [
            ("username = \"ann\"", "password_file", "missing: username needs password_file or password_env"),
            ("password_file = \"pw\"", "username", "missing: a password needs the username"),
            ("username = \"ann\"\npassword_file = \"pw\"\ntoken_file = \"t\"", "token_file", "not both"),
            ("username = \"a:b\"\npassword_file = \"pw\"", "username", "cannot contain \":\""),
            ("username = \"ann\"\npassword = \"hunter2\"", "password_file", "the password is never written in the config"),
            ("username = \"ann\"\npassword_file = \"pw\"\npassword_env = \"PW\"", "password_file", "not both"),
        ])
    func refused(keys: String, key: String, problem: String) {
        let message = Self.error(keys)
        #expect(message.contains(key) && message.contains(problem), "\(message)")
    }

    @Test("a file: source does not log in")
    func fileSource() {
        let message = Self.error("token_file = \"t\"", url: "file:///srv/work.ics")
        #expect(message.contains("only an https source (or http: to this machine) logs in"), "\(message)")
    }
}
