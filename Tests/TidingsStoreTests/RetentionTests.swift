import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// Pruning old history: what goes, and what always stays.
@Suite struct RetentionTests {
    static let day: Int64 = 86_400_000

    func item(_ id: String, due: EpochMillis) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: .system, title: "T", body: "B", deepLink: nil, dueAt: due,
            plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: 0)
    }

    @Test("History before the cutoff goes; newer history, open items and the content cache stay")
    func prune() throws {
        let dir = try TemporaryDirectory()
        let db = try dir.database()
        let cutoff = 100 * Self.day
        // Delivered long ago, delivered recently, and one from long ago that a run has claimed
        // but not finished.
        _ = try db.applyPlan([item("old", due: 10 * Self.day), item("new", due: 120 * Self.day), item("open", due: 5 * Self.day)], now: 0)
        let claimed = try db.claimDue(at: 130 * Self.day).filter { $0.id != "open" }
        try db.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: $0.dueAt, contentAge: nil,
                    staleness: .fresh, channel: .stdout, outcome: .delivered)
            }, now: 130 * Self.day)
        try db.recordFetch(
            url: "https://example.org/a.json",
            attempt: FetchAttempt(source: "a", startedAt: 10 * Self.day, durationMs: 1, outcome: .ok),
            update: .replace(
                [NotificationContent(id: "c", title: "T", body: "B", scheduledTime: 0, fetchTime: 10 * Self.day)], etag: nil, lastModified: nil))
        let removed = try db.prune(before: cutoff)
        #expect(removed == 3, "the old delivery row, the old notification and the old fetch attempt")
        #expect(try db.notifications(ids: ["old"]).isEmpty)
        #expect(try db.notifications(ids: ["new"])["new"]?.state == .delivered)
        #expect(try db.notifications(ids: ["open"])["open"] != nil, "a claimed item is never pruned")
        #expect(try db.cachedContent().count == 1, "the last-known-good stays")
        #expect(try db.prune(before: cutoff) == 0)
    }

    @Test("A new database gives pages back after a large prune: the file shrinks")
    func releasesSpace() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("tidings.sqlite")
        var db: TidingsDatabase? = try TidingsDatabase(path: path)
        let items = (0..<20_000).map { item("n\($0)", due: Int64($0)) }
        _ = try db?.applyPlan(items, now: 0)
        let claimed = try db?.claimDue(at: 30_000) ?? []
        try db?.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: $0.dueAt, contentAge: nil,
                    staleness: .fresh, channel: .stdout, outcome: .delivered)
            }, now: 30_000)
        db = nil
        let full = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        db = try TidingsDatabase(path: path)
        #expect(try db?.prune(before: 100 * Self.day) == 40_000)
        #expect(try db?.releaseFreePages(atLeast: 100) ?? 0 > 1000)
        db = nil
        let after = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(after * 4 < full, "\(full) bytes before, \(after) after")
    }

    @Test("Unread inbox items, the first logged run and each program's last success outlive the cutoff")
    func keptWhateverTheirAge() throws {
        let dir = try TemporaryDirectory()
        let db = try dir.database()
        _ = try db.applyPlan([item("unread", due: 1 * Self.day), item("read", due: 2 * Self.day)], now: 0)
        let claimed = try db.claimDue(at: 3 * Self.day)
        try db.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: $0.dueAt, contentAge: nil,
                    staleness: .fresh, channel: .inbox, outcome: .delivered)
            }, now: 3 * Self.day)
        try db.recordEngagement(notificationId: "read", channel: .inbox, engagement: .tapped, at: 3 * Self.day)
        for (index, outcome) in [StageOutcome.ok, .ok, .failed].enumerated() {
            let timer = StageTimer(stage: .prefetch, now: Int64(index + 1) * Self.day)
            try db.recordStageRun(timer.finish(outcome: outcome, summary: "run \(index)"))
        }
        _ = try db.prune(before: 100 * Self.day)
        #expect(try db.inboxItems(includeRead: true, limit: 10, at: 0).map(\.notification.id) == ["unread"])
        let runs = try db.recentStageRuns(limit: 10, stage: .prefetch).map(\.summary).sorted()
        #expect(runs == ["run 0", "run 1"], "the first run, and the last successful one")
    }

    @Test("An inbox item seen on the desktop and a test notification are not unread: they go with the rest")
    func seenInboxItemsGo() throws {
        let dir = try TemporaryDirectory()
        let db = try dir.database()
        var test = item("test:1", due: 1 * Self.day)
        test.kind = .test
        _ = try db.applyPlan([item("unread", due: 1 * Self.day), item("seen", due: 1 * Self.day), test], now: 0)
        let claimed = try db.claimDue(at: 3 * Self.day)
        try db.recordDeliveries(
            claimed.flatMap { claimed in
                (claimed.id == "seen" ? ["desktop", "inbox"] : ["inbox"]).map {
                    DeliveryRecord(
                        notificationId: claimed.id, scheduledTime: claimed.dueAt, actualDeliveryTime: claimed.dueAt, contentAge: nil,
                        staleness: .fresh, channel: $0, outcome: .delivered)
                }
            }, now: 3 * Self.day)
        try db.recordEngagement(notificationId: "seen", channel: .desktop, engagement: .tapped, at: 3 * Self.day)
        _ = try db.prune(before: 100 * Self.day)
        #expect(try db.inboxItems(includeRead: true, limit: 10, at: 0).map(\.notification.id) == ["unread"])
        #expect(try db.notifications(ids: ["seen", "test:1", "unread"]).keys.sorted() == ["unread"])
    }
}
