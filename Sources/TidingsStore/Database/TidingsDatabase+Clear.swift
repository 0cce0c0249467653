import TidingsCore

/// One thing a channel showed that can be taken back: the item and the channel.
public struct ClearableLeg: Sendable, Equatable, Hashable {
    /// The notification's id.
    public var notificationId: String
    /// The channel that took it (`webhook:phone`).
    public var channel: ChannelName

    /// A leg.
    public init(notificationId: String, channel: ChannelName) {
        self.notificationId = notificationId
        self.channel = channel
    }
}

/// Clears: a meeting cancelled or removed after its reminder went out is taken back from the
/// channels that can remove what they showed (ntfy). A clear is a leg in the outbox with
/// `action = 'clear'`, so it gets the same claims, retries and crash guarantees as a send; its
/// outcome is a delivery row (`cleared`, `retry` or `failed`). The item itself stays
/// delivered: it did reach the user, and the rates count it so.
extension TidingsDatabase {
    /// The outbox action of a leg that takes back what a channel showed.
    public static let clearAction = "clear"

    /// Meeting reminders that reached the user on one of `channels`, whose meeting has not
    /// started at `now`, and that are neither cleared there nor waiting to be: what a plan
    /// takes back when their meeting is gone. Reads only reminders due in the last day.
    /// `updates` names open updates being cancelled (a reminder that went out, then moved,
    /// then cancelled before the update was sent): what their earlier versions showed counts
    /// as delivered too, since it still shows the old time.
    public func clearableMeetingLegs(channels: [ChannelName], now: EpochMillis, updates: [String] = []) throws(StoreError) -> [ClearableLeg] {
        guard !channels.isEmpty else { return [] }
        return try snapshot("read delivered reminders") { db in
            let list = db.dialect.jsonTextList
            let rows = try db.rows(
                """
                SELECT DISTINCT n.id, d.channel FROM notification n JOIN delivery d ON d.notificationId = n.id
                WHERE (n.state IN ('delivered', 'read', 'dismissed') OR (n.revision > 0 AND n.id IN \(list)))
                  AND n.dueAt > ? AND n.kind = 'meeting' AND n.expiresAt > ?
                  AND d.outcome = 'delivered' AND d.channel IN \(list)
                  AND NOT EXISTS (SELECT 1 FROM delivery c WHERE c.notificationId = n.id AND c.channel = d.channel
                                  AND c.outcome = 'cleared' AND c.revision >= d.revision)
                  AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.notificationId = n.id AND o.channel = d.channel
                                  AND o.action = 'clear')
                ORDER BY n.id, d.channel
                """,
                [
                    Self.jsonList(updates).storeValue, (now - 86_400_000).storeValue, now.storeValue,
                    Self.jsonList(channels.map(\.description)).storeValue,
                ])
            return try rows.map { row throws in ClearableLeg(notificationId: try row.decode(0), channel: try row.decode(1)) }
        }
    }

    /// Queues a clear of each of `legs`, due at `now`, in one transaction. A send of the same
    /// item still waiting on that channel (an update's retry) becomes the clear; an item taken
    /// back stops nagging on every channel.
    public func queueClears(_ legs: [ClearableLeg], reason: String, now: EpochMillis) throws(StoreError) {
        guard !legs.isEmpty else { return }
        try transaction("queue clears") { db in try Self.queueClears(legs, reason: reason, now: now, db: db) }
    }

    static func queueClears(_ legs: [ClearableLeg], reason: String, now: EpochMillis, db: any StoreConnection) throws {
        for id in Set(legs.map(\.notificationId)) { try stopNagging(id, db: db) }
        for leg in legs {
            try db.execute(
                """
                INSERT INTO outbox (notificationId, channel, attempts, nextAttemptAt, lastError, action) VALUES (?, ?, 0, ?, ?, 'clear')
                ON CONFLICT (notificationId, channel) DO UPDATE SET attempts = 0, nextAttemptAt = excluded.nextAttemptAt,
                    lastError = excluded.lastError, action = 'clear', claimedBy = NULL
                """,
                [leg.notificationId.storeValue, leg.channel.storeValue, now.storeValue, reason.storeValue])
        }
    }

    /// The legs of the delivered `row` that `channels` showed and can still take back: not
    /// cleared there yet nor waiting to be, and the item not expired at `now`.
    static func clearableLegs(of row: NotificationRecord, channels: [ChannelName], now: EpochMillis, db: any StoreConnection) throws
        -> [ClearableLeg]
    {
        guard !channels.isEmpty, row.state.reachedUser, (row.expiresAt ?? .max) > now else { return [] }
        return try db.values(
            clearableChannelsSQL(db.dialect), [row.id.storeValue, jsonList(channels.map(\.description)).storeValue], as: ChannelName.self
        ).map { ClearableLeg(notificationId: row.id, channel: $0) }
    }

    /// The channels (a JSON array) that delivered an item (its id) and can still take it back.
    static func clearableChannelsSQL(_ dialect: SQLDialect) -> String {
        """
        SELECT DISTINCT d.channel FROM delivery d
        WHERE d.notificationId = ? AND d.outcome = 'delivered' AND d.channel IN \(dialect.jsonTextList)
          AND NOT EXISTS (SELECT 1 FROM delivery c WHERE c.notificationId = d.notificationId AND c.channel = d.channel
                          AND c.outcome = 'cleared' AND c.revision >= d.revision)
          AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.notificationId = d.notificationId AND o.channel = d.channel
                          AND o.action = 'clear')
        ORDER BY d.channel
        """
    }

    /// `clearableChannelsSQL` as SQLite takes it (its query plan is tested).
    public static let clearableChannelsSQL = clearableChannelsSQL(.sqlite)

    /// Drops the clears still waiting for `id`: an update of it is about to show it again.
    static func dropClears(of id: String, db: any StoreConnection) throws {
        try db.execute("DELETE FROM outbox WHERE notificationId = ? AND action = 'clear'", [id.storeValue])
    }
}
