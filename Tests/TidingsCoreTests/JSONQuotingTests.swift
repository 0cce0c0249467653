import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

@Suite struct JSONQuotingTests {
    @Test(
        "A string literal escapes what JSON and JavaScript need escaped, and nothing else",
        arguments: [
            ("plain", #""plain""#),
            ("say \"hi\"", #""say \"hi\"""#),
            (#"C:\dir"#, #""C:\\dir""#),
            ("a\nb\r\tc", #""a\nb\r\tc""#),
            ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
            ("— “quotes” é 日本 🎉", "\"— “quotes” é 日本 🎉\""),
            ("\u{7F}", "\"\u{7F}\""),
            ("", #""""#),
        ])
    func escapes(text: String, literal: String) {
        #expect(JSONLine.quoted(text) == literal)
    }

    @Test("Any text reads back as itself through a JSON parser")
    func roundTrip() throws {
        let alphabet = Array("ab\"\\\n\r\t\u{0}\u{8}\u{1B}é—\u{2028}\u{2029}\u{2027}🎉 ")
        var random = SplitMix64(state: 11)
        for _ in 0..<2_000 {
            let length = random.next(in: 0...11)
            let text = String((0..<length).map { _ in random.pick(alphabet) })
            let literal = JSONLine.quoted(text)
            let parsed = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(parsed == [text], "\(literal)")
            #expect(!literal.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
        }
    }
}
