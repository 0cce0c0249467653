import TidingsCore

/// What the server of an ntfy target with `schedule_ahead` holds of one item: the item was
/// posted ahead of its time, for the server to show at its due time whatever this machine is
/// doing then. One row per item and target, and one with an empty channel for an item in the
/// window that goes to no such target, so that an unchanged item is looked at once.
public struct HandOver: Sendable, Equatable {
    /// Where a hand-over is at.
    public enum State: String, VocabularyWord {
        /// Being posted: written before the request, so that a run killed before the answer
        /// leaves a trace of what the server may hold (the next run posts it again, or takes
        /// it back).
        case posting
        /// The server holds it, to show at `dueAt`.
        case scheduled
        /// The server refused to hold it (an older ntfy, a delay over its limit): the item
        /// goes out at its due time as any other.
        case refused
        /// The item goes to no target that hands over.
        case none
    }

    /// The notification's id.
    public var notificationId: String
    /// The target (`webhook:phone`); empty for `none`.
    public var channel: String
    /// Where it is at.
    public var state: State
    /// The due time the server holds it for.
    public var dueAt: EpochMillis
    /// What the server holds (its request, hashed), to see a change of the item's text.
    public var fingerprint: String
    /// The item's `updatedAt` when this row was last checked against it.
    public var itemUpdatedAt: EpochMillis
    /// When it was handed over, or refused.
    public var handedAt: EpochMillis
    /// Why the server refused it.
    public var reason: String?

    /// How close to its due time an item is still handed over (or replaced): nearer ones go
    /// out at their time as any other.
    public static let margin: Int64 = 2 * 60_000

    /// A row.
    public init(
        notificationId: String, channel: String, state: State, dueAt: EpochMillis, fingerprint: String, itemUpdatedAt: EpochMillis,
        handedAt: EpochMillis, reason: String? = nil
    ) {
        self.notificationId = notificationId
        self.channel = channel
        self.state = state
        self.dueAt = dueAt
        self.fingerprint = fingerprint
        self.itemUpdatedAt = itemUpdatedAt
        self.handedAt = handedAt
        self.reason = reason
    }
}

extension HandOver {
    /// The row `row` of the handover table.
    init(store row: StoreRow) throws {
        notificationId = try row.decode("notificationId")
        channel = try row.decode("channel")
        state = State(rawValue: try row.decode("state")) ?? .refused
        dueAt = try row.decode("dueAt")
        fingerprint = try row.decode("fingerprint")
        itemUpdatedAt = try row.decode("itemUpdatedAt")
        handedAt = try row.decode("handedAt")
        reason = try row.decode("reason")
    }
}

/// The table of migration v28-handover, the same on both engines.
public enum HandOverTable {
    /// The statements of v28-handover.
    public static let create = [
        """
        CREATE TABLE handover (
            notificationId TEXT NOT NULL,
            channel TEXT NOT NULL,
            state TEXT NOT NULL,
            dueAt BIGINT NOT NULL,
            fingerprint TEXT NOT NULL,
            itemUpdatedAt BIGINT NOT NULL,
            handedAt BIGINT NOT NULL,
            reason TEXT,
            PRIMARY KEY (notificationId, channel)
        )
        """
    ]

    /// The condition (on a `notification` row of the outer query; its argument is the run's
    /// `now`) that the server of a target has shown a version of the item by now: `deliver`
    /// then does not count it missed or expired, since it reached the user, but records it.
    static let shownByServer = """
        EXISTS (SELECT 1 FROM handover h WHERE h.notificationId = notification.id AND h.state = 'scheduled' AND h.dueAt <= ?)
        """

    /// The condition that a hand-over pass has work: an item in the window (between the first
    /// two arguments) not looked at in its current version, a post whose answer was not
    /// recorded, or a row whose item changed or went away.
    static let work = """
        EXISTS (SELECT 1 FROM notification n WHERE n.state = 'pending' AND n.revision = 0 AND n.dueAt > ? AND n.dueAt <= ?
                AND (NOT EXISTS (SELECT 1 FROM handover h WHERE h.notificationId = n.id)
                     OR EXISTS (SELECT 1 FROM handover h WHERE h.notificationId = n.id AND h.itemUpdatedAt <> n.updatedAt)))
        OR EXISTS (SELECT 1 FROM handover h WHERE h.state = 'posting')
        OR EXISTS (SELECT 1 FROM handover h WHERE NOT EXISTS (
                SELECT 1 FROM notification n WHERE n.id = h.notificationId AND n.updatedAt = h.itemUpdatedAt))
        """
}

