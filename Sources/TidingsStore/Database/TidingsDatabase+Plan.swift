import TidingsCore

/// What applying a plan changed.
public struct PlanChanges: Sendable, Equatable {
    /// Notifications that did not exist before.
    public var created = 0
    /// Pending notifications whose time or text changed.
    public var updated = 0
    /// Delivered notifications whose facts changed: sent again as an update in place.
    public var resent = 0
    /// Rows of history deleted for being older than `retention.days`.
    public var pruned = 0
    /// Pending notifications already as planned.
    public var unchanged = 0
    /// Notifications left alone because they are no longer pending (delivered, missed, …).
    public var settled = 0

    /// No changes yet.
    public init() {}
}

extension TidingsDatabase {
    /// The notifications with these ids that exist, keyed by id.
    public func notifications(ids: [String]) throws(StoreError) -> [String: NotificationRecord] {
        try snapshot("read notifications") { db in try Self.notifications(ids: ids, db: db) }
    }

    /// The notifications with these ids that exist, keyed by id, read through `db`.
    static func notifications(ids: [String], db: any StoreConnection) throws -> [String: NotificationRecord] {
        // In chunks through one prepared statement: a plan over a year asks for tens of
        // thousands of ids, and one statement with as many placeholders is slow to build.
        let chunk = 500
        var found: [String: NotificationRecord] = [:]
        found.reserveCapacity(ids.count)
        var start = 0
        while start < ids.count {
            let part = ids[start..<min(start + chunk, ids.count)]
            let marks = Array(repeating: "?", count: part.count).joined(separator: ", ")
            for row in try db.rows("SELECT * FROM notification WHERE id IN (\(marks))", part.map(\.storeValue)) {
                let record = try NotificationRecord(store: row)
                found[record.id] = record
            }
            start += chunk
        }
        return found
    }

    /// The desktop's answers about URL scheme handlers kept from earlier runs, by scheme: only
    /// those given under `stamp` (see `SchemeHandlers.stamp`) at `since` or later; the others
    /// are out of date.
    public func schemeHandlerAnswers(stamp: String, since: EpochMillis) throws(StoreError) -> [String: Bool] {
        try snapshot("read scheme handlers") { db in
            var answers: [String: Bool] = [:]
            for row in try db.rows(
                "SELECT scheme, installed FROM schemeHandler WHERE stamp = ? AND checkedAt >= ?", [stamp.storeValue, since.storeValue])
            {
                answers[try row.decode(0, as: String.self)] = try row.decode(1, as: Bool.self)
            }
            return answers
        }
    }

    /// Keeps `answers` (scheme: installed) under `stamp` for later runs.
    public func saveSchemeHandlerAnswers(_ answers: [String: Bool], stamp: String, now: EpochMillis) throws(StoreError) {
        guard !answers.isEmpty else { return }
        try transaction("save scheme handlers") { db in
            for (scheme, installed) in answers {
                try db.execute(
                    """
                    INSERT INTO schemeHandler (scheme, installed, stamp, checkedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (scheme) DO UPDATE SET installed = excluded.installed, stamp = excluded.stamp, checkedAt = excluded.checkedAt
                    """,
                    [scheme.storeValue, installed.storeValue, stamp.storeValue, now.storeValue])
            }
        }
    }

    /// Every pending or backlogged notification, earliest first.
    public func openNotifications() throws(StoreError) -> [NotificationRecord] {
        try snapshot("read pending notifications") { db in try Self.openNotifications(db: db) }
    }

    /// The pending and backlog notifications, earliest first, read through `db`.
    static func openNotifications(db: any StoreConnection) throws -> [NotificationRecord] {
        try db.rows("SELECT * FROM notification WHERE state IN ('pending', 'backlog') ORDER BY dueAt").map(NotificationRecord.init(store:))
    }

    /// Pending notifications of `kind`, earliest first.
    public func pendingNotifications(kind: NotificationKind) throws(StoreError) -> [NotificationRecord] {
        try snapshot("read pending notifications") { db in
            try db.rows("SELECT * FROM notification WHERE state = 'pending' AND kind = ? ORDER BY dueAt", [kind.storeValue])
                .map(NotificationRecord.init(store:))
        }
    }

