import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

@testable import TidingsPlan

/// The meeting counts an insight reads (two look-ups in running totals) against the weekly
/// summary's statistics (a walk through each week's events), which must agree.
@Suite struct WeekCountsTests {
    typealias F = MeetingFixture

    @Test("The counts of the two past weeks agree with the weekly statistics at every hour of ten days")
    func countsAgree() throws {
        var random = SplitMix64(state: 26)
        var events: [String] = []
        for n in 0..<60 {
            let day = 2 + Int(random.next() % 26)
            let hour = 7 + Int(random.next() % 10)
            let minutes = [15, 30, 45, 60, 90][Int(random.next() % 5)]
            let end = hour * 60 + minutes
            var lines = [
                "UID:event-\(n)@test", "DTSTAMP:20261101T000000Z", "SUMMARY:Meeting \(n)",
                "DTSTART;TZID=Europe/Berlin:202611\(String(format: "%02d", day))T\(String(format: "%02d", hour))0000",
                "DTEND;TZID=Europe/Berlin:202611\(String(format: "%02d", day))T\(String(format: "%02d%02d", end / 60, end % 60))00",
            ]
            if n % 3 == 0 { lines.append("RRULE:FREQ=\(n % 2 == 0 ? "DAILY" : "WEEKLY");COUNT=\(3 + n % 7)") }
            events.append(lines.joined(separator: "\n"))
        }
        let calendars = try F.expanded(F.calendar(events))
        let counted = CountedEvents(calendars: calendars, attendance: Attendance(config: F.config()))
        #expect(counted.events.count > 100)
        var weeksWithMeetings = 0
        for hour in 0..<(10 * 24) {
            let due = F.now + Int64(hour) * 3_600_000
            let full = WeekStatistics(events: counted, at: due, zone: F.berlin).facts
            let counts = WeekStatistics.counts(events: counted, at: due)
            #expect(counts.past.meetings == full.past.meetings && counts.past.millis == full.past.millis, "past week at hour \(hour)")
            #expect(counts.before.meetings == full.before.meetings && counts.before.millis == full.before.millis, "week before at hour \(hour)")
            if full.past.meetings > 0 && full.before.meetings > 0 { weeksWithMeetings += 1 }
        }
        #expect(weeksWithMeetings > 100, "the comparison saw meetings in both weeks")
    }
}
