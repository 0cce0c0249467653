import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// The event's own alarms (VALARM): which count, and how their triggers become lead times.
@Suite struct ICSAlarmTests {
    /// A VALARM with these lines.
    static func alarm(_ lines: String...) -> String {
        (["BEGIN:VALARM"] + lines + ["END:VALARM"]).joined(separator: "\n")
    }

    /// The alarms of a 10:00–11:00 (Berlin) meeting on 2026-04-10 with `alarms`.
    static func leads(_ alarms: String...) throws -> [Int64] {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.berlinZone,
            (["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Berlin:20260410T100000", "DTEND;TZID=Europe/Berlin:20260410T110000"]
                + alarms + ["END:VEVENT"]).joined(separator: "\n"))
        return try #require(try icsExpand(calendar).occurrences.first).alarms
    }

    static let minute: Int64 = 60_000

    @Test(
        "A trigger relative to the start, the end, or a moment, as a lead time before the start",
        arguments: [
            ("TRIGGER:-PT15M", 15 * minute),
            ("TRIGGER;RELATED=START:-PT15M", 15 * minute),
            ("TRIGGER:-P1D", 1440 * minute),
            ("TRIGGER:-PT1H30M", 90 * minute),
            ("TRIGGER:PT5M", -5 * minute),
            ("TRIGGER:PT0S", 0),
            // An hour long: 20 minutes before the end is 40 minutes after the start.
            ("TRIGGER;RELATED=END:-PT20M", -40 * minute),
            ("TRIGGER;RELATED=END:-PT90M", 30 * minute),
            // 10:00 Berlin is 08:00Z in April.
            ("TRIGGER;VALUE=DATE-TIME:20260410T073000Z", 30 * minute),
        ] as [(String, Int64)])
    func trigger(line: String, lead: Int64) throws {
        #expect(try Self.leads(Self.alarm("ACTION:DISPLAY", "DESCRIPTION:Reminder", line)) == [lead])
    }

    @Test func onlyDisplayAndAudioCount() throws {
        let leads = try Self.leads(
            Self.alarm("ACTION:AUDIO", "TRIGGER:-PT5M"),
            Self.alarm("ACTION:EMAIL", "TRIGGER:-PT1H", "SUMMARY:x", "DESCRIPTION:x", "ATTENDEE:mailto:a@example.org"),
            Self.alarm("ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT30M"),
            Self.alarm("ACTION:DISPLAY", "DESCRIPTION:Again", "TRIGGER:-PT30M"),
            // No trigger, no action.
            Self.alarm("ACTION:DISPLAY", "DESCRIPTION:Reminder"),
            Self.alarm("TRIGGER:-PT2M"))
        #expect(leads == [5 * Self.minute, 30 * Self.minute])
    }

    @Test func noAlarmsNoLeads() throws {
        #expect(try Self.leads().isEmpty)
    }

    @Test func atMostSixteenAlarmsAreRead() throws {
        let alarms = (1...40).map { Self.alarm("ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT\($0)M") }
        let calendar = ICSFixtures.calendar(
            (["BEGIN:VEVENT", "UID:many", "DTSTART:20260410T080000Z"] + alarms + ["END:VEVENT"]).joined(separator: "\n"))
        #expect(try #require(try icsExpand(calendar).occurrences.first).alarms == (1...16).map { Int64($0) * Self.minute })
    }

    @Test func instancesAndOverridesShareTheSeriesAlarmsUnlessTheyHaveTheirOwn() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:weekly", "DTSTART:20260406T080000Z", "DTEND:20260406T090000Z", "RRULE:FREQ=WEEKLY;COUNT=3",
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM"),
            // Moved an hour later, no alarm of its own.
            ICSFixtures.event("UID:weekly", "RECURRENCE-ID:20260413T080000Z", "DTSTART:20260413T090000Z"),
            ICSFixtures.event(
                "UID:weekly", "RECURRENCE-ID:20260420T080000Z", "DTSTART:20260420T080000Z",
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;VALUE=DATE-TIME:20260420T070000Z", "END:VALARM"))
        let occurrences = try icsExpand(calendar).occurrences
        #expect(occurrences.map(\.alarms) == [[15 * Self.minute], [15 * Self.minute], [60 * Self.minute]])
    }
}