    /// Stores the planned notifications: new ids are inserted, pending ones updated when
    /// they changed, cancelled ones planned again (a setting was turned back on), delivered
    /// ones pending again when the plan carries their next revision (an update in place),
    /// and anything else (being delivered, missed, failed, expired) is never touched.
    /// The ids in `cancel` are cancelled, with their reason, if they are still pending; a
    /// pending update is dropped instead (the item stays delivered). An item the user edited,
    /// cancelled or merged (`isHeldByUser`) keeps its text, time and state; an open one only
    /// moves between pending and backlog as `planned` says.
    /// `known` are the stored rows the plan was made from (`planRows`): when nothing was
    /// written to the store since they were read, they are the rows, and are not read again.
    public func applyPlan(
        _ planned: [NotificationRecord], cancel: [String: String] = [:], known: PlanRows = PlanRows(), now: EpochMillis
    ) throws(StoreError) -> PlanChanges {
        try transaction("save plan") { db in
            // Checked before the cancellations below, which are this transaction's own writes.
            let current = try known.mark != nil && db.changeMark() == known.mark
            var changes = PlanChanges()
            for (id, reason) in cancel {
                try db.execute(
                    """
                    UPDATE notification SET state = \(Self.unsentState(.cancelled)),
                        stateReason = ?, updatedAt = ? WHERE id = ? AND state IN ('pending', 'backlog')
                        AND hold & \(Hold.user.rawValue) = 0
                    """,
                    [reason.storeValue, now.storeValue, id.storeValue])
            }
            // The stored rows are read in chunks of ids, in this transaction, and each planned
            // item is written only when it changed: a plan over a year that ran before reads
            // 12,000 rows in 24 statements and writes none. The read tells which write: an
            // insert of a new row, or an update of every column of a known one (each statement
            // prepared once: the connection keeps them by their text). An id met twice is
            // read again, as it stands after the first write.
            // Rows the plan read in a state of the store that still stands are taken as read
            // (a plan over a year that ran before: 12,000 rows not decoded again), except the
            // ones cancelled above.
            func asRead(_ id: String) -> Bool { current && known.knows(id) && cancel[id] == nil }
            var stored = try Self.notifications(ids: planned.map(\.id).filter { !asRead($0) }, db: db)
            var written = Set<String>()
            for item in planned {
                let found: NotificationRecord? =
                    if written.contains(item.id) {
                        try db.row("SELECT * FROM notification WHERE id = ?", [item.id.storeValue]).map(NotificationRecord.init(store:))
                    } else if asRead(item.id) {
                        known.with(item.id) { $0 }
                    } else {
                        stored.removeValue(forKey: item.id)
                    }
                written.insert(item.id)
                guard var existing = found else {
                    try db.execute(NotificationRecord.insertSQL, item.storeValues)
                    changes.created += 1
                    continue
                }
                if existing.isHeldByUser {
                    try Self.keepHeld(existing, placedAs: item, now: now, changes: &changes, db: db)
                    continue
                }
                let revived = existing.state == .cancelled
                let open = existing.isOpen
                let resent = existing.state.reachedUser && item.revision > existing.revision
                guard open || revived || resent else {
                    changes.settled += 1
                    continue
                }
                if resent {
                    changes.resent += 1
                    // The update shows the item again: a clear still waiting would take it back.
                    try Self.dropClears(of: item.id, db: db)
                }
                if !revived && existing.plansSame(as: item) {
                    changes.unchanged += 1
                    continue
                }
                let createdAt = existing.createdAt
                existing = item
                existing.createdAt = createdAt
                existing.updatedAt = now
                try Self.rewrite(existing, db: db)
                if !resent { changes.updated += 1 }
            }
            return changes
        }
    }

    /// Leaves `held` as the user left it, except that an open one takes the pending or
    /// backlog place the cap gave `placed`.
    private static func keepHeld(
        _ held: NotificationRecord, placedAs placed: NotificationRecord, now: EpochMillis, changes: inout PlanChanges,
        db: any StoreConnection
    ) throws {
        guard held.isOpen else {
            changes.settled += 1
            return
        }
        guard placed.isOpen, placed.state != held.state || placed.hold.contains(.cap) != held.hold.contains(.cap) else {
            changes.unchanged += 1
            return
        }
        var moved = held
        moved.state = placed.state
        moved.stateReason = placed.stateReason
        moved.hold = held.hold.subtracting(.cap).union(placed.hold.intersection(.cap))
        moved.updatedAt = now
        try rewrite(moved, db: db)
        changes.updated += 1
    }

    /// Writes every column of the stored notification `row` (found by its id).
    static func rewrite(_ row: NotificationRecord, db: any StoreConnection) throws {
        try db.execute(NotificationRecord.updateSQL, Array(row.storeValues.dropFirst()) + [row.id.storeValue])
    }
}
