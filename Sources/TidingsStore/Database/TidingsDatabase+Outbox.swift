import GRDB
import TidingsCore

/// A notification waiting to be tried again on one channel.
public struct RetryLeg: Sendable, Equatable {
    /// The notification.
    public var notification: NotificationRecord
    /// The channel.
    public var channel: ChannelName
    /// Attempts made so far.
    public var attempts: Int
    /// Whether the leg takes back what the channel showed (a clear) instead of sending.
    public var clears = false
}

/// Another try on one channel, later.
public struct ScheduledRetry: Sendable, Equatable {
    public var notificationId: String
    public var channel: ChannelName
    /// Attempts made so far, this one included.
    public var attempts: Int
    /// When to try again.
    public var nextAttemptAt: EpochMillis
    /// Why this attempt did not go through.
    public var lastError: String
    /// Whether the leg takes back what the channel showed (a clear) instead of sending.
    public var clears = false

    /// A retry row.
    public init(
        notificationId: String, channel: ChannelName, attempts: Int, nextAttemptAt: EpochMillis, lastError: String, clears: Bool = false
    ) {
        self.notificationId = notificationId
        self.channel = channel
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.clears = clears
    }
}

extension TidingsDatabase {
    /// Claims every retry due at `now`, atomically (each goes to one run), with its
    /// notification. The row stays in the outbox, marked with `claimant`, until the attempt's
    /// outcome is committed (`recordLegs`); a run that dies leaves it for the next one. A row
    /// whose channel is none of the channel forms (written by hand, or by a newer version)
    /// leaves the outbox as a failed leg with the reason, and its item is settled.
    public func claimDueRetries(at now: EpochMillis, claimant: Claimant = .current) throws(StoreError) -> [RetryLeg] {
        try write("claim due retries") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    UPDATE outbox SET claimedBy = ? WHERE nextAttemptAt <= ? AND claimedBy IS NULL
                    RETURNING rowid, notificationId, channel, attempts, action
                    """,
                arguments: [claimant.description, now])
            let ids = rows.map { $0["notificationId"] as String }
            let notifications = try NotificationRecord.filter(keys: ids).fetchAll(db)
            let byID = Dictionary(notifications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var legs: [RetryLeg] = []
            for row in rows {
                guard let item = byID[row["notificationId"]] else { continue }
                guard let channel = row.channel("channel") else {
                    try Self.dropUnknownLeg(item, channel: row["channel"], rowid: row["rowid"], now: now, db: db)
                    continue
                }
                legs.append(RetryLeg(notification: item, channel: channel, attempts: row["attempts"], clears: row["action"] == Self.clearAction))
            }
            return legs
        }
    }

    /// Takes the outbox row `rowid`, naming `channel` that is none of the channel forms, out
    /// as a failed leg of `item`, and settles the item.
    private static func dropUnknownLeg(_ item: NotificationRecord, channel: String, rowid: Int64, now: EpochMillis, db: Database) throws {
        let row = DeliveryRecord(
            notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: nil, contentAge: nil, staleness: item.staleness,
            channel: nil, outcome: .failed, failureReason: "its retry names \"\(channel)\", none of the channel forms", revision: item.revision)
        try insertLegs([row], retries: [], db: db)
        try db.execute(sql: "DELETE FROM outbox WHERE rowid = ?", arguments: [rowid])
        try settle([item.id], now: now, db: db)
    }

    /// Records a whole run's outcome in one transaction and settles every item it touched.
    /// `deliver` records as it goes (`recordLegs`); this is for a run of one step, such as a
    /// test notification.
    public func recordRun(
        deliveries: [DeliveryRecord], retries: [ScheduledRetry], cancelled: [String: String], now: EpochMillis
    ) throws(StoreError) {
        let touched = Set(deliveries.map(\.notificationId)).union(retries.map(\.notificationId))
        try recordLegs(deliveries: deliveries, retries: retries, cancelled: cancelled, settle: touched, now: now)
    }

    /// Records the outcome of some legs in one transaction, as soon as they are known:
    /// their delivery rows (an inbox entry at most once per version), retries for later (a
    /// retry leg's outbox row is replaced or deleted only here, with its outcome), their
    /// in-flight marks cleared, items cancelled because their category goes nowhere; then
    /// the state of the items in `settle`, whose every leg is now recorded: delivered when any
    /// channel took it, still delivering while a retry waits, expired when its expiry came
    /// first, else failed. `hold` names items this run keeps for a leg still to come (a
    /// fallback after a retry's last failure): a kill before it leaves them to the next run.
    /// An update delivered on a channel turns that channel's earlier rows for the item into
    /// `replaced`, so the item counts once. When the disk is too full for that even after old
    /// history went, the items' states and inbox entries alone are saved (`settleInPlace`)
    /// and the error is thrown.
    public func recordLegs(
        deliveries: [DeliveryRecord], retries: [ScheduledRetry], cancelled: [String: String] = [:],
        settle: Set<String>, hold: [String] = [], claimant: Claimant = .current, now: EpochMillis
    ) throws(StoreError) {
        do {
            try write("record deliveries") { db in
                try Self.insertLegs(deliveries, retries: retries, db: db)
                for id in hold {
                    try db.execute(
                        sql: "UPDATE notification SET claimedBy = ?, claimedAt = ? WHERE id = ? AND state = 'delivering'",
                        arguments: [claimant.description, now, id])
                }
                for (id, reason) in cancelled {
                    try db.execute(
                        sql:
                            "UPDATE notification SET state = \(Self.unsentState(.cancelled)), stateReason = ?, updatedAt = ?, claimedBy = NULL WHERE id = ? AND state = 'delivering'",
                        arguments: [reason, now, id])
                }
                try Self.settle(settle, now: now, db: db)
            }
        } catch  where error.isDiskFull {
            settleInPlace(deliveries: deliveries, settle: settle.union(cancelled.keys), cancelled: cancelled, now: now)
            throw error
        }
    }

    private static func insertLegs(_ deliveries: [DeliveryRecord], retries: [ScheduledRetry], db: Database) throws {
        let inboxEntry = try db.cachedStatement(
            sql: """
                SELECT EXISTS (SELECT 1 FROM delivery WHERE notificationId = ? AND channel = 'inbox' AND revision = ?
                               AND outcome IN ('delivered', 'replaced'))
                """)
        let insert = try db.cachedStatement(sql: DeliveryRecord.insertSQL)
        // Legs that end here leave the outbox, and every leg recorded here is no longer in
        // flight: one statement per channel for the step, not one per row.
        var finished: [ChannelName: [String]] = [:]
        var landed: [ChannelName: [String]] = [:]
        for delivery in deliveries {
            let delivered = delivery.outcome == .delivered
            // The inbox is exactly once: an entry for this version already there is the entry.
            if delivered, delivery.channel == .inbox,
                try Bool.fetchOne(inboxEntry, arguments: [delivery.notificationId, delivery.revision]) == true
            {
                continue
            }
            if delivery.revision > 0 && delivered {
                try db.execute(
                    sql: """
                        UPDATE delivery SET outcome = 'replaced'
                        WHERE notificationId = ? AND channel = ? AND outcome = 'delivered' AND revision < ?
                        """,
                    arguments: [delivery.notificationId, delivery.channel, delivery.revision])
            }
            try insert.execute(arguments: delivery.columnValues)
            guard let channel = delivery.channel else { continue }
            if delivery.outcome != .retry { finished[channel, default: []].append(delivery.notificationId) }
            landed[channel, default: []].append(delivery.notificationId)
        }
        let finishLegs = try db.cachedStatement(sql: finishLegsSQL)
        for (channel, ids) in finished { try finishLegs.execute(arguments: [channel, jsonList(ids)]) }
        let clearFlights = try db.cachedStatement(sql: clearFlightsSQL)
        for (channel, ids) in landed { try clearFlights.execute(arguments: [channel, jsonList(ids)]) }
        for retry in retries {
            try db.execute(
                sql: """
                    INSERT INTO outbox (notificationId, channel, attempts, nextAttemptAt, lastError, action) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (notificationId, channel) DO UPDATE SET attempts = excluded.attempts,
                        nextAttemptAt = excluded.nextAttemptAt, lastError = excluded.lastError, action = excluded.action, claimedBy = NULL
                    """,
                arguments: [
                    retry.notificationId, retry.channel, retry.attempts, retry.nextAttemptAt, retry.lastError,
                    retry.clears ? clearAction : "send",
                ])
        }
    }

    /// Gives each of `ids` the state its legs say, and lets go of its claim.
    static func settle(_ ids: Set<String>, now: EpochMillis, db: Database) throws {
        guard !ids.isEmpty else { return }
        try db.cachedStatement(sql: settleSQL).execute(arguments: [now, now, jsonList(ids)])
    }

    /// Gives the items of a JSON array of ids the state their legs say. The unary `+` keeps
    /// SQLite on the primary key: by the state index it would read every settled row.
    public static let settleSQL = """
        UPDATE notification SET updatedAt = ?, claimedBy = NULL,
            state = CASE
                WHEN EXISTS (SELECT 1 FROM delivery WHERE notificationId = notification.id AND outcome = 'delivered') THEN 'delivered'
                WHEN EXISTS (SELECT 1 FROM outbox WHERE notificationId = notification.id) THEN 'delivering'
                WHEN expiresAt <= ? THEN 'expired'
                ELSE 'failed' END,
            stateReason = CASE
                WHEN EXISTS (SELECT 1 FROM delivery WHERE notificationId = notification.id AND outcome = 'delivered') THEN NULL
                ELSE (SELECT failureReason FROM delivery WHERE notificationId = notification.id
                      AND failureReason IS NOT NULL ORDER BY id DESC LIMIT 1) END
        WHERE id IN (SELECT value FROM json_each(?)) AND +state IN ('delivering', 'delivered', 'failed')
        """

    /// Takes legs that ended (a channel and a JSON array of ids) out of the outbox.
    public static let finishLegsSQL = "DELETE FROM outbox WHERE channel = ? AND notificationId IN (SELECT value FROM json_each(?))"

    /// Clears the in-flight marks of recorded legs (a channel and a JSON array of ids).
    public static let clearFlightsSQL = "DELETE FROM inflight WHERE channel = ? AND notificationId IN (SELECT value FROM json_each(?))"

    /// `ids` as a JSON array, for statements that take a step's ids in one argument
    /// (`IN (SELECT value FROM json_each(?))`).
    static func jsonList(_ ids: some Sequence<String>) -> String {
        jsonArray(ids.map(JSONLine.quoted))
    }

    /// The minimal write of a step the full disk stopped: the inbox entries first (the inbox
    /// promises exactly once), then each settled item's state, changed in place, so that
    /// what was sent is never sent again and nothing waits in `delivering`: delivered when a
    /// channel took it, else cancelled or failed; legs sent on a channel without an entry
    /// keep that in their in-flight mark. Retries cannot be kept. Best effort: when even this
    /// fails, the claim stays and the next run resumes it.
    private func settleInPlace(deliveries: [DeliveryRecord], settle: Set<String>, cancelled: [String: String], now: EpochMillis) {
        let delivered = Set(deliveries.filter { $0.outcome == .delivered }.map(\.notificationId))
        _ = try? writer.write { db in
            try Self.insertLegs(deliveries.filter { $0.channel == .inbox }, retries: [], db: db)
        }
        _ = try? writer.write { db in
            // Legs sent but not recorded keep that fact in their in-flight mark, changed in
            // place: the next run records them as delivered instead of interrupted.
            for delivery in deliveries where delivery.outcome == .delivered {
                try db.execute(
                    sql: "UPDATE inflight SET sent = 1 WHERE notificationId = ? AND channel = ?",
                    arguments: [delivery.notificationId, delivery.channel])
            }
            for id in settle {
                let state = delivered.contains(id) ? "'delivered'" : Self.unsentState(cancelled[id] == nil ? .failed : .cancelled)
                let reason = delivered.contains(id) ? nil : cancelled[id] ?? "not recorded: the disk was full"
                try db.execute(
                    sql:
                        "UPDATE notification SET state = \(state), stateReason = ?, updatedAt = ?, claimedBy = NULL WHERE id = ? AND state = 'delivering'",
                    arguments: [reason, now, id])
            }
        }
    }
}
