import GRDB
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
        return try read("read delivered reminders") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT n.id, d.channel FROM notification n JOIN delivery d ON d.notificationId = n.id
                    WHERE (n.state IN ('delivered', 'read', 'dismissed') OR (n.revision > 0 AND n.id IN (SELECT value FROM json_each(?))))
                      AND n.dueAt > ? AND n.kind = 'meeting' AND n.expiresAt > ?
                      AND d.outcome = 'delivered' AND d.channel IN (SELECT value FROM json_each(?))
                      AND NOT EXISTS (SELECT 1 FROM delivery c WHERE c.notificationId = n.id AND c.channel = d.channel
                                      AND c.outcome = 'cleared' AND c.revision >= d.revision)
                      AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.notificationId = n.id AND o.channel = d.channel
                                      AND o.action = 'clear')
                    ORDER BY n.id, d.channel
                    """,
                arguments: [Self.jsonList(updates), now - 86_400_000, now, Self.jsonList(channels.map(\.description))])
            return rows.map { ClearableLeg(notificationId: $0[0], channel: $0[1]) }
        }
    }

    /// Queues a clear of each of `legs`, due at `now`, in one transaction. A send of the same
    /// item still waiting on that channel (an update's retry) becomes the clear.
    public func queueClears(_ legs: [ClearableLeg], reason: String, now: EpochMillis) throws(StoreError) {
        guard !legs.isEmpty else { return }
        try write("queue clears") { db in try Self.queueClears(legs, reason: reason, now: now, db: db) }
    }

    static func queueClears(_ legs: [ClearableLeg], reason: String, now: EpochMillis, db: Database) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO outbox (notificationId, channel, attempts, nextAttemptAt, lastError, action) VALUES (?, ?, 0, ?, ?, 'clear')
                ON CONFLICT (notificationId, channel) DO UPDATE SET attempts = 0, nextAttemptAt = excluded.nextAttemptAt,
                    lastError = excluded.lastError, action = 'clear', claimedBy = NULL
                """)
        for leg in legs {
            try insert.execute(arguments: [leg.notificationId, leg.channel, now, reason])
        }
    }

    /// The legs of the delivered `row` that `channels` showed and can still take back: not
    /// cleared there yet nor waiting to be, and the item not expired at `now`.
    static func clearableLegs(of row: NotificationRecord, channels: [ChannelName], now: EpochMillis, db: Database) throws -> [ClearableLeg] {
        guard !channels.isEmpty, row.state.reachedUser, (row.expiresAt ?? .max) > now else { return [] }
        return try ChannelName.fetchAll(
            db,
            sql: """
                SELECT DISTINCT d.channel FROM delivery d
                WHERE d.notificationId = ? AND d.outcome = 'delivered' AND d.channel IN (SELECT value FROM json_each(?))
                  AND NOT EXISTS (SELECT 1 FROM delivery c WHERE c.notificationId = d.notificationId AND c.channel = d.channel
                                  AND c.outcome = 'cleared' AND c.revision >= d.revision)
                  AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.notificationId = d.notificationId AND o.channel = d.channel
                                  AND o.action = 'clear')
                ORDER BY d.channel
                """,
            arguments: [row.id, jsonList(channels.map(\.description))]
        ).map { ClearableLeg(notificationId: row.id, channel: $0) }
    }

    /// Drops the clears still waiting for `id`: an update of it is about to show it again.
    static func dropClears(of id: String, db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM outbox WHERE notificationId = ? AND action = 'clear'").execute(arguments: [id])
    }
}
