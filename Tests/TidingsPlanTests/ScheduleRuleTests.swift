import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// Remote schedules planned against a real database: dates from the day a version was first
/// seen, the weekend shift, once per install over many runs, version changes, removed
/// entries and sources, and an id two schedules share.
@Suite struct ScheduleRuleTests {
    // Thursday 2026-11-19, 07:00 in Berlin: the day the schedule is first seen.
    static let seen = utc("2026-11-19T06:00:00Z")
    static let hour = PlanFixture.hour
    static let day = PlanFixture.day

    static func document(version: String = "1.0", weekdaysOnly: Bool = true, entries: [(Int, Int)] = [(1, 0), (2, 1), (3, 2), (4, 3), (5, 6)])
        -> String
    {
        let list = entries.map { #"{"id": \#($0.0), "dayOffset": \#($0.1), "subtitle": "Step \#($0.0)"}"# }.joined(separator: ", ")
        return """
            {"config": {"version": "\(version)", "isPersistent": true, "fixedTime": "09:00", "weekdaysOnly": \(weekdaysOnly)},
             "notificationContent": {"title": "Getting started", "subtitle": "Default"},
             "schedules": [\(list)]}
            """
    }

    static func fixture(sources: [String] = ["welcome"]) throws -> PlanFixture {
        let f = try PlanFixture()
        f.config.sources = sources.map { TidingsConfig.Source(name: $0, type: .schedule, url: "https://example.org/\($0).json") }
        f.config.daily.enabled = false
        f.config.weekly.enabled = false
        return f
    }

    /// Stores `text` as a successful fetch of `source` at `at`, the way prefetch does.
    static func fetch(_ f: PlanFixture, _ text: String, at: EpochMillis, source: String = "welcome") throws {
        let schedule = try RemoteSchedule.decode(Array(text.utf8))
        try f.db.recordFetch(
            url: "https://example.org/\(source).json",
            attempt: FetchAttempt(source: source, startedAt: at, durationMs: 3, outcome: .ok),
            update: .replaceSchedule(text, version: schedule.version, etag: nil, lastModified: nil))
    }

    /// Claims what is due at `now` and records it delivered; the ids sent.
    @discardableResult
    static func deliver(_ f: PlanFixture, at now: EpochMillis) throws -> [String] {
        let claimed = try f.db.claimDue(at: now)
        try f.db.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: now, contentAge: 0,
                    staleness: $0.staleness, channel: .stdout, outcome: .delivered, revision: $0.revision)
            }, now: now)
        return claimed.map(\.id)
    }

    @Test("entries are due at the fixed time, days after the version was first seen; the weekend moves to Monday")
    func dates() throws {
        let f = try Self.fixture()
        try Self.fetch(f, Self.document(), at: Self.seen)
        let outcome = try f.run(now: Self.seen, zone: PlanFixture.berlin, horizon: 10 * Self.day)
        let byID = Dictionary(uniqueKeysWithValues: outcome.schedule.map { ($0.id, $0) })
        // 09:00 in Berlin is 08:00Z. Offsets 2 (Saturday) and 3 (Sunday) both fall on Monday.
        #expect(byID["app_notification_1"]?.dueAt == utc("2026-11-19T08:00:00Z"))
        #expect(byID["app_notification_2"]?.dueAt == utc("2026-11-20T08:00:00Z"))
        #expect(byID["app_notification_3"]?.dueAt == utc("2026-11-23T08:00:00Z"))
        #expect(byID["app_notification_4"]?.dueAt == utc("2026-11-23T08:00:00Z"))
        #expect(byID["app_notification_5"]?.dueAt == utc("2026-11-25T08:00:00Z"))
        let first = try #require(byID["app_notification_1"])
        #expect(first.kind == .schedule)
        #expect(first.title == "Getting started")
        #expect(first.body == "Step 1")
        #expect(first.plannedLocal == "2026-11-19T09:00")
        #expect(first.expiresAt == utc("2026-11-19T23:00:00Z"))
        #expect(first.category == .system)
        #expect(outcome.problems.isEmpty)
    }

    @Test("without weekdaysOnly the weekend days stand")
    func weekendKept() throws {
        let f = try Self.fixture()
        try Self.fetch(f, Self.document(weekdaysOnly: false), at: Self.seen)
        let outcome = try f.run(now: Self.seen, zone: PlanFixture.berlin, horizon: 10 * Self.day)
        let due = Dictionary(uniqueKeysWithValues: outcome.schedule.map { ($0.id, $0.dueAt) })
        #expect(due["app_notification_3"] == utc("2026-11-21T08:00:00Z"))
        #expect(due["app_notification_4"] == utc("2026-11-22T08:00:00Z"))
    }

    @Test("once per install: prefetch and plan every three hours for ten days send each entry once, on its day")
    func oncePerInstall() throws {
        let f = try Self.fixture()
        var sent: [String] = []
        var firstDue: [String: EpochMillis] = [:]
        var now = Self.seen
        while now < Self.seen + 10 * Self.day {
            if (now - Self.seen) % Self.day == 0 { try Self.fetch(f, Self.document(), at: now) }
            let outcome = try f.run(now: now, zone: PlanFixture.berlin)
            #expect(outcome.cancelled.isEmpty)
            for item in outcome.schedule {
                if let due = firstDue[item.id] { #expect(due == item.dueAt, "\(item.id) re-dated") }
                firstDue[item.id] = item.dueAt
            }
            // deliver runs a minute past each hour.
            for step in 0..<3 { sent += try Self.deliver(f, at: now + Int64(step) * Self.hour + 60_000) }
            now += 3 * Self.hour
        }
        #expect(sent.sorted() == (1...5).map { "app_notification_\($0)" })
        #expect(firstDue["app_notification_4"] == utc("2026-11-23T08:00:00Z"))
        for id in sent { #expect(try f.stored(id)?.state == .delivered) }
    }

    @Test("a new version cancels the old one's pending items and starts again from the day it is first seen; delivered ones stay")
    func versionChange() throws {
        let f = try Self.fixture()
        try Self.fetch(f, Self.document(), at: Self.seen)
        try f.run(now: Self.seen, zone: PlanFixture.berlin, horizon: 10 * Self.day)
        #expect(try Self.deliver(f, at: utc("2026-11-19T08:01:00Z")) == ["app_notification_1"])

        // Friday 07:00 Berlin: version 2 drops entries 4 and 5 and adds 6.
        let friday = utc("2026-11-20T06:00:00Z")
        try Self.fetch(f, Self.document(version: "2.0", entries: [(1, 0), (2, 1), (3, 2), (6, 4)]), at: friday)
        let outcome = try f.run(now: friday, zone: PlanFixture.berlin, horizon: 10 * Self.day)
        let due = Dictionary(uniqueKeysWithValues: outcome.schedule.map { ($0.id, $0.dueAt) })
        // Entry 1 was delivered: not sent again, though version 2 has it due today.
        #expect(try f.stored("app_notification_1")?.state == .delivered)
        #expect(due["app_notification_1"] == nil)
        // Entry 2 (offset 1 from Thursday) was pending for today; under 2.0 it is due Monday.
        #expect(due["app_notification_2"] == utc("2026-11-23T08:00:00Z"))
        #expect(due["app_notification_3"] == utc("2026-11-23T08:00:00Z"))
        #expect(due["app_notification_6"] == utc("2026-11-24T08:00:00Z"))
        #expect(try f.stored("app_notification_2")?.title == "Getting started")
        #expect(try f.stored("app_notification_3")?.state == .pending)
        // Entries 4 and 5 are gone from version 2.
        #expect(outcome.cancelled == ["app_notification_4", "app_notification_5"])
        #expect(try f.stored("app_notification_4")?.state == .cancelled)
        #expect(try f.stored("app_notification_4")?.stateReason == "removed from the schedule")
        #expect(try f.stored("app_notification_2")?.subject == "schedule:welcome:2.0")
    }

    @Test("a new version whose day for a pending item has passed cancels it, naming the change")
    func versionChangeToThePast() throws {
        let f = try Self.fixture()
        try Self.fetch(f, Self.document(), at: Self.seen)
        try f.run(now: Self.seen, zone: PlanFixture.berlin, horizon: 10 * Self.day)
        // The same day, later: version 2 moves entry 5 to offset 0, whose 09:00 has passed.
        let noon = utc("2026-11-19T11:00:00Z")
        try Self.fetch(f, Self.document(version: "2", entries: [(1, 0), (5, 0)]), at: noon)
        let outcome = try f.run(now: noon, zone: PlanFixture.berlin, horizon: 10 * Self.day)
        #expect(outcome.cancelled == ["app_notification_2", "app_notification_3", "app_notification_4", "app_notification_5"])
        #expect(try f.stored("app_notification_5")?.stateReason?.hasPrefix("the schedule changed") == true)
        #expect(try f.stored("app_notification_2")?.stateReason == "removed from the schedule")
    }

    @Test("removing the source from the config cancels its pending items")
    func sourceRemoved() throws {
        let f = try Self.fixture()
        try Self.fetch(f, Self.document(), at: Self.seen)
        try f.run(now: Self.seen, zone: PlanFixture.berlin)
        f.config.sources = []
        let outcome = try f.run(now: Self.seen + Self.hour, zone: PlanFixture.berlin)
        #expect(outcome.cancelled == ["app_notification_1", "app_notification_2"])
        #expect(try f.stored("app_notification_2")?.stateReason == "its schedule source was removed")
    }

    @Test("items beyond a shorter horizon of a later run are left alone")
    func shorterHorizon() throws {
        let f = try Self.fixture()
        try Self.fetch(f, Self.document(), at: Self.seen)
        try f.run(now: Self.seen, zone: PlanFixture.berlin, horizon: 10 * Self.day)
        let outcome = try f.run(now: Self.seen, zone: PlanFixture.berlin, horizon: Self.day)
        #expect(outcome.cancelled.isEmpty)
        #expect(try f.stored("app_notification_5")?.state == .pending)
    }

    @Test("an id two schedules use goes to the first in config order, and the run says so")
    func sharedID() throws {
        let f = try Self.fixture(sources: ["welcome", "tips"])
        try Self.fetch(f, Self.document(), at: Self.seen)
        try Self.fetch(f, Self.document(entries: [(1, 1), (9, 1)]), at: Self.seen, source: "tips")
        let outcome = try f.run(now: Self.seen, zone: PlanFixture.berlin)
        #expect(try f.stored("app_notification_1")?.subject == "schedule:welcome:1.0")
        #expect(try f.stored("app_notification_1")?.dueAt == utc("2026-11-19T08:00:00Z"))
        #expect(try f.stored("app_notification_9")?.subject == "schedule:tips:1.0")
        #expect(outcome.problems == ["schedule tips: app_notification_1 is also in schedule welcome, which keeps it"])
        #expect(outcome.stageOutcome == .degraded)
    }

    @Test("a schedule source's category and quiet hours apply")
    func categoryAndQuietHours() throws {
        let f = try Self.fixture()
        f.config.sources[0].category = .marketing
        f.config.quietHours = QuietHours(enabled: true, start: WallTime(hour: 22, minute: 0)!, end: WallTime(hour: 9, minute: 30)!)
        try Self.fetch(f, Self.document(), at: Self.seen)
        let outcome = try f.run(now: Self.seen, zone: PlanFixture.berlin)
        let first = try #require(outcome.schedule.first)
        #expect(first.category == .marketing)
        #expect(first.dueAt == utc("2026-11-19T08:30:00Z"))
    }
}
