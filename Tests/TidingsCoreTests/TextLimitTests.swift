import Testing

@testable import TidingsCore

@Suite struct TextLimitTests {
    static let acute = "\u{0301}"
    static let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    static let kiss = "👩🏻\u{200D}❤️\u{200D}💋\u{200D}👩🏼"
    static let england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"

    @Test("a letter with 60,000 combining marks keeps four of them")
    func combiningFlood() {
        let flood = "e" + String(repeating: Self.acute, count: 60_000) + "clair"
        let clean = TextSanitizer.clean(flood)
        #expect(clean == "e" + String(repeating: Self.acute, count: 4) + "clair")
        #expect(clean.utf8.count == 14)
        #expect(TextSanitizer.clean(clean) == clean)
    }

    @Test("every letter of a Zalgo word keeps its first four marks")
    func zalgo() {
        let marks = "\u{0336}\u{0337}\u{0338}\u{0340}\u{0341}\u{0342}\u{0343}"
        let word = "Zalgo".map { String($0) + marks }.joined()
        let kept = "Zalgo".map { String($0) + "\u{0336}\u{0337}\u{0338}\u{0340}" }.joined()
        #expect(TextSanitizer.clean(word) == kept)
    }

    @Test(
        "marks, emoji sequences and jamo as people write them are kept whole",
        arguments: [
            "Vie\u{0323}\u{0302}t", "กิ่ง", "क्षत्रिय", "שָׁלוֹם", family, kiss, england, "1️⃣", "한국어",
            "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}",
        ])
    func keepsRealText(text: String) {
        #expect(TextSanitizer.clean(text) == text)
    }

    @Test("a run of conjoining jamo, one character of any length, keeps sixteen scalars")
    func jamoFlood() {
        let flood = String(repeating: "\u{1100}", count: 60_000) + "\u{1161} tail"
        let clean = TextSanitizer.clean(flood)
        #expect(clean == String(repeating: "\u{1100}", count: 16) + " tail")
        #expect(clean.first?.unicodeScalars.count == 16)
    }

    @Test("a chain of 30,000 joined emoji keeps sixteen scalars and no trailing joiner")
    func joinerFlood() {
        let flood = "👨" + String(repeating: "\u{200D}👨", count: 30_000) + " ok"
        let clean = TextSanitizer.clean(flood)
        #expect(clean.utf8.count < 80)
        #expect(clean.hasSuffix(" ok"))
        #expect(clean.first?.unicodeScalars.last?.value != 0x200D)
        #expect(TextSanitizer.clean(clean) == clean)
    }

    @Test("the byte bound holds where four-byte characters stay within the character count")
    func byteBound() {
        let fits = String(repeating: "😀", count: 80)
        #expect(TextLimit.title.excess(of: fits) == nil)
        let thumbs = String(repeating: "👍🏽", count: 80)
        #expect(thumbs.count == 80)
        #expect(TextLimit.title.excess(of: thumbs) == "longer than 512 bytes (640)")
        let cut = TextLimit.title.cut(thumbs)
        #expect(cut.utf8.count <= 512)
        #expect(cut == String(repeating: "👍🏽", count: 63) + "…")
        #expect(TextLimit.body.excess(of: String(repeating: "𝔸", count: 280)) == nil)
        #expect(TextLimit.body.excess(of: String(repeating: Self.family, count: 100)) == "longer than 2048 bytes (2500)")
    }

    @Test("a cut keeps joined emoji whole and ends in an ellipsis")
    func cutKeepsSequences() {
        let cut = TextLimit.title.cut(String(repeating: Self.family, count: 90))
        #expect(cut.utf8.count <= 512)
        #expect(cut.hasSuffix("…"))
        #expect(cut.dropLast().allSatisfy { String($0) == Self.family })
        #expect(cut.count == 21)
    }

    @Test("the character count still comes first")
    func characters() {
        let long = String(repeating: "a", count: 81)
        #expect(TextLimit.title.excess(of: long) == "longer than 80 characters (81)")
        #expect(TextLimit.title.cut(long) == String(repeating: "a", count: 79) + "…")
        #expect(TextLimit.title.cut("short") == "short")
    }

    @Test("user text is refused over the byte bound, and a flood of marks is cut, not refused")
    func userText() throws {
        #expect(throws: UserText.Problem(field: "title", message: "longer than 512 bytes (560)")) {
            try UserText.title(String(repeating: "👍🏽", count: 70))
        }
        let title = try UserText.title("T" + String(repeating: Self.acute, count: 60_000) + "ea")
        #expect(title.utf8.count == 11)
    }

    @Test("a feed item over the byte bound is refused, naming the field")
    func feed() {
        let title = String(repeating: "👍🏽", count: 70)
        let json = #"{"id": "a", "title": "\#(title)", "body": "", "scheduledTime": 0}"#
        #expect(throws: ContentError(path: "title", message: "longer than 512 bytes (560)")) {
            try ContentPayload.decode(Array(json.utf8), fetchTime: 0)
        }
    }

    @Test("a remote schedule's texts: a flood of marks is cut, a title over the byte bound refused, naming the entry")
    func remoteSchedule() throws {
        func schedule(_ title: String) -> [UInt8] {
            Array(#"{"config": {"version": "1", "fixedTime": "07:00"}, "schedules": [{"id": "a", "dayOffset": 0, "title": "\#(title)"}]}"#.utf8)
        }
        let flooded = try RemoteSchedule.decode(schedule("S" + String(repeating: Self.acute, count: 60_000) + "tretch"))
        #expect(flooded.entries.first?.title == "S" + String(repeating: Self.acute, count: 4) + "tretch")
        #expect(throws: ContentError(path: "schedules[0].title", message: "longer than 512 bytes (560)")) {
            try RemoteSchedule.decode(schedule(String(repeating: "👍🏽", count: 70)))
        }
    }
}
