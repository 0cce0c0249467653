import Testing

@testable import TidingsCore

/// The line a config error is on: the parser's own for text that is not TOML, else the line
/// that writes the key, else the nearest part of its path.
@Suite struct ConfigErrorLineTests {
    /// The error `text` is refused with, located in it.
    static func located(_ text: String) throws -> ConfigError {
        try ConfigErrorTests.refusal(text).located(in: text)
    }

    @Test(
        "a key's error names the line that writes it, or the nearest table of its path",
        arguments: [
            ("# settings\n\n[daily]\ntme = \"07:30\"\n", 4),
            ("[daily]\ntime = \"7.30\"\n", 2),
            ("[dialy]\ntime = \"07:30\"\n", 1),
            ("colour = \"blue\"\n", 1),
            ("[daily]\nenabled = true\n\n[meetings]\nlead = \"5m\"\n", 5),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/1\"\n[[sources]]\nname = \"a\"\nurl = \"https://e.org/2\"\n", 5),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\n\n[[sources]]\nname = \"b\"\n", 5),
            ("[fallback]\nmessages = [\n  \"ok\",\n  \" \",\n]\n", 2),
            ("[daily]\nnote = \"\"\"\n[meetings]\nx = 1\n\"\"\"\n", 2),
            ("daily.tme = \"07:30\"\n", 1),
            ("[\"daily\"]\n\"tme\" = \"07:30\"\n", 2),
        ])
    func keyLine(text: String, line: Int) throws {
        let error = try Self.located(text)
        #expect(error.line == line, "\(error)")
        #expect(error.description.hasPrefix("\(ConfigErrorTests.file): line \(line): \(error.key): "), "\(error)")
    }

    @Test(
        "text that is not TOML keeps the parser's line, in the message as before",
        arguments: [
            ("[daily]\nenabled = true\n[daily]\ntime = \"08:00\"\n", 3),
            ("a = 1\nb = 2\nc = = 3\n", 3),
        ])
    func parseLine(text: String, line: Int) throws {
        let error = try Self.located(text)
        #expect(error.line == line)
        #expect(error.description.hasPrefix("\(ConfigErrorTests.file): line \(line): "), "\(error)")
        #expect(!error.problem.hasPrefix("line "), "\(error.problem)")
    }

    @Test("the problem without file and line, for a person")
    func problem() {
        #expect(ConfigError(file: "/f", key: "daily.tme", message: "unknown key").problem == "daily.tme: unknown key")
        #expect(ConfigError(file: "/f", key: "", message: "line 3: cannot redefine").problem == "cannot redefine")
        #expect(ConfigError(file: "/f", key: "", message: "no such file").problem == "no such file")
        #expect(ConfigError(file: "/f", key: "", message: "line x: odd").line == nil)
    }
}
