import GRDB
import TidingsCore

extension TidingsDatabase {
    /// Deletes the history older than `cutoff`: delivery rows (and refused late outcomes)
    /// scheduled before it, fetch
    /// attempts and stage runs started before it, and notifications due before it that are
    /// settled (never a pending, backlogged or claimed one, nor one a retry waits for). Kept
    /// whatever their age: the cached content and calendars (the last-known-good), unread
    /// inbox items, the delivered entries of remote schedules, the first run in the log and
    /// each program's last successful run (the monitoring judges from them). Old answers of
    /// the LLM go too, repeating reminders stopped or ended before it, and the nag rules of
    /// reminders gone. Returns how many rows went. Each delete is a range of an index, so a
    /// run with nothing old costs little.
    public func prune(before cutoff: EpochMillis) throws(StoreError) -> Int {
        try withTemporaryFiles { () throws(StoreError) in try pruneHistory(before: cutoff) }
    }

    /// `prune`'s deletes, in one transaction.
    private func pruneHistory(before cutoff: EpochMillis) throws(StoreError) -> Int {
        try transaction("prune old history") { db in
            var removed = 0
            for table in Self.history {
                removed += try db.execute("DELETE FROM \(table.name) WHERE \(table.time) < ? AND \(table.evictable)", [cutoff.storeValue])
            }
            // A repeating reminder stopped or ended before the cutoff has no occurrence to come
            // (the disk-full eviction leaves these few small rows alone).
            removed += try db.execute("DELETE FROM reminder WHERE coalesce(stoppedAt, untilAt) < ?", [cutoff.storeValue])
            // The nag rule of a reminder that is gone, rule and notifications (a few rows, one
            // per reminder added with --nag).
            removed += try db.execute(
                """
                DELETE FROM nag WHERE NOT EXISTS (SELECT 1 FROM reminder WHERE reminder.id = nag.id)
                  AND NOT EXISTS (SELECT 1 FROM notification WHERE notification.id = nag.id)
                """)
            return removed
        }
    }

    /// A table of history: the column that dates a row, and which rows may go once old (SQL
    /// that both engines take: `TRUE` for every row, where PostgreSQL takes no bare `1`).
    struct HistoryTable {
        var name: String
        var time: String
        var evictable: String
    }

    /// The history `prune` and the disk-full eviction delete, in the order they delete it
    /// (deliveries before the notifications whose unread inbox rows keep them).
    static let history: [HistoryTable] = {
        let settled = [NotificationState.delivered, .read, .dismissed, .failed, .missed, .expired, .cancelled]
            .map { "'\($0.rawValue)'" }.joined(separator: ", ")
        // Unread as `tidings inbox` counts it (`unreadInboxSQL`): an item read or dismissed on
        // the desktop, or a test, may go. A reminder of a meeting that began is kept (this
        // clause has no clock), as it was before it left the unread list.
        let unread = """
            channel = 'inbox' AND outcome = 'delivered' AND engagement IS NULL AND EXISTS (
                SELECT 1 FROM notification AS seen WHERE seen.id = delivery.notificationId
                AND seen.state NOT IN ('read', 'dismissed') AND seen.kind <> 'test')
            """
        // A remote schedule's entry the user saw is its only record that it was sent: a new
        // version of the schedule must not send it again, however long ago that was.
        let reached = [NotificationState.delivered, .read, .dismissed].map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return [
            HistoryTable(name: "delivery", time: "scheduledTime", evictable: "NOT (\(unread))"),
            HistoryTable(name: "fetchAttempt", time: "startedAt", evictable: "TRUE"),
            // Late outcomes refused by the fence (v24): counted by the report, like deliveries.
            HistoryTable(name: "staleOutcome", time: "scheduledTime", evictable: "TRUE"),
            HistoryTable(
                name: "notification", time: "dueAt",
                evictable: """
                    state IN (\(settled)) AND NOT (kind = 'schedule' AND state IN (\(reached)))
                      AND id NOT IN (SELECT notificationId FROM outbox)
                      AND id NOT IN (SELECT notificationId FROM delivery WHERE \(unread))
                    """),
            HistoryTable(
                name: "stageRun", time: "startedAt",
                evictable: """
                    stage IN ('prefetch', 'plan', 'deliver', 'report') AND id <> (SELECT min(id) FROM stageRun)
                      AND id NOT IN (SELECT max(id) FROM stageRun WHERE outcome IN ('ok', 'degraded') GROUP BY stage)
                    """),
            // Texts an LLM wrote: asked again (or the template used) when gone.
            HistoryTable(name: "llmCache", time: "createdAt", evictable: "TRUE"),
        ]
    }()

    /// Gives the free pages back to the file system once there are many (retention deleted a
    /// lot): `PRAGMA incremental_vacuum` on a file made with `auto_vacuum = INCREMENTAL`. A
    /// file made by an older Tidings is converted once with `VACUUM` when a quarter of it is
    /// free. Returns the pages released.
    ///
    /// SQLite's own maintenance, on GRDB: only a SQLite file has pages to give back
    /// (`isSQLiteFile`); PostgreSQL's autovacuum keeps its tables' free space without being asked.
    @discardableResult
    public func releaseFreePages(atLeast minimum: Int = 2048) throws(StoreError) -> Int {
        guard isSQLiteFile else { return 0 }
        do {
            return try writer.writeWithoutTransaction { db in
                let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                guard free >= minimum else { return 0 }
                if try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 2 {
                    try db.execute(sql: "PRAGMA incremental_vacuum")
                } else {
                    let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                    guard free * 4 >= pages else { return 0 }
                    try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                    // VACUUM builds the whole copy in SQLite's temporary storage: a file, not memory.
                    try db.execute(sql: "PRAGMA temp_store = FILE")
                    defer { try? db.execute(sql: "PRAGMA temp_store = MEMORY") }
                    try db.execute(sql: "VACUUM")
                }
                return free - (try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0)
            }
        } catch {
            throw StoreError(path: path, operation: "release free pages", error: error)
        }
    }

    /// The engine check of SQLite's own maintenance (PRAGMAs, `VACUUM`): whether the store is a
    /// SQLite file. The store's connection is GRDB's, so it is unless it is a database in memory.
    var isSQLiteFile: Bool { postgres == nil && path != ":memory:" }

    /// Runs `body` with SQLite's temporary storage in files (`PRAGMA temp_store = FILE`), as
    /// SQLite has it by default: for a bulk write whose statement journal grows with the store
    /// (a prune of months of history), which the connection's in-memory journals would hold in
    /// memory. Outside any transaction; nothing to switch on PostgreSQL.
    func withTemporaryFiles<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard isSQLiteFile else { return try body() }
        do {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA temp_store = FILE") }
        } catch {
            throw StoreError(path: path, operation: "use temporary files", error: error)
        }
        defer { _ = try? writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA temp_store = MEMORY") } }
        return try body()
    }
}
