import GRDB
import TidingsCore

/// A notification waiting to be tried again on one channel.
public struct RetryLeg: Sendable, Equatable {
    /// The notification.
    public var notification: NotificationRecord
    /// The channel (`webhook:phone`).
    public var channel: String
    /// Attempts made so far.
    public var attempts: Int
}

/// Another try on one channel, later.
public struct ScheduledRetry: Sendable, Equatable {
    public var notificationId: String
    public var channel: String
    /// Attempts made so far, this one included.
    public var attempts: Int
    /// When to try again.
    public var nextAttemptAt: EpochMillis
    /// Why this attempt did not go through.
    public var lastError: String

    /// A retry row.
    public init(notificationId: String, channel: String, attempts: Int, nextAttemptAt: EpochMillis, lastError: String) {
        self.notificationId = notificationId
        self.channel = channel
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
    }
}

extension TidingsDatabase {
    /// Claims every retry due at `now`, atomically (each goes to one run), with its notification.
    public func claimDueRetries(at now: EpochMillis) throws(StoreError) -> [RetryLeg] {
        try write("claim due retries") { db in
            let rows = try Row.fetchAll(
                db, sql: "DELETE FROM outbox WHERE nextAttemptAt <= ? RETURNING notificationId, channel, attempts", arguments: [now])
            let ids = rows.map { $0["notificationId"] as String }
            let notifications = try NotificationRecord.filter(keys: ids).fetchAll(db)
            let byID = Dictionary(notifications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return rows.compactMap { row in
                byID[row["notificationId"]].map { RetryLeg(notification: $0, channel: row["channel"], attempts: row["attempts"]) }
            }
        }
    }

    /// Records a run's outcome in one transaction: delivery rows, retries for later, items
    /// cancelled because their category goes nowhere, then the state of every touched item:
    /// delivered when any channel took it, still delivering while a retry waits, expired when
    /// its expiry came first, else failed. An update delivered on a channel turns that
    /// channel's earlier rows for the item into `replaced`, so the item counts once. When the
    /// disk is too full for that even after old history went, the items' states alone are
    /// saved (see `settleInPlace`) and the error is thrown.
    public func recordRun(
        deliveries: [DeliveryRecord], retries: [ScheduledRetry], cancelled: [String: String], now: EpochMillis
    ) throws(StoreError) {
        do {
            try recordRunHistory(deliveries: deliveries, retries: retries, cancelled: cancelled, now: now)
        } catch where error.isDiskFull {
            settleInPlace(deliveries: deliveries, retries: retries, cancelled: cancelled, now: now)
            throw error
        }
    }

    /// The minimal write of a run the full disk stopped: each claimed item's state, changed in
    /// place without a new row, so that what was sent is never sent again and nothing waits
    /// in `delivering`: delivered when a channel took it, else cancelled or failed. Retries
    /// cannot be kept. Best effort: when even this fails, the claim stays and a later run
    /// fails it as interrupted, which sends nothing twice either.
    private func settleInPlace(deliveries: [DeliveryRecord], retries: [ScheduledRetry], cancelled: [String: String], now: EpochMillis) {
        let delivered = Set(deliveries.filter { $0.outcome == NotificationState.delivered.rawValue }.map(\.notificationId))
        let touched = Set(deliveries.map(\.notificationId)).union(retries.map(\.notificationId)).union(cancelled.keys)
        _ = try? writer.write { db in
            for id in touched {
                let state = delivered.contains(id) ? "'delivered'" : Self.unsentState(cancelled[id] == nil ? .failed : .cancelled)
                let reason = delivered.contains(id) ? nil : cancelled[id] ?? "not recorded: the disk was full"
                try db.execute(
                    sql: "UPDATE notification SET state = \(state), stateReason = ?, updatedAt = ? WHERE id = ? AND state = 'delivering'",
                    arguments: [reason, now, id])
            }
        }
    }

    private func recordRunHistory(
        deliveries: [DeliveryRecord], retries: [ScheduledRetry], cancelled: [String: String], now: EpochMillis
    ) throws(StoreError) {
        try write("record deliveries") { db in
            for delivery in deliveries {
                if delivery.revision > 0 && delivery.outcome == NotificationState.delivered.rawValue {
                    try db.execute(
                        sql: """
                            UPDATE delivery SET outcome = 'replaced'
                            WHERE notificationId = ? AND channel = ? AND outcome = 'delivered' AND revision < ?
                            """,
                        arguments: [delivery.notificationId, delivery.channel, delivery.revision])
                }
                try delivery.insert(db)
            }
            for retry in retries {
                try db.execute(
                    sql: """
                        INSERT INTO outbox (notificationId, channel, attempts, nextAttemptAt, lastError) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (notificationId, channel) DO UPDATE SET attempts = excluded.attempts,
                            nextAttemptAt = excluded.nextAttemptAt, lastError = excluded.lastError
                        """,
                    arguments: [retry.notificationId, retry.channel, retry.attempts, retry.nextAttemptAt, retry.lastError])
            }
            for (id, reason) in cancelled {
                try db.execute(
                    sql: "UPDATE notification SET state = \(Self.unsentState(.cancelled)), stateReason = ?, updatedAt = ? WHERE id = ? AND state = 'delivering'",
                    arguments: [reason, now, id])
            }
            let touched = Set(deliveries.map(\.notificationId)).union(retries.map(\.notificationId))
            let settle = try db.cachedStatement(sql: """
                UPDATE notification SET updatedAt = ?,
                    state = CASE
                        WHEN EXISTS (SELECT 1 FROM delivery WHERE notificationId = notification.id AND outcome = 'delivered') THEN 'delivered'
                        WHEN EXISTS (SELECT 1 FROM outbox WHERE notificationId = notification.id) THEN 'delivering'
                        WHEN expiresAt <= ? THEN 'expired'
                        ELSE 'failed' END,
                    stateReason = CASE
                        WHEN EXISTS (SELECT 1 FROM delivery WHERE notificationId = notification.id AND outcome = 'delivered') THEN NULL
                        ELSE (SELECT failureReason FROM delivery WHERE notificationId = notification.id
                              AND failureReason IS NOT NULL ORDER BY id DESC LIMIT 1) END
                WHERE id = ? AND state IN ('delivering', 'delivered', 'failed')
                """)
            for id in touched { try settle.execute(arguments: [now, now, id]) }
        }
    }
}
