import Testing

@testable import TidingsCore

@Suite struct CommandsConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: "/c/config.toml", directory: "/c")
    }

    static func command(_ extra: String) throws(ConfigError) -> TidingsConfig.Command? {
        try parse("[[commands]]\nname = \"speak\"\nargv = [\"espeak\", \"-v\", \"en\"]\n\(extra)").commands.first
    }

    /// The message of the error `text` gives; nil when it parses.
    static func problem(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("A command keeps its argv as given; timeout 10 s, 5 attempts and the inbox as fallback by default")
    func defaults() throws {
        let command = try #require(try Self.command(""))
        #expect(command.name == "speak")
        #expect(command.argv == ["espeak", "-v", "en"])
        #expect(command.timeout == 10_000)
        #expect(command.maxAttempts == 5)
        #expect(command.fallback == .inbox)
    }

    @Test("timeout, max_attempts and fallback are read")
    func settings() throws {
        let command = try #require(try Self.command("timeout = \"2s\"\nmax_attempts = 2\nfallback = \"none\""))
        #expect(command.timeout == 2_000)
        #expect(command.maxAttempts == 2)
        #expect(command.fallback == nil)
    }

    @Test("env lists variable names to pass on; none by default; a name that is not one is an error naming it")
    func env() throws {
        #expect(try Self.command("")?.env == [])
        #expect(try Self.command(#"env = ["MATRIX_TOKEN", "_x1"]"#)?.env == ["MATRIX_TOKEN", "_x1"])
        for bad in ["", "1ABC", "A B", "A=B", "PÄSS"] {
            let problem = Self.problem("[[commands]]\nname = \"speak\"\nargv = [\"espeak\"]\nenv = [\"OK\", \"\(bad)\"]")
            #expect(problem?.contains("commands[0].env[1]") == true && problem?.contains("is not a variable name") == true, "\(problem ?? "")")
        }
        #expect(
            Self.problem("[[commands]]\nname = \"speak\"\nargv = [\"espeak\"]\nenv = \"TOKEN\"")?.contains("expected an array of strings") == true)
    }

    @Test("Routes and [channels] name commands as command:NAME; an unknown one is an error")
    func routes() throws {
        let config = try Self.parse(
            """
            [[commands]]
            name = "speak"
            argv = ["espeak"]
            [routes]
            system = ["inbox", "command:speak"]
            [channels]
            "command:speak" = false
            """)
        #expect(config.routes[.system] == [.inbox, .command("speak")])
        #expect(config.channels(for: .system) == [.inbox])
        #expect(ChannelName("command:speak" as String)?.description == "command:speak")
        #expect(ChannelName("command:" as String) == nil)
        let unknown = Self.problem("[routes]\nsystem = [\"command:nope\"]")
        #expect(
            unknown?.contains("routes.system[0]") == true && unknown?.contains("no [[commands]] entry is named \"nope\"") == true, "\(unknown ?? "")")
        let off = try Self.parse(
            "[[commands]]\nname = \"speak\"\nargv = [\"espeak\"]\n[routes]\nsystem = [\"command:speak\"]\n[channels]\ncommand = false")
        #expect(off.channels(for: .system) == [])
    }

    @Test(
        "Bad values are errors naming the key",
        arguments: [
            ("", "commands[0].argv: missing"),
            ("argv = []", "commands[0].argv: empty"),
            ("argv = \"espeak hello\"", "commands[0].argv: expected an array of strings"),
            ("argv = [\"espeak\", 3]", "commands[0].argv[1]: expected a string"),
            ("argv = [\"\"]", "commands[0].argv[0]: empty"),
            ("argv = [\"espeak\"]\ntimeout = \"50ms\"", "commands[0].timeout: must be between 100ms and 10m"),
            ("argv = [\"espeak\"]\ntimeout = \"soon\"", "commands[0].timeout: expected a duration"),
            ("argv = [\"espeak\"]\nmax_attempts = 0", "commands[0].max_attempts: must be between 1 and 20"),
            ("argv = [\"espeak\"]\nfallback = \"command:other\"", "commands[0].fallback: expected inbox, desktop, stdout or none"),
            ("argv = [\"espeak\"]\nargs = [\"-v\"]", "unknown key \"args\" in [[commands]]; did you mean \"argv\"?"),
            ("argv = [\"espeak\"]\ntimeot = \"2s\"", "did you mean \"timeout\"?"),
        ])
    func refused(extra: String, expected: String) {
        let message = Self.problem("[[commands]]\nname = \"speak\"\n\(extra)")
        #expect(message?.contains(expected) == true, "\(message ?? "parsed")")
    }

    @Test("Two commands may not share a name")
    func repeatedName() {
        let message = Self.problem("[[commands]]\nname = \"a\"\nargv = [\"x\"]\n[[commands]]\nname = \"a\"\nargv = [\"y\"]")
        #expect(message?.contains("commands[1].name: \"a\" is used by another command") == true, "\(message ?? "parsed")")
    }
}
