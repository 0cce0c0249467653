import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// When the daily items are due: weekdays only, and quiet hours by category.
@Suite struct DailyRuleScheduleTests {
    // Friday 2026-11-20, 06:00 in Berlin; 21st and 22nd are Saturday and Sunday.
    static let friday = utc("2026-11-20T05:00:00Z")

    @Test("weekdays_only skips Saturday and Sunday", arguments: [true, false])
    func weekdaysOnly(enabled: Bool) throws {
        let f = try PlanFixture()
        f.config.daily.weekdaysOnly = enabled
        try f.run(now: Self.friday, zone: PlanFixture.berlin, horizon: 4 * PlanFixture.day)
        let ids = try f.pending().map(\.id)
        if enabled {
            #expect(ids == ["daily:2026-11-20", "daily:2026-11-23"])
        } else {
            #expect(ids == ["daily:2026-11-20", "daily:2026-11-21", "daily:2026-11-22", "daily:2026-11-23"])
        }
    }

    @Test(
        "quiet hours 06:00–08:00 move a 07:30 item to 08:00 unless it is transactional",
        arguments: [
            (Category.system, "2026-11-22T07:00:00Z"),
            (Category.social, "2026-11-22T07:00:00Z"),
            (Category.marketing, "2026-11-22T07:00:00Z"),
            (Category.transactional, "2026-11-22T06:30:00Z"),
        ])
    func quietHours(category: Category, due: String) throws {
        let f = try PlanFixture()
        f.config.daily.category = category
        f.config.quietHours = QuietHours(
            enabled: true, start: try #require(WallTime("06:00")), end: try #require(WallTime("08:00")))
        try f.run(now: utc("2026-11-22T04:00:00Z"), zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
        let item = try #require(try f.pending().first)
        #expect(item.id == "daily:2026-11-22")
        #expect(item.dueAt == utc(due))
        #expect(item.category == category)
        #expect(item.plannedLocal == "2026-11-22T07:30")
    }

    @Test("quiet hours outside the daily time, or disabled, leave it at 07:30")
    func quietHoursNotInTheWay() throws {
        for quiet in [
            QuietHours(enabled: true, start: try #require(WallTime("22:00")), end: try #require(WallTime("07:00"))),
            QuietHours(enabled: false, start: try #require(WallTime("06:00")), end: try #require(WallTime("08:00"))),
        ] {
            let f = try PlanFixture()
            f.config.quietHours = quiet
            let items = try f.planned(now: utc("2026-11-22T04:00:00Z"), zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
            #expect(items.map(\.dueAt) == [utc("2026-11-22T06:30:00Z")])
        }
    }

    @Test("an item already due before now is not planned; the horizon's end is inclusive")
    func horizonBounds() throws {
        let f = try PlanFixture()
        // 07:31 in Berlin: today's 07:30 has passed.
        let late = try f.planned(now: utc("2026-11-22T06:31:00Z"), zone: PlanFixture.berlin, horizon: PlanFixture.day)
        #expect(late.map(\.id) == ["daily:2026-11-23"])
        // Exactly at 07:30, with a horizon ending exactly at the next 07:30: both.
        let exact = try f.planned(now: utc("2026-11-22T06:30:00Z"), zone: PlanFixture.berlin, horizon: PlanFixture.day)
        #expect(exact.map(\.id) == ["daily:2026-11-22", "daily:2026-11-23"])
    }

    @Test("with the daily update off nothing is planned")
    func disabled() throws {
        let f = try PlanFixture()
        f.config.daily.enabled = false
        #expect(try f.planned(now: Self.friday, zone: PlanFixture.berlin, horizon: 4 * PlanFixture.day).isEmpty)
    }
}
