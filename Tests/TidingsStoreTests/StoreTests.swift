import Foundation
import GRDB
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@Suite struct StoreTests {
    func item(_ id: String, due: EpochMillis, now: EpochMillis = 0) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: .system, title: "T \(id)", body: "B", deepLink: nil, dueAt: due,
            plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: now)
    }

    @Test(
        "Notification rows are read by position and delivery rows written by position: the positions are the tables' column order, and a row survives the round trip",
        .sqliteFileOnly
    )
    func columnOrder() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.database()
        let queue = try DatabaseQueue(path: dir.file("tidings.sqlite"))
        let columns = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('notification')") }
        let deliveryColumns = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('delivery')") }
        try queue.close()
        #expect(columns == NotificationRecord.columnOrder)
        #expect(deliveryColumns == ["id"] + DeliveryRecord.insertedColumns)
        let database = try dir.database()
        var stored = item("a", due: 5)
        stored.expiresAt = 9
        stored.subject = "content:s/1"
        stored.fingerprint = "f"
        stored.deepLink = "https://example.org"
        _ = try database.applyPlan([stored], now: 0)
        #expect(try database.notifications(ids: ["a"])["a"] == stored)
    }

    @Test("The taps that start insights are counted from their own index, not by reading every delivery", .sqliteFileOnly)
    func tapsIndex() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.database()
        let queue = try DatabaseQueue(path: dir.file("tidings.sqlite"))
        defer { try? queue.close() }
        let plan = try queue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + TidingsDatabase.firstTapsSQL, arguments: [3]).map { $0["detail"] as String }
        }
        #expect(plan.contains("SCAN delivery USING INDEX delivery_tapped"), "\(plan)")
    }

    @Test("report's engagement rate reads one range of its own index, grouped without a sort", .sqliteFileOnly)
    func engagementIndex() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.database()
        let queue = try DatabaseQueue(path: dir.file("tidings.sqlite"))
        defer { try? queue.close() }
        let plan = try queue.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + TidingsDatabase.engagementCountSQL(channels: ChannelName.engagementChannels, dialect: .sqlite),
                arguments: [0, 1]
            ).map { $0["detail"] as String }
        }
        #expect(plan.contains("SEARCH delivery USING COVERING INDEX delivery_engageable (scheduledTime>? AND scheduledTime<?)"), "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test("report's snooze count reads one range of its own partial index", .sqliteFileOnly)
    func snoozedIndex() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.database()
        let queue = try DatabaseQueue(path: dir.file("tidings.sqlite"))
        defer { try? queue.close() }
        let plan = try queue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + TidingsDatabase.snoozedCountSQL(.sqlite), arguments: [0, 1]).map {
                $0["detail"] as String
            }
        }
        #expect(plan.contains("SEARCH delivery USING COVERING INDEX delivery_snoozed (scheduledTime>? AND scheduledTime<?)"), "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test("A delivery step's statements over a list of ids look each id up by its key, never by reading every row", .sqliteFileOnly)
    func stepStatementsUseKeys() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.database()
        let queue = try DatabaseQueue(path: dir.file("tidings.sqlite"))
        defer { try? queue.close() }
        func plan(_ sql: String, _ arguments: StatementArguments) throws -> [String] {
            try queue.read { db in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String } }
        }
        let settle = try plan(TidingsDatabase.settleSQL, [0, 0, "[\"a\"]"])
        #expect(settle.contains("SEARCH notification USING INDEX sqlite_autoindex_notification_1 (id=?)"), "\(settle)")
        #expect(!settle.contains { $0.hasPrefix("SCAN") && !$0.contains("json_each") }, "\(settle)")
        let settleDelivered = try plan(TidingsDatabase.settleDeliveredSQL, [0, "[\"a\"]"])
        #expect(settleDelivered.contains("SEARCH notification USING INDEX sqlite_autoindex_notification_1 (id=?)"), "\(settleDelivered)")
        #expect(!settleDelivered.contains { $0.hasPrefix("SCAN") && !$0.contains("json_each") }, "\(settleDelivered)")
        let finish = try plan(TidingsDatabase.finishLegsSQL, ["stdout", "[\"a\"]"])
        #expect(finish.contains("SEARCH outbox USING INDEX sqlite_autoindex_outbox_1 (notificationId=? AND channel=?)"), "\(finish)")
        let clear = try plan(TidingsDatabase.clearFlightsSQL, ["stdout", "[\"a\"]"])
        #expect(clear.contains("SEARCH inflight USING INDEX sqlite_autoindex_inflight_1 (notificationId=? AND channel=?)"), "\(clear)")
    }

    @Test("A database written by a newer Tidings is refused with a clear error", .sqliteFileOnly)
    func newerSchema() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.database()
        // A later version would have added a migration this one does not know.
        let queue = try DatabaseQueue(path: dir.file("tidings.sqlite"))
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-future')") }
        try queue.close()
        let error = try #require(throws: StoreError.self) { try dir.database() }
        #expect(error.description.contains("newer version of Tidings"))
        #expect(error.description.contains(dir.file("tidings.sqlite")))
    }

    @Test("A file that is not a database: the error names the file and the way out", .sqliteFileOnly)
    func notADatabase() throws {
        let dir = try TemporaryDirectory()
        try dir.write(String(repeating: "garbage ", count: 1000), to: "tidings.sqlite")
        let error = try #require(throws: StoreError.self) { try dir.database() }
        #expect(error.description.hasPrefix("database \(dir.file("tidings.sqlite")):"))
        #expect(error.description.contains("damaged or not a Tidings database"))
    }

    @Test("The database opens in WAL mode, and a second open migrates nothing", .sqliteFileOnly)
    func walAndReopen() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        _ = try database.applyPlan([item("a", due: 10)], now: 0)
        let again = try dir.database()
        #expect(try again.notifications(ids: ["a"]).count == 1)
        let queue = try DatabaseQueue(path: dir.file("tidings.sqlite"))
        let mode = try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test("An invalid or failed fetch never replaces the last-known-good; 304 confirms it")
    func lastKnownGood() throws {
        let database = try TemporaryDirectory().database()
        let good = NotificationContent(id: "1", title: "Good", body: "B", scheduledTime: 0, fetchTime: 100)
        try database.recordFetch(
            url: "https://x/a", attempt: FetchAttempt(source: "s", startedAt: 100, durationMs: 1, outcome: .ok),
            update: .replace([good], etag: "\"e1\"", lastModified: nil))
        try database.recordFetch(
            url: "https://x/a", attempt: FetchAttempt(source: "s", startedAt: 200, durationMs: 1, outcome: .invalid, reason: "bad"),
            update: .keep)
        #expect(try database.cachedContent().map(\.title) == ["Good"])
        #expect(try database.sourceState(named: "s")?.etag == "\"e1\"")
        #expect(try database.sourceState(named: "s")?.lastOutcome == .invalid)
        try database.recordFetch(
            url: "https://x/a", attempt: FetchAttempt(source: "s", startedAt: 300, durationMs: 1, outcome: .notModified),
            update: .confirm)
        #expect(try database.cachedContent().map(\.fetchTime) == [300])
        #expect(try database.sourceState(named: "s")?.lastSuccessAt == 300)
        #expect(try database.sourceState(named: "s")?.firstSeenAt == 100)
        // A new URL: the old validators do not apply to it.
        try database.recordFetch(
            url: "https://x/b", attempt: FetchAttempt(source: "s", startedAt: 400, durationMs: 1, outcome: .network),
            update: .keep)
        #expect(try database.sourceState(named: "s")?.etag == nil)
    }

    @Test("applyPlan inserts, updates pending, cancels, and never touches settled items")
    func applyPlan() throws {
        let database = try TemporaryDirectory().database()
        var changes = try database.applyPlan([item("a", due: 10), item("b", due: 20), item("c", due: 30)], now: 0)
        #expect(changes.created == 3)
        // Deliver "a"
        let claimed = try database.claimDue(at: 10)
        #expect(claimed.map(\.id) == ["a"])
        try database.recordDeliveries(
            [
                DeliveryRecord(
                    notificationId: "a", scheduledTime: 10, actualDeliveryTime: 10, contentAge: nil,
                    staleness: .fresh, channel: .stdout, outcome: .delivered)
            ], now: 10)
        var changedA = item("a", due: 10)
        changedA.title = "changed"
        var changedB = item("b", due: 20)
        changedB.title = "changed"
        changes = try database.applyPlan([changedA, changedB], cancel: ["c": "turned off"], now: 11)
        #expect(
            changes
                == {
                    var c = PlanChanges()
                    c.updated = 1
                    c.settled = 1
                    return c
                }())
        let rows = try database.notifications(ids: ["a", "b", "c"])
        #expect(rows["a"]?.title == "T a")
        #expect(rows["a"]?.state == .delivered)
        #expect(rows["b"]?.title == "changed")
        #expect(rows["c"]?.state == .cancelled)
        #expect(rows["c"]?.stateReason == "turned off")
    }

    @Test("Claims are exclusive and missed items are marked; a live claimant keeps its claim, a dead one's goes back to pending")
    func claims() throws {
        let database = try TemporaryDirectory().database()
        _ = try database.applyPlan([item("old", due: 0), item("due", due: 5_000_000), item("later", due: 9_000_000)], now: 0)
        #expect(try database.hasDeliveryWork(at: 4_000_000))
        let missed = try database.markMissed(dueBefore: 1_000_000, now: 5_000_000) { _ in "too late" }
        #expect(missed.map(\.id) == ["old"])
        let first = try database.claimDue(at: 5_000_000)
        let second = try database.claimDue(at: 5_000_000)
        #expect(first.map(\.id) == ["due"])
        #expect(first.first?.claimedBy == Claimant.current.description)
        #expect(second.isEmpty)
        let later = 5_000_000 + 100 * TidingsDatabase.abandonedClaimAge
        #expect(try database.releaseAbandonedClaims(now: later) == ReleasedClaims(), "this process is alive: its claim stands, however old")
        #expect(try database.notifications(ids: ["due"])["due"]?.state == .delivering)

        // The same claim seen from another process of the same boot after this one ended:
        // a claimant whose start time no longer matches its pid is dead.
        var ended = Claimant.current
        ended.start += 1
        let observer = Claimant(boot: ended.boot, namespace: ended.namespace, pid: 1, start: 0)
        #expect(Claimant.liveness(of: ended.description, observer: observer) == .dead)
        #expect(Claimant.liveness(of: Claimant.current.description, observer: observer) == .alive)
        #expect(try database.releaseAbandonedClaims(now: 5_000_001, observer: ended) == ReleasedClaims(items: 0))
        let stranger = Claimant(boot: ended.boot, namespace: "1", pid: 1, start: 0)
        #expect(Claimant.liveness(of: Claimant.current.description, observer: stranger) == .unknown)
        #expect(try database.releaseAbandonedClaims(now: 5_000_001, observer: stranger).items == 0, "unknown and young: left alone")
        #expect(try database.releaseAbandonedClaims(now: later, observer: stranger).items == 1, "unknown and old: released")
        let due = try database.notifications(ids: ["due"])["due"]
        #expect(due?.state == .pending)
        #expect(due?.stateReason?.hasPrefix("resumed:") == true)
        #expect(try database.claimDue(at: later).first?.claims == 3, "the claim, the takeover, the claim again: three attempts")
        #expect(try database.notifications(ids: ["old"])["old"]?.stateReason == "too late")
    }

    @Test("Stage runs come back newest first, filtered by stage")
    func stageRuns() throws {
        let database = try TemporaryDirectory().database()
        try database.recordStageRun(StageRun(stage: .plan, startedAt: 1, endedAt: 2, outcome: .ok, summary: "one"))
        try database.recordStageRun(StageRun(stage: .deliver, startedAt: 3, endedAt: 4, outcome: .degraded, summary: "two"))
        try database.recordStageRun(StageRun(stage: .plan, startedAt: 5, endedAt: 6, outcome: .failed, summary: "three"))
        #expect(try database.recentStageRuns(limit: 10).map(\.summary) == ["three", "two", "one"])
        #expect(try database.recentStageRuns(limit: 1, stage: .plan).map(\.summary) == ["three"])
    }

    @Test("The pipeline's runs leave out the report runs that ended ok, not those that failed")
    func pipelineRuns() throws {
        let database = try TemporaryDirectory().database()
        try database.recordStageRun(StageRun(stage: .prefetch, startedAt: 1, endedAt: 2, outcome: .degraded, summary: "fetched"))
        try database.recordStageRun(StageRun(stage: .plan, startedAt: 3, endedAt: 4, outcome: .ok, summary: "planned"))
        for minute in 5...30 {
            try database.recordStageRun(
                StageRun(stage: .report, startedAt: Int64(minute), endedAt: Int64(minute), outcome: .ok, summary: "report \(minute)"))
        }
        try database.recordStageRun(StageRun(stage: .report, startedAt: 31, endedAt: 32, outcome: .failed, summary: "cannot write"))
        try database.recordStageRun(StageRun(stage: .report, startedAt: 33, endedAt: 34, outcome: .ok, summary: "report 33"))
        #expect(try database.recentPipelineRuns(limit: 3).map(\.summary) == ["cannot write", "planned", "fetched"])
        #expect(try database.recentStageRuns(limit: 1).map(\.summary) == ["report 33"])
    }
}
