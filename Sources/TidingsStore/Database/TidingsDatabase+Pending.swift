import TidingsCore

/// Why a change the user asked for was refused: the item and the reason.
public struct PendingRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The notification's id as given.
    public var id: String
    /// Why, e.g. `delivered, not pending`.
    public var reason: String

    /// Creates a refusal.
    public init(id: String, reason: String) {
        self.id = id
        self.reason = reason
    }

    /// `"daily:2026-11-22": delivered, not pending`.
    public var description: String { "\"\(id)\": \(reason)" }
}

/// What a change to pending notifications did: all of it, or nothing and the reasons.
public enum PendingWrite: Sendable, Equatable {
    /// Written: the items as they are now.
    case done([NotificationRecord])
    /// Nothing was written.
    case refused([PendingRefusal])
}

/// A user's change to the text or time of a pending notification; nil leaves a field as it is.
public struct PendingEdit: Sendable, Equatable {
    /// The new due time.
    public var dueAt: EpochMillis?
    /// The new title (already checked).
    public var title: String?
    /// The new body (already checked).
    public var body: String?

    /// Creates an edit.
    public init(dueAt: EpochMillis? = nil, title: String? = nil, body: String? = nil) {
        self.dueAt = dueAt
        self.title = title
        self.body = body
    }
}

extension TidingsDatabase {
    /// The notifications still to be sent (pending, in the backlog, or being sent right now),
    /// earliest first, at most `limit`; with `cancelled`, also cancelled ones due from `now` on.
    public func pendingList(cancelled: Bool, now: EpochMillis, limit: Int) throws(StoreError) -> [NotificationRecord] {
        try snapshot("read pending notifications") { db in
            try db.rows(
                """
                SELECT * FROM notification
                WHERE state IN ('pending', 'backlog', 'delivering') OR (? = 1 AND state = 'cancelled' AND dueAt >= ?)
                ORDER BY dueAt, id LIMIT ?
                """,
                [cancelled.storeValue, now.storeValue, limit.storeValue]
            ).map(NotificationRecord.init(store:))
        }
    }

    /// Cancels the notifications `ids` for `reason`, all or none: when one is unknown or no
    /// longer pending, nothing changes and each such id is refused. A waiting update of an
    /// item already delivered is dropped instead (the item stays delivered). The items are
    /// held for the user, so that `plan` never brings them back. An item already delivered on
    /// one of `clearing` (channels that can take back what they showed), not expired, is taken
    /// back there instead of refused: a clear is queued for `deliver`, and the item stays
    /// delivered, held for the user.
    public func cancelPending(ids: [String], reason: String, now: EpochMillis, clearing: [ChannelName] = []) throws(StoreError) -> PendingWrite {
        try transaction("cancel notifications") { db in
            var rows: [NotificationRecord] = []
            var delivered: [NotificationRecord] = []
            var clears: [ClearableLeg] = []
            var refusals: [PendingRefusal] = []
            for id in Self.unique(ids) {
                switch try Self.openRow(id, db: db) {
                case .success(let row): rows.append(row)
                case .failure(let refusal):
                    let row = try Self.storedNotification(id, db: db)
                    let legs = try row.map { try Self.clearableLegs(of: $0, channels: clearing, now: now, db: db) } ?? []
                    if let row, !legs.isEmpty {
                        delivered.append(row)
                        clears += legs
                    } else {
                        refusals.append(refusal)
                    }
                }
            }
            guard refusals.isEmpty else { return .refused(refusals) }
            try Self.queueClears(clears, reason: reason, now: now, db: db)
            let held = try delivered.map { row in
                var row = row
                row.holdForUser()
                row.hold.insert(.takenBack)
                row.updatedAt = now
                try Self.rewrite(row, db: db)
                return row
            }
            return .done(try rows.map { row in try Self.settle(row, reason: reason, now: now, db: db) } + held)
        }
    }

    /// Changes the time or text of the pending notification `id` and holds it for the user
    /// (`plan` no longer rewrites it). Refused when it is unknown, no longer pending, has
    /// expired, or when the new time is before `now` or not before its expiry.
    public func updatePending(id: String, edit: PendingEdit, now: EpochMillis, zone: Zone) throws(StoreError) -> PendingWrite {
        try transaction("update a notification") { db in
            var row: NotificationRecord
            switch try Self.openRow(id, db: db) {
            case .success(let found): row = found
            case .failure(let refusal): return .refused([refusal])
            }
            if let expiresAt = row.expiresAt, expiresAt <= now {
                return .refused([PendingRefusal(id: id, reason: "expired at \(ISOTime.format(expiresAt, in: zone))")])
            }
            if let dueAt = edit.dueAt {
                if dueAt < now {
                    return .refused([PendingRefusal(id: id, reason: "cannot be due at \(ISOTime.format(dueAt, in: zone)): that is in the past")])
                }
                if let expiresAt = row.expiresAt, dueAt >= expiresAt {
                    let reason = "expires at \(ISOTime.format(expiresAt, in: zone)): it cannot be due at \(ISOTime.format(dueAt, in: zone))"
                    return .refused([PendingRefusal(id: id, reason: reason)])
                }
                row.dueAt = dueAt
                row.plannedLocal = Self.wallTime(dueAt, in: zone)
                row.plannedZone = zone.identifier
            }
            if let title = edit.title { row.title = title }
            if let body = edit.body { row.body = body }
            row.holdForUser()
            row.updatedAt = now
            try Self.rewrite(row, db: db)
            return .done([row])
        }
    }

    /// The open row `id`, or why it cannot be changed.
    static func openRow(_ id: String, db: any StoreConnection) throws -> Result<NotificationRecord, PendingRefusal> {
        guard let row = try storedNotification(id, db: db) else {
            return .failure(PendingRefusal(id: id, reason: "no such notification (see tidings pending)"))
        }
        guard row.isOpen else {
            let reason =
                row.state == .delivering
                ? "being delivered right now" : "\(row.state), not pending"
            return .failure(PendingRefusal(id: id, reason: reason))
        }
        return .success(row)
    }

    /// Cancels the open `row` for `reason` (an update of a delivered item goes back to
    /// delivered), held for the user.
    static func settle(_ row: NotificationRecord, reason: String, now: EpochMillis, db: any StoreConnection) throws -> NotificationRecord {
        var row = row
        row.state = row.revision > 0 ? .delivered : .cancelled
        row.stateReason = reason
        row.holdForUser()
        row.updatedAt = now
        try rewrite(row, db: db)
        return row
    }

    /// The notification `id`; nil when there is none.
    static func storedNotification(_ id: String, db: any StoreConnection) throws -> NotificationRecord? {
        try db.row("SELECT * FROM notification WHERE id = ?", [id.storeValue]).map(NotificationRecord.init(store:))
    }

    /// `2026-11-22T07:30`: the wall time of `instant` in `zone`, as rows keep it.
    public static func wallTime(_ instant: EpochMillis, in zone: Zone) -> String {
        let (date, second) = zone.local(instant)
        return "\(date)T\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
    }

    private static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
