import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsCalendar

/// The calendar-wide limits: counted steps decide, the time limit is only a safety net.
@Suite struct ICSLimitTests {
    /// `count` daily events at 09:00 UTC from 2026-01-01, half through libical's iterator
    /// (a BYHOUR part), half by arithmetic.
    static func daily(_ count: Int) -> String {
        ICSFixtures.calendar(
            (0..<count).map { index in
                ICSFixtures.event(
                    "UID:daily-\(index)", "DTSTART:20260101T090000Z", "DURATION:PT30M",
                    index % 2 == 0 ? "RRULE:FREQ=DAILY" : "RRULE:FREQ=DAILY;BYHOUR=9")
            }.joined(separator: "\n"))
    }

    static func expand(_ text: String, maxSteps: Int, budget: Duration = .seconds(60)) throws -> CalendarExpansion {
        try ICalendar.expand(
            text, from: icsUTC("2026-01-01T00:00:00Z"), until: icsUTC("2026-03-01T00:00:00Z"), floatingZone: .utc,
            maxOccurrencesPerEvent: 1000, workBudget: budget, maxSteps: maxSteps)
    }

    @Test func theStepLimitCutsTheSameWayEveryTime() throws {
        // 200 rules of 59 instances: about 11,800 steps against a limit of 5,000.
        let text = Self.daily(200)
        let first = try Self.expand(text, maxSteps: 5000)
        let second = try Self.expand(text, maxSteps: 5000)
        #expect(first.occurrences == second.occurrences)
        #expect(first.truncated == second.truncated)
        #expect(first.limitCut == "its limit of 5000 recurrence steps per calendar")
        // Rules are expanded in file order: the first ones whole, the rest from the cut on not at all.
        #expect(first.truncated.first.map { Int($0.dropFirst("daily-".count)) ?? 0 }.map { $0 > 50 && $0 < 100 } == true)
        #expect(first.occurrences.filter { $0.uid == "daily-0" }.count == 59)
        #expect(first.occurrences.filter { $0.uid == "daily-199" }.count == 1, "only DTSTART")
    }

    @Test func withinTheLimitsNothingIsCut() throws {
        let expansion = try Self.expand(Self.daily(50), maxSteps: ICalendar.maxStepsPerCalendar)
        #expect(expansion.limitCut == nil)
        #expect(expansion.truncated.isEmpty)
        #expect(expansion.occurrences.count == 50 * 59)
    }

    @Test func theTimeLimitSaysItCut() throws {
        let expansion = try Self.expand(Self.daily(4), maxSteps: ICalendar.maxStepsPerCalendar, budget: .zero)
        #expect(expansion.limitCut?.hasPrefix("its time limit of 0 s, a safety net") == true)
        // Every rule is cut to its DTSTART.
        #expect(expansion.truncated == ["daily-0", "daily-1", "daily-2", "daily-3"])
        #expect(expansion.occurrences.count == 4)
    }
}
