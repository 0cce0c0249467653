import Foundation
import GRDB
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// A full disk, made with `PRAGMA max_page_count` on the database's own connection: old
/// history makes room, the write is tried once more, and nothing stored is lost.
@Suite(.sqliteFileOnly) struct DiskFullTests {
    static let day: Int64 = 86_400_000
    static let now = TestClock.at("2026-11-22T12:00:00Z")

    func item(_ id: String, due: EpochMillis, body: Int = 40) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: .system, title: "T \(id)", body: String(repeating: "x", count: body), deepLink: nil,
            dueAt: due, plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: 0)
    }

    /// The rows of `table` by id, read through a connection of the test's own.
    func column(_ sql: String, in path: String) throws -> [Int64] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int64.fetchAll(db, sql: sql) }
    }

    @Test("A full database: the oldest history goes, the write goes through, what must stay stays")
    func evictsOldestAndRetries() throws {
        // Given a year of history, a pending item, the cached content, and a file that may not grow
        let dir = try TemporaryDirectory()
        let path = dir.file("tidings.sqlite")
        let database = try TidingsDatabase(path: path)
        let history = try HistorySeed.fill(database, count: 4000, before: Self.now, spacing: 2 * 3_600_000)
        _ = try database.applyPlan([item("open", due: Self.now + Self.day)], now: Self.now)
        try database.recordFetch(
            url: "https://example.org/a.json", attempt: FetchAttempt(source: "a", startedAt: Self.now - 300 * Self.day, durationMs: 1, outcome: .ok),
            update: .replace([NotificationContent(id: "c", title: "T", body: "B", scheduledTime: 0, fetchTime: 0)], etag: nil, lastModified: nil))
        let dueBefore = try column("SELECT scheduledTime FROM delivery ORDER BY scheduledTime", in: path)
        try database.limitSize(toCurrentPlus: 0)

        // When a plan of 300 new items needs pages the file cannot have
        let planned = (0..<300).map { item("new:\($0)", due: Self.now + Self.day + Int64($0), body: 600) }
        let changes = try database.applyPlan(planned, now: Self.now)

        // Then the write went through
        #expect(changes.created == 300)
        #expect(try database.notifications(ids: planned.map(\.id)).count == 300)
        // Some history went, the oldest first, in every table alike
        let dueAfter = try column("SELECT scheduledTime FROM delivery WHERE channel = 'stdout' ORDER BY scheduledTime", in: path)
        #expect(dueAfter.count < dueBefore.count - 1 && !dueAfter.isEmpty, "\(dueBefore.count) delivery rows before, \(dueAfter.count) after")
        let cutoff = try #require(dueAfter.first)
        #expect(dueAfter == dueBefore.filter { $0 >= cutoff }, "every delivery row older than the oldest kept one went, no newer one")
        #expect(try column("SELECT count(*) FROM fetchAttempt WHERE startedAt < \(cutoff)", in: path) == [0])
        #expect(try column("SELECT count(*) FROM notification WHERE id LIKE 'old:%' AND dueAt < \(cutoff)", in: path) == [0])
        #expect(try database.notifications(ids: ["old:0"])["old:0"]?.state == .delivered, "the newest history stays")
        // What retention keeps whatever its age stayed
        #expect(try database.inboxItems(includeRead: false, limit: 10, at: 0).map(\.notification.id) == ["unread:0"])
        #expect(try database.notifications(ids: ["open"])["open"]?.state == .pending)
        #expect(try database.cachedContent().map(\.id) == ["c"])
        #expect(try database.recentStageRuns(limit: 1, stage: .plan).first?.summary == "run 0", "the newest plan run stays")
        #expect(try database.integrityCheck(full: true) == "ok")
        #expect(history.count == 4001)
    }

    @Test("Making room deletes only the past: a cancelled item due tomorrow and a delivered schedule entry stay")
    func evictsOnlyThePast() throws {
        let dir = try TemporaryDirectory()
        let database = try TidingsDatabase(path: dir.file("tidings.sqlite"))
        _ = try HistorySeed.fill(database, count: 50, before: Self.now, spacing: 3_600_000)
        _ = try database.applyPlan([item("tomorrow", due: Self.now + Self.day)], now: Self.now)
        _ = try database.cancelPending(ids: ["tomorrow"], reason: "cancelled by the user", now: Self.now)
        var entry = item("app_notification_1", due: Self.now - 200 * Self.day)
        entry.kind = .schedule
        _ = try database.applyPlan([entry], now: Self.now - 201 * Self.day)
        let claimed = try database.claimDue(at: Self.now - 200 * Self.day)
        try database.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: $0.dueAt, contentAge: 0,
                    staleness: $0.staleness, channel: .stdout, outcome: .delivered)
            }, now: Self.now - 200 * Self.day)

        // Every row that may go goes, pass after pass, as when the disk stays full
        var removed = 0
        while case let rows = try database.writer.write({ db in try database.evictOldest(db, limit: 100, now: Self.now) }), rows > 0 {
            removed += rows
        }
        #expect(removed > 50)
        #expect(try database.notifications(ids: ["old:0"]).isEmpty, "past history went")
        #expect(try database.notifications(ids: ["tomorrow"])["tomorrow"]?.state == .cancelled, "tomorrow's cancel stands")
        #expect(try database.notifications(ids: ["app_notification_1"])["app_notification_1"]?.state == .delivered)
        // And retention keeps the schedule entry too, however old
        _ = try database.prune(before: Self.now + 2 * Self.day)
        #expect(try database.notifications(ids: ["app_notification_1"])["app_notification_1"]?.state == .delivered)
    }

    @Test("Full with nothing old to delete: a clear error, the run logged, nothing lost, and it works once there is room")
    func nothingToEvict() throws {
        // Given pending items only (none of them history), in a file that may not grow
        let dir = try TemporaryDirectory()
        let path = dir.file("tidings.sqlite")
        var database = try TidingsDatabase(path: path)
        database.loggedRun = StageTimer(stage: .plan, now: Self.now)
        let kept = (0..<50).map { item("kept:\($0)", due: Self.now + Int64($0)) }
        _ = try database.applyPlan(kept, now: Self.now)
        try database.limitSize(toCurrentPlus: 0)

        // When a plan needs more room
        let planned = (0..<300).map { item("new:\($0)", due: Self.now + Self.day + Int64($0), body: 600) }
        let error = try #require(throws: StoreError.self) { try database.applyPlan(planned, now: Self.now) }

        // Then the error names the file, the cause, the free space and the way out
        #expect(error.isDiskFull)
        #expect(error.description.hasPrefix("database \(path): save plan failed: the disk is full ("), "\(error)")
        #expect(error.description.contains("B free on /"), "\(error)")
        #expect(error.description.hasSuffix("; no old history was left to delete; free space and run again"), "\(error)")
        // The run is logged as failed; nothing stored is lost and the file is intact
        let run = try #require(try database.recentStageRuns(limit: 1, stage: .plan).first)
        #expect(run.outcome == .failed)
        #expect(run.summary.contains("the disk is full"))
        #expect(try database.notifications(ids: planned.map(\.id)).isEmpty, "the failed transaction left nothing half-written")
        #expect(try database.notifications(ids: kept.map(\.id)).count == 50)
        #expect(try database.integrityCheck(full: true) == "ok")

        // When there is room again (a new connection has no limit), the same plan goes through
        let again = try TidingsDatabase(path: path)
        #expect(try again.applyPlan(planned, now: Self.now).created == 300)
        #expect(try again.integrityCheck(full: true) == "ok")
    }

    @Test("deliver's minimal write: when the outcome cannot be recorded, each item's state still is, so nothing is sent twice")
    func deliverSettlesInPlace() throws {
        // Given two items claimed by a run, in a file that may not grow
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        _ = try database.applyPlan([item("sent", due: Self.now - 1000), item("lost", due: Self.now - 1000)], now: 0)
        let claimed = try database.claimDue(at: Self.now)
        #expect(claimed.count == 2)
        try database.limitSize(toCurrentPlus: 0)

        // When the run's delivery rows need more pages than there are (a large platform info)
        let info = String(repeating: "i", count: 40_000)
        let error = try #require(throws: StoreError.self) {
            try database.recordRun(
                deliveries: [
                    DeliveryRecord(
                        notificationId: "sent", scheduledTime: Self.now - 1000, actualDeliveryTime: Self.now, contentAge: nil,
                        staleness: .fresh, channel: .stdout, outcome: .delivered, platformInfo: info),
                    DeliveryRecord(
                        notificationId: "lost", scheduledTime: Self.now - 1000, actualDeliveryTime: nil, contentAge: nil,
                        staleness: .fresh, channel: .webhook("x"), outcome: .failed, failureReason: "HTTP 500", platformInfo: info),
                ],
                retries: [], cancelled: [:], now: Self.now)
        }

        // Then the failure is reported, and the states are saved without the rows
        #expect(error.isDiskFull)
        #expect(error.description.contains("record deliveries failed: the disk is full"))
        let rows = try database.notifications(ids: ["sent", "lost"])
        #expect(rows["sent"]?.state == .delivered)
        #expect(rows["lost"]?.state == .failed)
        #expect(rows["lost"]?.stateReason == "not recorded: the disk was full")
        #expect(!(try database.hasDeliveryWork(at: Self.now + TidingsDatabase.abandonedClaimAge + 1)), "no claim is left to fail later")
        #expect(try database.integrityCheck(full: true) == "ok")
    }

    @Test("A truncated database file: the error names the file and the way out", arguments: [0.5, 0.02])
    func truncated(fraction: Double) throws {
        // Given a database with some history, cut short
        let dir = try TemporaryDirectory()
        let path = dir.file("tidings.sqlite")
        do {
            let database = try TidingsDatabase(path: path)
            try HistorySeed.fill(database, count: 500, before: Self.now, spacing: 3_600_000)
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 100_000)
        #expect(truncate(path, off_t(Double(size) * fraction)) == 0)

        // When it is opened and read
        let error = try #require(throws: StoreError.self) {
            let database = try TidingsDatabase(path: path)
            _ = try database.notifications(ids: ["old:0"])
        }

        // Then the message says which file, that it is damaged, and what to do
        #expect(error.description.hasPrefix("database \(path): "), "\(error)")
        #expect(error.description.contains("open failed: the file is truncated ("), "\(error)")
        #expect(error.description.contains("restore a copy made by `tidings backup`, or move it away to start afresh"), "\(error)")
    }
}
