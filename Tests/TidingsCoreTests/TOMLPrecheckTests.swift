import Foundation
import Testing

@testable import TidingsCore

/// Inputs that stopped TOMLKit's parser on an assertion are errors naming the line instead.
@Suite struct TOMLPrecheckTests {
    /// The documented example config.
    static let documented = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../config/tidings.toml").standardized.path

    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: "/c/config.toml", directory: "/c")
    }

    @Test(
        "A table header that starts with no name is an error naming the line",
        arguments: [
            ("[=\n", 1), ("[daily]\nenabled = true\n[= \"none\"\n", 3), ("[[ .x]]\n", 1), ("\n\n  [\t!]\n", 3), ("[\nquiet_hours]\n", 1),
            ("[ # c\n", 1),
        ])
    func refused(text: String, line: Int) {
        #expect(throws: ConfigError.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.description.contains("line \(line): a table header must start with a name"), "\(error)")
        }
    }

    @Test(
        "A brace where an array expects a value is an error naming the line",
        arguments: [
            ("a = [}\n", 1), ("[meetings]\nlead_times = [\"10m\",}\n", 2), ("a = [ # c\n}\n", 2),
        ])
    func braceInArray(text: String, line: Int) {
        #expect(TOMLPrecheck.problem(in: text)?.line == line)
        #expect(throws: ConfigError.self) { try Self.parse(text) }
    }

    @Test("Bytes that are not printable ASCII outside strings and comments are an error; inside them they are fine")
    func bytesOutsideStrings() {
        #expect(TOMLPrecheck.problem(in: "e = 3752-00-\u{e8}e\n")?.message == "unexpected byte 0xC3 outside a string or comment")
        #expect(TOMLPrecheck.problem(in: "a = 1\u{1}\n")?.line == 1)
        #expect(TOMLPrecheck.problem(in: "messages = [\"Grüße\", 'café'] # déjà vu\n") == nil)
    }

    @Test(
        "A long bare value, a space and a digit must be a date and a time",
        arguments: [
            ("since = 1979-05-27 0\n", 1, "1979-05-27 0"), ("a = 0[\"------e 0\n", 1, "0[\"------e 0"),
            ("[x]\na = 0ab------e 0\n", 2, "0ab------e 0"),
            ("a = [\n1979-05-27 07:3\n]\n", 2, "1979-05-27 07:3"), ("a = { b = 1979-05-27 07:32:00+1 }\n", 1, "1979-05-27 07:32:00+1"),
        ])
    func spacedDateTime(text: String, line: Int, value: String) {
        #expect(TOMLPrecheck.problem(in: text)?.line == line)
        #expect(TOMLPrecheck.problem(in: text)?.message == "a date and a time are written 1979-05-27 07:32:00, found \(value.debugDescription)")
        #expect(throws: ConfigError.self) { try Self.parse(text) }
    }

    @Test(
        "Dates and times with a space, and other values followed by a space, pass the check",
        arguments: [
            "a = 1979-05-27 07:32:00\n", "a = 1979-05-27 07:32:00Z\n", "a = 1979-05-27 07:32:00.999-07:00 # c\n", "a = 1979-05-27 07:32\n",
            "a = [1979-05-27 07:32:00, 1]\n", "a = 1979-05-27 # c\n", "a = 1234567890 # ten digits\n", "a = 123456789 1\n",
        ])
    func spacedDateTimeAccepted(text: String) {
        #expect(TOMLPrecheck.problem(in: text) == nil)
    }

    @Test("Valid headers, arrays of arrays and multi-line strings pass the check")
    func accepted() throws {
        #expect(TOMLPrecheck.problem(in: "[ daily ]\n[[webhooks]]\n[\"quoted\"]\n['literal']\n") == nil)
        #expect(TOMLPrecheck.problem(in: "x = [\n[1, 2],\n]\n") == nil)
        #expect(TOMLPrecheck.problem(in: "x = [\n[\n1],\n  [ { a = 1 } ],\n]\n[next]\n") == nil, "nested arrays whose [ starts a line")
        #expect(TOMLPrecheck.problem(in: "[fallback]\nmessages = [\"\"\"\n[= not a header\n\"\"\"]\n") == nil)
        #expect(TOMLPrecheck.problem(in: "a = '''\n[!]\n'''\n") == nil)
        #expect(TOMLPrecheck.problem(in: "[]\n") == nil, "an empty header is left to the parser, which reports it")
        #expect(TOMLPrecheck.problem(in: "x = [\"a,}\", '[}']  # [}\n") == nil, "strings and comments are not looked into")
        #expect(TOMLPrecheck.problem(in: try String(contentsOfFile: Self.documented, encoding: .utf8)) == nil)
    }

    @Test("Every config input that once crashed the parser is now an error (fuzz/regressions/config)")
    func regressions() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../fuzz/regressions/config").standardized
            .path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        #expect(!files.isEmpty)
        for file in files {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)), as: UTF8.self)
            #expect(throws: ConfigError.self, "\(file)") { try Self.parse(text) }
        }
    }
}