extension TidingsDatabase {
    /// What a hand-over pass at `now` looks at: the first sends pending with a due time after
    /// `from` and up to `until`, the items of every hand-over row (whatever their state, by
    /// id), and the rows.
    public func handOverState(from: EpochMillis, until: EpochMillis) throws(StoreError) -> (
        items: [String: NotificationRecord], rows: [HandOver]
    ) {
        try snapshot("read hand-overs") { db in
            let rows = try db.rows("SELECT * FROM handover ORDER BY notificationId, channel").map(HandOver.init(store:))
            var items: [String: NotificationRecord] = [:]
            for item in try db.rows(
                "SELECT * FROM notification WHERE state = 'pending' AND revision = 0 AND dueAt > ? AND dueAt <= ?",
                [from.storeValue, until.storeValue]
            ).map(NotificationRecord.init(store:)) {
                items[item.id] = item
            }
            let missing = Set(rows.map(\.notificationId)).subtracting(items.keys)
            if !missing.isEmpty {
                for item in try db.rows(
                    "SELECT * FROM notification WHERE id IN \(db.dialect.jsonTextList)", [Self.jsonList(missing).storeValue]
                ).map(NotificationRecord.init(store:)) {
                    items[item.id] = item
                }
            }
            return (items, rows)
        }
    }

    /// The rows of `ids` whose server holds the item, by id.
    public func handOvers(of ids: [String]) throws(StoreError) -> [String: [HandOver]] {
        guard !ids.isEmpty else { return [:] }
        let rows = try snapshot("read hand-overs") { db in
            try db.rows(
                "SELECT * FROM handover WHERE state = 'scheduled' AND notificationId IN \(db.dialect.jsonTextList)",
                [Self.jsonList(ids).storeValue]
            ).map(HandOver.init(store:))
        }
        return Dictionary(grouping: rows, by: \.notificationId)
    }

    /// Writes `rows` (a new or changed hand-over each) and deletes the rows of `dropped`
    /// (notification id and channel), in one transaction.
    public func saveHandOvers(_ rows: [HandOver], dropping dropped: [(id: String, channel: String)]) throws(StoreError) {
        guard !rows.isEmpty || !dropped.isEmpty else { return }
        try transaction("record hand-overs") { db in
            for (id, channel) in dropped {
                try db.execute("DELETE FROM handover WHERE notificationId = ? AND channel = ?", [id.storeValue, channel.storeValue])
            }
            for row in rows {
                try db.execute(
                    """
                    INSERT INTO handover (notificationId, channel, state, dueAt, fingerprint, itemUpdatedAt, handedAt, reason)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (notificationId, channel) DO UPDATE SET state = excluded.state, dueAt = excluded.dueAt,
                        fingerprint = excluded.fingerprint, itemUpdatedAt = excluded.itemUpdatedAt, handedAt = excluded.handedAt,
                        reason = excluded.reason
                    """,
                    [
                        row.notificationId.storeValue, row.channel.storeValue, row.state.rawValue.storeValue, row.dueAt.storeValue,
                        row.fingerprint.storeValue, row.itemUpdatedAt.storeValue, row.handedAt.storeValue, row.reason.storeValue,
                    ])
            }
        }
    }

    /// What the servers of targets hold to show after `now`, and what they refused: counts,
    /// and the latest refusal's reason.
    public func handOverSummary(after now: EpochMillis) throws(StoreError) -> (held: Int, refused: Int, reason: String?) {
        try snapshot("count hand-overs") { db in
            let held =
                try db.value("SELECT count(*) FROM handover WHERE state = 'scheduled' AND dueAt > ?", [now.storeValue], as: Int.self) ?? 0
            let refused = try db.value("SELECT count(*) FROM handover WHERE state = 'refused'", as: Int.self) ?? 0
            let reason = try db.value(
                "SELECT reason FROM handover WHERE state = 'refused' ORDER BY handedAt DESC LIMIT 1", as: String.self)
            return (held, refused, reason)
        }
    }
}
