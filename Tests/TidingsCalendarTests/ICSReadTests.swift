import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// Calendars as people have them: read what can be read.
@Suite struct ICSReadTests {
    /// `text` as bytes, each `|` replaced by a fold (CRLF and a space) placed inside the next character.
    private func foldingInsideCharacters(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var foldNext = false
        for character in text {
            if character == "|" {
                foldNext = true
                continue
            }
            let utf8 = Array(String(character).utf8)
            if foldNext && utf8.count > 1 {
                bytes += utf8[..<1] + Array("\r\n ".utf8) + utf8[1...]
            } else {
                bytes += utf8
            }
            foldNext = false
        }
        return bytes
    }

    @Test func aFoldInsideAUTF8CharacterIsJoined() throws {
        // Given: a SUMMARY whose é, 日, 本 and emoji are each split by a fold, and an ASCII event.
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:multi", "DTSTART:20260410T090000Z", "SUMMARY:Caf|é au |日|本 |🎉 done"),
            ICSFixtures.event("UID:ascii", "DTSTART:20260410T100000Z", "SUMMARY:Plain"))
        let bytes = foldingInsideCharacters(calendar)
        #expect(String(validating: bytes, as: UTF8.self) == nil)

        // When: prefetch reads it and plan expands what it keeps.
        let read = try ICalendar.read(bytes)
        let expansion = try icsExpand(read.text)

        // Then: both events, the characters whole.
        #expect(read.events == 2)
        #expect(try ICalendar.validate(bytes) == 2)
        #expect(expansion.occurrences.map(\.uid) == ["multi", "ascii"])
        #expect(expansion.occurrences.map(\.summary) == ["Café au 日本 🎉 done", "Plain"])
    }

    @Test func aFoldWithLFAndTabIsJoinedToo() throws {
        var bytes = Array("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART:20260410T090000Z\nSUMMARY:Gr".utf8)
        bytes += [0xC3, 0x0A, 0x09, 0xBC] + Array("n\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
        let read = try ICalendar.read(bytes)
        #expect(try icsExpand(read.text).occurrences.map(\.summary) == ["Grün"])
    }

    @Test func bytesThatAreNotUTF8AfterJoiningAreStillRefused() throws {
        // A lone continuation byte that no fold explains.
        var bytes = Array("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x".utf8)
        bytes += [0xA9] + Array("\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
        #expect(throws: CalendarError.self) { try ICalendar.read(bytes) }
    }
}
