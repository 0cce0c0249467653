import Testing

@testable import TidingsCore

@Suite struct TextSanitizerTests {
    @Test(
        "control characters become spaces, white space folds, ends are trimmed",
        arguments: [
            ("Hello", "Hello"),
            ("  Hello  ", "Hello"),
            ("a\tb", "a b"),
            ("a\n\n\tb", "a b"),
            ("a\r\nb", "a b"),
            ("a\u{0007}b", "a b"),
            ("a\u{0000}b", "a b"),
            ("x\u{007F}y", "x y"),
            ("a \u{0085} b", "a b"),
            ("a \u{00A0}  b", "a b"),
            ("\n\t \u{0001}", ""),
            ("", ""),
            ("Line one\nLine two\n", "Line one Line two"),
        ])
    func foldsWhiteSpace(input: String, expected: String) {
        #expect(TextSanitizer.clean(input) == expected)
    }

    @Test(
        "bidi embeddings, overrides, isolates, marks and BOM are removed without a space",
        arguments: [
            ("\u{202E}evil\u{202C}", "evil"),
            ("a\u{202E}b", "ab"),
            ("a\u{202A}b\u{202B}c\u{202D}d", "abcd"),
            ("a\u{2066}b\u{2067}c\u{2068}d\u{2069}", "abcd"),
            ("\u{200E}x\u{200F}", "x"),
            ("\u{FEFF}x", "x"),
            ("a \u{202E} b", "a b"),
        ])
    func removesBidi(input: String, expected: String) {
        let cleaned = TextSanitizer.clean(input)
        #expect(cleaned == expected)
        #expect(!cleaned.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    }

    @Test("ordinary non-ASCII text is kept as it is")
    func keepsText() {
        #expect(TextSanitizer.clean("Grüße aus Köln 🙂") == "Grüße aus Köln 🙂")
        #expect(TextSanitizer.clean("日本語  テキスト") == "日本語 テキスト")
        #expect(TextSanitizer.clean("é") == "é")
    }

    @Test("cleaning is idempotent")
    func idempotent() {
        for text in ["  a\t\tb \u{202E}c\u{0007} ", "\u{FEFF} x \n y ", "plain"] {
            let once = TextSanitizer.clean(text)
            #expect(TextSanitizer.clean(once) == once)
        }
    }
}
