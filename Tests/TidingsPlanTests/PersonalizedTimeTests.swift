import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// `features.personalization`: the daily time moves toward the hour of most engagement.
@Suite struct PersonalizedTimeTests {
    static let zone = PlanFixture.berlin
    /// Sunday 2026-11-22 05:00 Berlin: plan runs before the update.
    static let now = TestClock.at("2026-11-22T05:00", in: zone)
    static let configured = WallTime(hour: 7, minute: 30) ?? .midnight

    /// One engagement at `time` (local) on each of the `days` days before today.
    static func daily(_ time: String, days: Int, endingDaysAgo first: Int = 1) -> [EpochMillis] {
        (first..<(first + days)).map { ago in
            TestClock.at("2026-11-22T\(time)", in: zone) - Int64(ago) * PlanFixture.day
        }
    }

    static func time(_ engagements: [EpochMillis], configured: WallTime = configured) -> String {
        PersonalizedTime.time(configured: configured, engagements: engagements, now: now, zone: zone).description
    }

    @Test("under 14 days of engagement the time stays, however clear the habit")
    func tooFewDays() {
        #expect(Self.time(Self.daily("09:10", days: 13)) == "07:30")
        // Many taps on 13 days are still 13 days.
        #expect(Self.time(Self.daily("09:10", days: 13) + Self.daily("09:20", days: 13)) == "07:30")
        #expect(Self.time([]) == "07:30")
    }

    @Test("a clear peak at 09:10 moves 07:30 to the start of that hour, 09:00")
    func shiftsTowardPeak() {
        #expect(Self.time(Self.daily("09:10", days: 14)) == "09:00")
        // A few taps elsewhere do not outweigh the habit.
        #expect(Self.time(Self.daily("09:10", days: 20) + Self.daily("18:05", days: 5)) == "09:00")
    }

    @Test(
        "a peak five hours away moves the time by two hours only, either way",
        arguments: [
            ("12:40", "09:30"), ("02:15", "05:30"),
        ])
    func clamped(peak: String, expected: String) {
        #expect(Self.time(Self.daily(peak, days: 20)) == expected)
    }

    @Test("engagement older than 30 days does not count")
    func window() {
        let old = Self.daily("09:10", days: 20, endingDaysAgo: 31)
        #expect(Self.time(old) == "07:30")
        #expect(Self.time(old + Self.daily("06:20", days: 14)) == "06:00")
    }

    @Test("hours with as many engagements: the one nearest the configured time wins, then the earlier")
    func ties() {
        #expect(Self.time(Self.daily("06:10", days: 14) + Self.daily("10:10", days: 14)) == "06:00")
        // 06:00 and 09:00 are both 90 minutes from 07:30.
        #expect(Self.time(Self.daily("06:10", days: 14) + Self.daily("09:10", days: 14)) == "06:00")
    }

    @Test("the time never crosses midnight")
    func midnight() throws {
        let late = try #require(WallTime(hour: 23, minute: 0))
        #expect(Self.time(Self.daily("00:30", days: 14), configured: late) == "23:59")
        let early = try #require(WallTime(hour: 0, minute: 30))
        #expect(Self.time(Self.daily("23:10", days: 14), configured: early) == "00:00")
    }

    @Test("the planner moves the daily update with the flag on and seeded taps, and leaves it without the flag")
    func planner() throws {
        let fixture = try PlanFixture()
        try HistorySeed.taps(fixture.db, at: Self.daily("09:10", days: 15))
        #expect(try fixture.db.engagementTimes(from: Self.now - 30 * PlanFixture.day, to: Self.now).count == 15)

        fixture.config.features.personalization = false
        let plain = try Planner(database: fixture.db, config: fixture.config)
            .run(now: Self.now, zone: Self.zone, horizon: PlanFixture.day, dryRun: true)
        #expect(plain.schedule.first { $0.id == "daily:2026-11-22" }?.dueAt == TestClock.at("2026-11-22T07:30", in: Self.zone))

        fixture.config.features.personalization = true
        let moved = try Planner(database: fixture.db, config: fixture.config)
            .run(now: Self.now, zone: Self.zone, horizon: PlanFixture.day, dryRun: true)
        let item = try #require(moved.schedule.first { $0.id == "daily:2026-11-22" })
        #expect(item.dueAt == TestClock.at("2026-11-22T09:00", in: Self.zone))
        #expect(item.plannedLocal == "2026-11-22T09:00")
    }

    @Test("quiet hours still apply after the move")
    func quietHoursAfterShift() throws {
        let fixture = try PlanFixture()
        try HistorySeed.taps(fixture.db, at: Self.daily("09:10", days: 15))
        fixture.config.features.personalization = true
        fixture.config.quietHours = QuietHours(
            enabled: true, start: WallTime(hour: 22, minute: 0) ?? .midnight, end: WallTime(hour: 9, minute: 30) ?? .midnight)
        let outcome = try Planner(database: fixture.db, config: fixture.config)
            .run(now: Self.now, zone: Self.zone, horizon: PlanFixture.day, dryRun: true)
        #expect(outcome.schedule.first { $0.id == "daily:2026-11-22" }?.dueAt == TestClock.at("2026-11-22T09:30", in: Self.zone))
    }
}
