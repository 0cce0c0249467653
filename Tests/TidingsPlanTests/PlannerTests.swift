import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// `Planner.run` against a real database: idempotence, updates of pending items, settled
/// items left alone, dry runs, zone changes and turning the daily update off.
@Suite struct PlannerTests {
    // 06:00 in Berlin, 00:00 in New York; the two-day horizon ends 05:00Z on the 24th.
    static let now = utc("2026-11-22T05:00:00Z")
    static let ids = ["daily:2026-11-22", "daily:2026-11-23"]

    @Test("running twice changes nothing the second time")
    func idempotent() throws {
        let f = try PlanFixture()
        try f.store([content("n1", scheduled: "2026-11-22T06:30:00Z", fetched: Self.now)], at: Self.now)
        let first = try f.run(now: Self.now, zone: PlanFixture.berlin)
        #expect(first.changes?.created == 2)
        #expect(first.changes?.updated == 0)
        let before = try f.pending()
        let second = try f.run(now: Self.now, zone: PlanFixture.berlin)
        #expect(second.changes?.created == 0)
        #expect(second.changes?.updated == 0)
        #expect(second.changes?.unchanged == 2)
        #expect(second.cancelled.isEmpty)
        #expect(try f.pending() == before)
        #expect(second.schedule.map(\.id) == Self.ids)
    }

    @Test("better content arriving before the due time replaces a pending item's text")
    func betterContentUpdates() throws {
        let f = try PlanFixture()
        // A 12-hour horizon: only today's item.
        let first = try f.run(now: Self.now, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
        #expect(first.changes?.created == 1)
        #expect(try f.pending().first?.staleness == .emergency)

        let later = Self.now + 10 * PlanFixture.minute
        try f.store([content("n1", title: "Fresh title", body: "Fresh body", scheduled: "2026-11-22T06:30:00Z", fetched: later)], at: later)
        let second = try f.run(now: later, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
        #expect(second.changes?.created == 0)
        #expect(second.changes?.updated == 1)
        let item = try #require(try f.pending().first)
        #expect(item.id == "daily:2026-11-22")
        #expect(item.title == "Fresh title")
        #expect(item.body == "Fresh body")
        #expect(item.staleness == .fresh)
        #expect(item.contentFetchTime == later)
        #expect(item.createdAt == Self.now)
        #expect(item.updatedAt == later)
        #expect(second.stageOutcome == .ok)
    }

    @Test("a delivered item is never touched by re-planning")
    func deliveredIsSettled() throws {
        let f = try PlanFixture()
        try f.store([content("n1", title: "Old", scheduled: "2026-11-22T06:30:00Z", fetched: Self.now)], at: Self.now)
        try f.run(now: Self.now, zone: PlanFixture.berlin)

        let due = utc("2026-11-22T06:30:00Z")
        let claimed = try f.db.claimDue(at: due)
        #expect(claimed.map(\.id) == ["daily:2026-11-22"])
        try f.db.recordDeliveries(
            [
                DeliveryRecord(
                    notificationId: "daily:2026-11-22", scheduledTime: due, actualDeliveryTime: due,
                    contentAge: due - Self.now, staleness: .fresh, channel: .stdout, outcome: .delivered)
            ], now: due)

        // New content, and a plan run whose horizon still covers the delivered item.
        let later = Self.now + 30 * PlanFixture.minute
        try f.store([content("n2", title: "New", scheduled: "2026-11-22T06:30:00Z", fetched: later)], at: later)
        let outcome = try f.run(now: later, zone: PlanFixture.berlin)
        #expect(outcome.changes?.settled == 1)
        #expect(outcome.changes?.updated == 1)
        let delivered = try #require(try f.stored("daily:2026-11-22"))
        #expect(delivered.state == .delivered)
        #expect(delivered.title == "Old")
        #expect(outcome.schedule.map(\.id) == ["daily:2026-11-23"])
        #expect(try f.pending().map(\.title) == ["New"])
    }

    @Test("a dry run writes nothing but returns the schedule")
    func dryRun() throws {
        let f = try PlanFixture()
        let outcome = try f.run(now: Self.now, zone: PlanFixture.berlin, dryRun: true)
        #expect(outcome.changes == nil)
        #expect(outcome.schedule.map(\.id) == Self.ids)
        #expect(outcome.schedule.map(\.dueAt) == [utc("2026-11-22T06:30:00Z"), utc("2026-11-23T06:30:00Z")])
        #expect(try f.pending().isEmpty)
        #expect(try f.db.notifications(ids: Self.ids).isEmpty)
    }

    @Test("a dry run after a real run shows new text without storing it")
    func dryRunLeavesStoredText() throws {
        let f = try PlanFixture()
        try f.run(now: Self.now, zone: PlanFixture.berlin)
        try f.store([content("n1", title: "Fresh", scheduled: "2026-11-22T06:30:00Z", fetched: Self.now)], at: Self.now)
        let outcome = try f.run(now: Self.now, zone: PlanFixture.berlin, dryRun: true)
        #expect(outcome.schedule.first?.title == "Fresh")
        #expect(try f.pending().map(\.title) == [FallbackChain.emergencyTitle, FallbackChain.emergencyTitle])
    }

    @Test("planning in another zone re-plans the pending items")
    func zoneChange() throws {
        let f = try PlanFixture()
        try f.run(now: Self.now, zone: PlanFixture.berlin)
        #expect(try f.pending().map(\.dueAt) == [utc("2026-11-22T06:30:00Z"), utc("2026-11-23T06:30:00Z")])
        // In New York it is 00:00 on the 22nd: the same two local days, 07:30 EST each.
        let outcome = try f.run(now: Self.now, zone: PlanFixture.newYork)
        #expect(outcome.changes?.created == 0)
        #expect(outcome.changes?.updated == 2)
        let items = try f.pending()
        #expect(items.map(\.id) == Self.ids)
        #expect(items.map(\.plannedZone) == ["America/New_York", "America/New_York"])
        #expect(items.map(\.dueAt) == [utc("2026-11-22T12:30:00Z"), utc("2026-11-23T12:30:00Z")])
        #expect(items.allSatisfy { $0.createdAt == Self.now })
    }

    @Test("turning the daily update off cancels the future pending items")
    func turnedOff() throws {
        let f = try PlanFixture()
        try f.run(now: Self.now, zone: PlanFixture.berlin)
        #expect(try f.pending().count == 2)
        f.config.daily.enabled = false
        let outcome = try f.run(now: Self.now, zone: PlanFixture.berlin)
        #expect(outcome.cancelled.sorted() == Self.ids)
        #expect(outcome.schedule.isEmpty)
        #expect(outcome.changes?.created == 0)
        #expect(try f.pending().isEmpty)
        for id in Self.ids {
            let item = try #require(try f.stored(id))
            #expect(item.state == .cancelled)
            #expect(item.stateReason == "the daily update is turned off")
        }
    }
}

/// Runs with different horizons, and settings turned off and on again.
@Suite struct PlannerHorizonTests {
    @Test("A shorter horizon leaves items planned further ahead alone")
    func shorterHorizon() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        let zone = Zone.named("Europe/Berlin")
        let now = TestClock.at("2026-11-22T06:00", in: zone)
        let planner = Planner(database: database, config: TidingsConfig())
        _ = try planner.run(now: now, zone: zone, horizon: 7 * 86_400_000, dryRun: false)
        let outcome = try planner.run(now: now, zone: zone, horizon: 2 * 86_400_000, dryRun: false)
        #expect(outcome.cancelled.isEmpty)
        #expect(try database.pendingNotifications(kind: .daily).count == 7)
    }

    @Test("Turning the daily update off cancels pending items; turning it on again brings them back")
    func offAndOnAgain() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        let zone = Zone.named("Europe/Berlin")
        let now = TestClock.at("2026-11-22T06:00", in: zone)
        var off = TidingsConfig()
        off.daily.enabled = false
        _ = try Planner(database: database, config: TidingsConfig()).run(now: now, zone: zone, horizon: 86_400_000, dryRun: false)
        let cancelled = try Planner(database: database, config: off).run(now: now, zone: zone, horizon: 86_400_000, dryRun: false)
        #expect(cancelled.cancelled == ["daily:2026-11-22"])
        #expect(try database.pendingNotifications(kind: .daily).isEmpty)
        let again = try Planner(database: database, config: TidingsConfig()).run(now: now, zone: zone, horizon: 86_400_000, dryRun: false)
        #expect(again.changes?.updated == 1)
        #expect(try database.pendingNotifications(kind: .daily).map(\.id) == ["daily:2026-11-22"])
    }
}

