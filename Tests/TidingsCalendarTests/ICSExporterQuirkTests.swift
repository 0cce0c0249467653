import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// Forms real exporters write that RFC 5545 does not allow, read as most other readers read them.
@Suite struct ICSExporterQuirkTests {
    private func starts(_ lines: String...) throws -> [EpochMillis] {
        let text = ICSFixtures.calendar(ICSFixtures.berlinZone, (["BEGIN:VEVENT", "UID:quirk"] + lines + ["END:VEVENT"]).joined(separator: "\n"))
        return try icsExpand(text).occurrences.map(\.start)
    }

    @Test("an RRULE with escaped separators is read with them unescaped, without a warning")
    func escapedRuleSeparators() throws {
        let text = ICSFixtures.calendar(
            ICSFixtures.event("UID:daily", "DTSTART:20260105T090000Z", "DURATION:PT30M", "RRULE:FREQ=DAILY\\;COUNT=10"),
            ICSFixtures.event(
                "UID:weekly", "DTSTART:20260105T100000Z", "DURATION:PT30M", "RRULE:FREQ=WEEKLY\\;BYDAY=MO\\,WE\\;COUNT=4"))
        let expansion = try icsExpand(text)
        #expect(expansion.warnings == [])
        #expect(expansion.occurrences.filter { $0.uid == "daily" }.count == 10)
        let weekly = expansion.occurrences.filter { $0.uid == "weekly" }.map(\.start)
        #expect(
            weekly == ["2026-01-05T10:00:00Z", "2026-01-07T10:00:00Z", "2026-01-12T10:00:00Z", "2026-01-14T10:00:00Z"].map(icsUTC))
        // The prefetch path reads the same.
        #expect(try ICalendar.read(Array(text.utf8)).warnings == [])
    }

    @Test("an escaped rule that still cannot be read is reported and the first instance kept")
    func escapedRuleStillBroken() throws {
        let text = ICSFixtures.calendar(
            ICSFixtures.event("UID:odd", "DTSTART:20260105T090000Z", "DURATION:PT30M", "RRULE:FREQ=SOMETIMES\\;COUNT=3"))
        let expansion = try icsExpand(text)
        #expect(expansion.occurrences.count == 1)
        #expect(expansion.warnings == ["event \"odd\": its rrule cannot be read, read without"])
    }

    @Test("a time with both a TZID and a trailing Z is read on the zone's clock")
    func zoneWinsOverZ() throws {
        // 10:00 in Berlin in January is 09:00 UTC; read as UTC it would be 10:00.
        #expect(try starts("DTSTART;TZID=Europe/Berlin:20260115T100000Z", "DURATION:PT30M") == [icsUTC("2026-01-15T09:00:00Z")])
        // The same for EXDATE: the second instance goes.
        #expect(
            try starts(
                "DTSTART;TZID=Europe/Berlin:20260115T100000", "DURATION:PT30M", "RRULE:FREQ=DAILY;COUNT=3",
                "EXDATE;TZID=Europe/Berlin:20260116T100000Z")
                == ["2026-01-15T09:00:00Z", "2026-01-17T09:00:00Z"].map(icsUTC))
        // Without a TZID, Z still means UTC.
        #expect(try starts("DTSTART:20260115T100000Z", "DURATION:PT30M") == [icsUTC("2026-01-15T10:00:00Z")])
    }
}
