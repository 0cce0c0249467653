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

/// One flaw no longer refuses the whole calendar.
@Suite struct ICSPartialReadTests {
    private let good = ICSFixtures.event("UID:good", "DTSTART:20260410T090000Z", "SUMMARY:Good")
    private let other = ICSFixtures.event("UID:other", "DTSTART:20260411T090000Z", "SUMMARY:Other")

    @Test(arguments: [
        "X-CACHE: served by edge-3 in 12 ms",
        "<!-- cached 2026-04-01 -->\nmore junk",
        "END:VCALENDAR",
        "BEGIN:VEVENT\nUID:outside\nDTSTART:20260412T090000Z\nEND:VEVENT",
    ])
    func textAfterTheEndIsIgnoredWithAWarning(trailer: String) throws {
        let text = ICSFixtures.calendar(good, other) + trailer.replacingOccurrences("\n", "\r\n") + "\r\n"
        let expansion = try icsExpand(text)
        #expect(expansion.occurrences.map(\.uid) == ["good", "other"])
        let lines = ICSFixtures.calendar(good, other).split(separator: "\r\n").count
        #expect(expansion.warnings == ["line \(lines + 1): text after end:vcalendar ignored"])
        let read = try ICalendar.read(Array(text.utf8))
        #expect(read.events == 2)
        #expect(read.warnings == expansion.warnings)
    }

    @Test func aSecondCalendarAfterTheFirstStillCounts() throws {
        let text = ICSFixtures.calendar(good) + "junk\r\n" + ICSFixtures.calendar(other)
        let expansion = try icsExpand(text)
        #expect(expansion.occurrences.map(\.uid) == ["good", "other"])
        #expect(expansion.warnings.count == 1)
    }

    @Test func aMisspelledEndSkipsThatEventOnly() throws {
        // Given: the middle event of three ends with END:VEVNT.
        let broken = "BEGIN:VEVENT\nUID:broken-1\nDTSTART:20260410T100000Z\nSUMMARY:Broken\nEND:VEVNT"
        let text = ICSFixtures.calendar(good, broken, other)

        // When
        let expansion = try icsExpand(text)

        // Then: the other two are read, the broken one is named by its UID.
        #expect(expansion.occurrences.map(\.uid) == ["good", "other"])
        #expect(expansion.warnings.count == 1)
        let warning = try #require(expansion.warnings.first)
        #expect(warning.contains("event \"broken-1\" (line 9)"), "\(warning)")
        #expect(warning.contains("end:vevnt"), "\(warning)")
        #expect(warning.hasSuffix("skipped"), "\(warning)")
        #expect(try ICalendar.read(Array(text.utf8)).events == 2)
    }

    @Test func aMissingEndSkipsThatEventNamedBySummary() throws {
        let text = ICSFixtures.calendar(good, "BEGIN:VEVENT\nDTSTART:20260410T100000Z\nSUMMARY:No end")
        let expansion = try icsExpand(text)
        #expect(expansion.occurrences.map(\.uid) == ["good"])
        #expect(expansion.warnings.count == 1)
        #expect(expansion.warnings.first?.contains("event \"No end\"") == true, "\(expansion.warnings)")
        #expect(expansion.warnings.first?.contains("never closed before end:vcalendar") == true)
    }

    @Test func aMisspelledEndOfAnAlarmKeepsTheEvent() throws {
        let withAlarm = ICSFixtures.event(
            "UID:alarmed", "DTSTART:20260410T100000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALRAM")
        let expansion = try icsExpand(ICSFixtures.calendar(good, withAlarm))
        #expect(expansion.occurrences.map(\.uid) == ["good", "alarmed"])
        #expect(expansion.warnings.first?.contains("valarm of event \"alarmed\"") == true, "\(expansion.warnings)")
    }

    @Test func anEventWithABrokenTimeIsSkippedByName() throws {
        let broken = ICSFixtures.event("SUMMARY:Broken start", "DTSTART:2026041T09")
        let expansion = try icsExpand(ICSFixtures.calendar(good, broken, other))
        #expect(expansion.occurrences.map(\.uid) == ["good", "other"])
        #expect(expansion.warnings == ["event \"Broken start\": its dtstart cannot be read, skipped"])
    }

    @Test func manyProblemsAreCounted() throws {
        let broken = (0..<30).map { ICSFixtures.event("UID:b\($0)", "DTSTART:bad") }
        let expansion = try icsExpand(ICSFixtures.calendar(([good] + broken).joined(separator: "\n")))
        #expect(expansion.occurrences.map(\.uid) == ["good"])
        #expect(expansion.warnings.count == 21)
        #expect(expansion.warnings.last == "10 more problems")
    }

    @Test func aCalendarThatIsOnlyBrokenIsRefused() throws {
        let text = ICSFixtures.calendar("BEGIN:VEVENT\nUID:x\nDTSTART:20260410T100000Z\nEND:VEVNT")
        #expect(throws: CalendarError.self) { try icsExpand(text) }
        #expect(throws: CalendarError.self) { try ICalendar.read(Array(text.utf8)) }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// Events without a UID keep apart, and keep their ids.
@Suite struct ICSMissingUIDTests {
    private let calendar = ICSFixtures.calendar(
        ICSFixtures.event("DTSTART:20260410T090000Z", "SUMMARY:Standup"),
        ICSFixtures.event("DTSTART:20260410T090000Z", "SUMMARY:Standup"),
        ICSFixtures.event("DTSTART:20260410T090000Z", "SUMMARY:Review"),
        ICSFixtures.event("UID:", "DTSTART;TZID=Europe/Berlin:20260410T090000", "SUMMARY:Standup"),
        ICSFixtures.event("UID:kept", "DTSTART:20260410T090000Z", "SUMMARY:Standup"))

    @Test func eachGetsItsOwnStableUID() throws {
        // When: the same calendar is read twice.
        let first = try icsExpand(calendar).occurrences
        let second = try icsExpand(calendar).occurrences

        // Then: five events, five ids, the same both times.
        #expect(first.count == 5)
        #expect(Set(first.map(\.uid)).count == 5)
        #expect(first.map(\.uid) == second.map(\.uid))
        #expect(first.filter { $0.uid.hasPrefix("no-uid-") }.count == 4)
        #expect(first.contains { $0.uid == "kept" })
    }

    @Test func theIdDependsOnContentNotOnOtherEvents() throws {
        // An event added in front of them changes none of their ids.
        let alone = try icsExpand(
            ICSFixtures.calendar(ICSFixtures.event("DTSTART:20260410T090000Z", "SUMMARY:Review"))
        ).occurrences.map(\.uid)
        let withOthers = try icsExpand(calendar).occurrences.filter { $0.summary == "Review" }.map(\.uid)
        #expect(alone == withOthers)
        #expect(
            alone.first
                == (ICSEventIdentityProbe.uid(start: "20260410T090000Z", summary: "Review")))
    }
}

/// The derived UID as the documentation describes it, computed independently.
enum ICSEventIdentityProbe {
    static func uid(start: String, summary: String) -> String {
        let key = ["", start, "", "", summary].joined(separator: "\u{0}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "no-uid-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
