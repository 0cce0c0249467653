import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// An RDATE given as a PERIOD has its own end (RFC 5545 §3.8.5.2), not the series' length.
@Suite struct ICSRDatePeriodTests {
    @Test("a PERIOD's end or duration gives its instance's end; a plain RDATE keeps the series' length")
    func periodsHaveTheirOwnEnd() throws {
        let text = ICSFixtures.calendar(
            ICSFixtures.berlinZone,
            ICSFixtures.event(
                "UID:workshop", "DTSTART;TZID=Europe/Berlin:20260302T090000", "DURATION:PT1H", "SUMMARY:Workshop",
                "RDATE;VALUE=PERIOD;TZID=Europe/Berlin:20260310T140000/20260310T163000",
                "RDATE;VALUE=PERIOD:20260311T100000Z/PT3H,20260312T100000Z/20260312T101500Z",
                "RDATE;TZID=Europe/Berlin:20260313T090000"))
        let spans = try icsExpand(text).occurrences.map { [$0.start, $0.end] }
        #expect(
            spans
                == [
                    ["2026-03-02T08:00:00Z", "2026-03-02T09:00:00Z"],
                    ["2026-03-10T13:00:00Z", "2026-03-10T15:30:00Z"],
                    ["2026-03-11T10:00:00Z", "2026-03-11T13:00:00Z"],
                    ["2026-03-12T10:00:00Z", "2026-03-12T10:15:00Z"],
                    ["2026-03-13T08:00:00Z", "2026-03-13T09:00:00Z"],
                ].map { $0.map(icsUTC) })
    }
}
