import GRDB
import TidingsCore

extension TidingsDatabase {
    /// Fills the pending places free under `cap` with the backlog's first items in the cap's
    /// order (`PendingCap.ranks`), expired ones left out, and returns how many it promoted.
    /// `deliver` calls it before it claims and after it sends, so a place that a delivery,
    /// an expiry or a cancellation frees is filled within a minute, without waiting for a
    /// plan. It only promotes: what is pending stays pending.
    @discardableResult
    public func fillPendingPlaces(under cap: PendingCap, now: EpochMillis) throws(StoreError) -> Int {
        try write("fill pending places") { db in
            let pending = try Int.fetchOne(db, sql: "SELECT count(*) FROM notification WHERE state = 'pending'") ?? 0
            guard pending < cap.limit else { return 0 }
            let waiting = try NotificationRecord.fetchAll(
                db, sql: "SELECT * FROM notification WHERE state = 'backlog' AND (expiresAt IS NULL OR expiresAt > ?)", arguments: [now])
            let promoted = waiting.sorted { PendingCap.ranks($0, before: $1, now: now) }.prefix(cap.limit - pending)
            for item in promoted {
                try db.execute(
                    sql:
                        "UPDATE notification SET state = 'pending', stateReason = NULL, hold = hold & ~\(Hold.cap.rawValue), updatedAt = ? WHERE id = ? AND state = 'backlog'",
                    arguments: [now, item.id])
            }
            return promoted.count
        }
    }

    /// Places every open item under `cap` at `now` (`PendingCap.assign`): the first `limit`
    /// are pending, the rest wait in the backlog. `tidings add` calls it after storing a
    /// reminder, so the reminder takes its place at once by the same rule `plan` follows;
    /// what it pushes out waits in the backlog. Only the state (and the backlog reason)
    /// changes; expired items are left to `deliver`. Returns how many items moved.
    @discardableResult
    public func placeUnderCap(_ cap: PendingCap, now: EpochMillis) throws(StoreError) -> Int {
        try write("place under the pending cap") { db in
            let open = try NotificationRecord.fetchAll(
                db, sql: "SELECT * FROM notification WHERE state IN ('pending', 'backlog') AND (expiresAt IS NULL OR expiresAt > ?)",
                arguments: [now])
            let before = Dictionary(open.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
            var moved = 0
            for item in cap.assign(open, now: now) where before[item.id] != item.state {
                try db.execute(
                    sql:
                        "UPDATE notification SET state = ?, stateReason = ?, hold = ?, updatedAt = ? WHERE id = ? AND state IN ('pending', 'backlog')",
                    arguments: [item.state, item.stateReason, item.hold, now, item.id])
                moved += 1
            }
            return moved
        }
    }
}
