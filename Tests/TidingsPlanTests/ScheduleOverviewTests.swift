import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// `tidings schedule show`'s reading of a schedule: the same dates plan gives, the weekend
/// shift, what became of each entry, an id another schedule keeps, and names it does not know.
@Suite struct ScheduleOverviewTests {
    typealias S = ScheduleRuleTests

    @Test("Each entry's day, weekend shift and due time are plan's; progress follows its notification; an earlier schedule keeps a shared id")
    func entries() throws {
        let f = try S.fixture(sources: ["first", "welcome"])
        try S.fetch(f, S.document(entries: [(9, 0)]), at: S.seen, source: "first")
        try S.fetch(f, S.document(entries: [(1, 0), (2, 2), (9, 3), (5, 60)]), at: S.seen, source: "welcome")
        try f.run(now: S.seen, zone: PlanFixture.berlin, horizon: 7 * S.day)
        let overview = try #require(
            try ScheduleOverview.read("welcome", config: f.config, database: f.db, zone: PlanFixture.berlin, now: S.seen))
        #expect(overview.schedule?.version == "1.0" && overview.firstDay == LocalDate(year: 2026, month: 11, day: 19))
        let entries = overview.entries
        #expect(entries.map(\.entry.notificationID) == ["app_notification_1", "app_notification_2", "app_notification_9", "app_notification_5"])
        // Thursday + 2 is a Saturday: Monday the 23rd.
        #expect(entries.map { "\($0.date)" } == ["2026-11-19", "2026-11-23", "2026-11-23", "2027-01-18"])
        #expect(entries.map(\.weekendShift) == [0, 2, 1, 0])
        let planned = try f.db.notifications(ids: entries.map(\.entry.notificationID))
        for entry in entries where entry.keptBy == nil {
            #expect(planned[entry.entry.notificationID].map(\.dueAt) ?? entry.due == entry.due, "\(entry.entry.id)")
        }
        #expect(entries.map { $0.progress(now: S.seen) } == ["pending", "pending", "elsewhere", "unplanned"])
        #expect(entries[2].keptBy == "first")
        // Past its time without a plan: skipped.
        #expect(entries[3].progress(now: entries[3].due + 1) == "skipped")
    }

    @Test("A name neither the config nor the database knows gives nil; a configured schedule never fetched shows no entries")
    func unknown() throws {
        let f = try S.fixture()
        #expect(try ScheduleOverview.read("nope", config: f.config, database: f.db, zone: PlanFixture.berlin, now: S.seen) == nil)
        let empty = try #require(try ScheduleOverview.read("welcome", config: f.config, database: f.db, zone: PlanFixture.berlin, now: S.seen))
        #expect(empty.cached == nil && empty.schedule == nil && empty.entries.isEmpty && empty.config != nil)
    }
}
