import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// Hostile and broken input: errors, never a crash or a hang.
@Suite struct ICSValidationTests {
    private func expandError(_ text: String) -> CalendarError? {
        do {
            _ = try icsExpand(text)
            return nil
        } catch {
            return error
        }
    }

    private func validateError(_ bytes: [UInt8]) -> CalendarError? {
        do {
            _ = try ICalendar.validate(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func validateCountsEvents() throws {
        #expect(try ICalendar.validate(Array(ICSFixtures.weeklyWithExceptions.utf8)) == 3)
        #expect(try ICalendar.validate(Array(ICSFixtures.invitation.utf8)) == 1)
        #expect(try ICalendar.validate(Array(ICSFixtures.calendar(ICSFixtures.berlinZone).utf8)) == 0)
        #expect(try ICalendar.validate(Array(ICSFixtures.many(50).utf8)) == 50)
    }

    @Test(arguments: [
        ("", "line 1"),
        ("hello world\nthis is not a calendar\n", "line 1"),
        ("<html><body>Moved</body></html>", "line 1"),
        ("BEGIN:VEVENT\nDTSTART:20260410T090000Z\nEND:VEVENT\n", "line 1"),
        ("\n\nBEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART:20260410T090000Z\n", "line 4"),
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nEND:VTODO\nEND:VCALENDAR\n", "line 4"),
        ("BEGIN:VCALENDAR\nUID:x\u{0}y\nEND:VCALENDAR\n", "line 2"),
    ])
    func brokenCalendarsAreErrors(text: String, line: String) throws {
        let failure = try #require(expandError(text))
        #expect(failure.message.contains(line), "\(failure.message)")
        #expect(failure.message == failure.message.lowercased())
        #expect(failure.description == failure.message)
        #expect(validateError(Array(text.utf8)) != nil)
    }

    @Test func truncatedCalendarNamesTheOpenComponent() throws {
        let full = ICSFixtures.weeklyWithExceptions
        let cut = String(full.prefix(full.utf8.count / 2))
        let failure = try #require(expandError(cut))
        #expect(failure.message.contains("never closed"), "\(failure.message)")
    }

    @Test func binaryAndInvalidUTF8() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
        let failure = try #require(validateError(png))
        #expect(failure.message.contains("utf-8"), "\(failure.message)")
        var latin1 = Array("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Caf".utf8)
        latin1 += [0xE9] + Array("\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
        let second = try #require(validateError(latin1))
        #expect(second.message.contains("line 3"), "\(second.message)")
        #expect(validateError([0x00, 0x01, 0x02, 0x03]) != nil)
        #expect(validateError((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }) != nil)
    }

    @Test func deepNestingIsRejected() throws {
        let depth = 5000
        var lines = ["BEGIN:VCALENDAR"]
        lines += (0..<depth).map { "BEGIN:X-LEVEL\($0)" }
        lines += (0..<depth).reversed().map { "END:X-LEVEL\($0)" }
        lines.append("END:VCALENDAR")
        let failure = try #require(expandError(lines.joined(separator: "\n")))
        #expect(failure.message.contains("nested"), "\(failure.message)")
        #expect(failure.message.contains("line 11"), "\(failure.message)")
    }

    @Test func tooManyComponentsAreRejected() throws {
        var text = "BEGIN:VCALENDAR\n"
        text.reserveCapacity(3_000_000)
        for _ in 0..<100_000 { text += "BEGIN:VEVENT\nEND:VEVENT\n" }
        text += "END:VCALENDAR\n"
        let failure = try #require(expandError(text))
        #expect(failure.message.contains("100000 components"), "\(failure.message)")
    }

    @Test func tooLargeIsRejected() throws {
        let filler = String(repeating: "X-FILLER:" + String(repeating: "a", count: 1000) + "\n", count: 10_500)
        let text = "BEGIN:VCALENDAR\n" + filler + "END:VCALENDAR\n"
        let failure = try #require(expandError(text))
        #expect(failure.message.contains("too large"), "\(failure.message)")
        #expect(validateError(Array(text.utf8))?.message.contains("too large") == true)
    }

    @Test func garbageInsideAComponentIsTolerated() throws {
        // libical turns bad lines into X-LIC-ERROR properties: a line that is no property changes nothing.
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:ok", "DTSTART:20260410T090000Z", "THIS LINE HAS NO COLON", "DESCRIPTION;X=\"a:b"))
        #expect(try icsExpand(calendar).occurrences.map(\.uid) == ["ok"])
        #expect(try icsExpand(calendar).warnings == [])
        #expect(try ICalendar.validate(Array(calendar.utf8)) == 1)
    }

    @Test func aCalendarWhoseOnlyEventIsBrokenIsRefused() throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.event("UID:only", "DTSTART:20260410T090000Z", "DTEND:never"))
        let failure = try #require(expandError(calendar))
        #expect(failure.message.contains("no event can be read"), "\(failure.message)")
        #expect(failure.message.contains("\"only\": its dtend cannot be read"), "\(failure.message)")
        #expect(validateError(Array(calendar.utf8)) != nil)
    }

    @Test func aBrokenRuleLeavesTheFirstInstanceAndIsReported() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:rule", "DTSTART:20260410T090000Z", "RRULE:FREQ=BOGUS;X=Y", "EXDATE:xx"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.uid) == ["rule"])
        #expect(expansion.warnings == ["event \"rule\": its rrule, exdate cannot be read, read without"])
    }

    @Test func concurrentCallsAreSafe() async throws {
        let calendars = [
            ICSFixtures.weeklyWithExceptions, ICSFixtures.invitation,
            ICSFixtures.calendar(ICSFixtures.sundayMeeting(tzid: "America/Chicago")),
            ICSFixtures.calendar(ICSFixtures.sundayMeeting(tzid: "Asia/Kathmandu")),
        ]
        let expected = try calendars.map { try icsExpand($0).occurrences }
        try await withThrowingTaskGroup(of: (Int, [CalendarOccurrence]).self) { group in
            for round in 0..<32 {
                let index = round % calendars.count
                let text = calendars[index]
                group.addTask { (index, try icsExpand(text).occurrences) }
            }
            for try await (index, occurrences) in group {
                #expect(occurrences == expected[index])
            }
        }
    }
}
