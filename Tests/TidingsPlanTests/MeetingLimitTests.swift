import Testing
import TidingsCalendar
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// A large calendar gives the same plan every time: its limits count work, not time.
@Suite struct MeetingLimitTests {
    typealias F = MeetingFixture

    /// `count` Zoom meetings: weekly, daily and monthly series and single events on Monday.
    static func large(_ count: Int) -> String {
        F.calendar(
            (0..<count).map { index in
                let hour = 8 + index % 10
                let start = "\(hour < 10 ? "0" : "")\(hour)\(index % 4 * 15 == 0 ? "00" : "\(index % 4 * 15)")00"
                let rule = ["RRULE:FREQ=WEEKLY", "RRULE:FREQ=DAILY;INTERVAL=2", "RRULE:FREQ=MONTHLY;BYDAY=4MO", ""][index % 4]
                return F.meeting("large-\(index)", start: start, end: start, summary: "Meeting \(index)", rule)
            })
    }

    @Test("A large calendar planned twice gives the same reminders and the same problems")
    func plannedTwice() throws {
        let text = Self.large(4000)
        let config = F.config { $0.onlyWithVideoLinks = true }
        let first = try F.reminders(text, config: config)
        let second = try F.reminders(text, config: config)
        #expect(first.count > 1000)
        #expect(first.map(\.id) == second.map(\.id))
        #expect(first.map(\.dueAt) == second.map(\.dueAt))
        #expect(first.map(\.body) == second.map(\.body))
    }
}
