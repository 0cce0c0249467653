import TidingsCore

extension TidingsDatabase {
    /// Fills the pending places free under `cap` with the backlog's first items in the cap's
    /// order (`PendingCap.ranks`), expired ones left out, and returns how many it promoted.
    /// `deliver` calls it before it claims and after it sends, so a place that a delivery,
    /// an expiry or a cancellation frees is filled within a minute, without waiting for a
    /// plan. It only promotes: what is pending stays pending.
    @discardableResult
    public func fillPendingPlaces(under cap: PendingCap, now: EpochMillis) throws(StoreError) -> Int {
        try transaction("fill pending places") { db in
            let pending = try db.value("SELECT count(*) FROM notification WHERE state = 'pending'", as: Int.self) ?? 0
            guard pending < cap.limit else { return 0 }
            // The backlog is read a page at a time (in due order, by key), keeping only the
            // places' worth of the first in rank: its size never lands in memory at once.
            let room = cap.limit - pending
            var promoted: [NotificationRecord] = []
            var after: (dueAt: EpochMillis, id: String)?
            let page = Self.unsentBatch
            while true {
                let next = after.map { _ in " AND dueAt >= ? AND (dueAt > ? OR id > ?)" } ?? ""
                let bound = after.map { [$0.dueAt.storeValue, $0.dueAt.storeValue, $0.id.storeValue] } ?? []
                let waiting = try db.rows(
                    """
                    SELECT * FROM notification WHERE state = 'backlog' AND (expiresAt IS NULL OR expiresAt > ?)\(next)
                    ORDER BY dueAt, id LIMIT \(page)
                    """, [now.storeValue] + bound
                ).map(NotificationRecord.init(store:))
                promoted = Array((promoted + waiting).sorted { PendingCap.ranks($0, before: $1, now: now) }.prefix(room))
                guard waiting.count == page, let last = waiting.last else { break }
                after = (last.dueAt, last.id)
            }
            for item in promoted {
                try db.execute(
                    "UPDATE notification SET state = 'pending', stateReason = NULL, hold = hold & ~\(Hold.cap.rawValue), updatedAt = ? WHERE id = ? AND state = 'backlog'",
                    [now.storeValue, item.id.storeValue])
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
        try transaction("place under the pending cap") { db in
            let open = try db.rows(
                "SELECT * FROM notification WHERE state IN ('pending', 'backlog') AND (expiresAt IS NULL OR expiresAt > ?)", [now.storeValue]
            ).map(NotificationRecord.init(store:))
            let before = Dictionary(open.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
            var moved = 0
            for item in cap.assign(open, now: now) where before[item.id] != item.state {
                try db.execute(
                    "UPDATE notification SET state = ?, stateReason = ?, hold = ?, updatedAt = ? WHERE id = ? AND state IN ('pending', 'backlog')",
                    [item.state.storeValue, item.stateReason.storeValue, item.hold.storeValue, now.storeValue, item.id.storeValue])
                moved += 1
            }
            return moved
        }
    }
}