/// Items that quiet hours push past midnight, and content of sources no longer configured.
@Suite struct PlannerEdgeTests {
    @Test("An item pushed past midnight by quiet hours stays planned when plan runs after midnight")
    func pushedPastMidnight() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        let zone = Zone.named("Europe/Berlin")
        var config = TidingsConfig()
        config.daily.time = WallTime(hour: 23, minute: 0) ?? .midnight
        config.quietHours = QuietHours(
            enabled: true, start: WallTime(hour: 22, minute: 0) ?? .midnight, end: WallTime(hour: 7, minute: 0) ?? .midnight)
        let planner = Planner(database: database, config: config)
        _ = try planner.run(now: TestClock.at("2026-11-21T20:00", in: zone), zone: zone, horizon: 86_400_000, dryRun: false)
        let after = try planner.run(now: TestClock.at("2026-11-22T00:30", in: zone), zone: zone, horizon: 86_400_000, dryRun: false)
        #expect(after.cancelled.isEmpty)
        let item = try #require(try database.notifications(ids: ["daily:2026-11-21"])["daily:2026-11-21"])
        #expect(item.state == .pending)
        #expect(item.dueAt == TestClock.at("2026-11-22T07:00", in: zone))
    }

    @Test("Content of a source removed from the config is not shown")
    func removedSource() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        let zone = Zone.named("Europe/Berlin")
        let now = TestClock.at("2026-11-22T06:00", in: zone)
        let content = NotificationContent(id: "1", title: "Old source", body: "B", scheduledTime: 0, fetchTime: now)
        try database.recordFetch(
            url: "https://example.org/old.json", attempt: FetchAttempt(source: "old", startedAt: now, durationMs: 1, outcome: .ok),
            update: .replace([content], etag: nil, lastModified: nil))
        var config = TidingsConfig()
        config.sources = [TidingsConfig.Source(name: "new", url: "https://example.org/new.json")]
        let outcome = try Planner(database: database, config: config).run(now: now, zone: zone, horizon: 86_400_000, dryRun: true)
        #expect(outcome.schedule.first?.staleness == .emergency)
    }
}
