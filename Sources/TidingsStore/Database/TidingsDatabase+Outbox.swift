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
    /// Whether the leg repeats a delivered item until it is seen (a nag, `NagRule`); its
    /// `attempts` then counts the repeats made.
    public var nags = false
    /// The attempt this claim of the leg counts (the outbox row's `claims`): its fence.
    public var claim = 0
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
    /// Whether the leg is the next repeat of an item that nags until seen; `attempts` then
    /// counts the repeats made.
    public var nags = false

    /// A retry row.
    public init(
        notificationId: String, channel: ChannelName, attempts: Int, nextAttemptAt: EpochMillis, lastError: String, clears: Bool = false,
        nags: Bool = false
    ) {
        self.nags = nags
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
    /// notification. The row stays in the outbox, marked with `claimant` and leased until
    /// `leaseUntil` (`now` + `leaseLength` by default), until the attempt's outcome is committed
    /// (`recordLegs`); a run that dies leaves it for the next one. Each claim counts one more
    /// attempt of the row (`claims`, `RetryLeg.claim`), the fence of its outcome. A row
    /// whose channel is none of the channel forms (written by hand, or by a newer version)
    /// leaves the outbox as a failed leg with the reason, and its item is settled.
    public func claimDueRetries(at now: EpochMillis, claimant: Claimant = .current, leaseUntil: EpochMillis? = nil) throws(StoreError)
        -> [RetryLeg]
    {
        try transaction("claim due retries") { db in
            let rows = try db.rows(
                """
                UPDATE outbox SET claimedBy = ?, claims = claims + 1, leaseExpiresAt = ?
                WHERE \(db.dialect.unlockedRows(of: "outbox", key: "notificationId, channel", where: "nextAttemptAt <= ? AND claimedBy IS NULL"))
                RETURNING notificationId, channel, attempts, action, claims
                """,
                [claimant.description.storeValue, (leaseUntil ?? now + Self.leaseLength).storeValue, now.storeValue])
            let ids = try rows.map { row throws in try row.decode("notificationId", as: String.self) }
            let notifications = try db.rows(
                "SELECT * FROM notification WHERE id IN \(db.dialect.jsonTextList)", [Self.jsonList(ids).storeValue]
            ).map(NotificationRecord.init(store:))
            let byID = Dictionary(notifications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var legs: [RetryLeg] = []
            for (row, id) in zip(rows, ids) {
                guard let item = byID[id] else { continue }
                guard let channel = ChannelName(storeValue: row.value("channel")) else {
                    try Self.dropUnknownLeg(item, channel: try row.decode("channel"), now: now, db: db)
                    continue
                }
                legs.append(
                    RetryLeg(
                        notification: item, channel: channel, attempts: try row.decode("attempts"),
                        clears: try row.decode("action", as: String.self) == Self.clearAction,
                        nags: try row.decode("action", as: String.self) == Self.nagAction, claim: try row.decode("claims")))
            }
            return legs
        }
    }

    /// Takes the outbox row of `item` naming `channel`, which is none of the channel forms,
    /// out as a failed leg of `item`, and settles the item.
    private static func dropUnknownLeg(_ item: NotificationRecord, channel: String, now: EpochMillis, db: any StoreConnection) throws {
        let row = DeliveryRecord(
            notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: nil, contentAge: nil, staleness: item.staleness,
            channel: nil, outcome: .failed, failureReason: "its retry names \"\(channel)\", none of the channel forms", revision: item.revision)
        try insertLegs([row], retries: [], db: db)
        try db.execute("DELETE FROM outbox WHERE notificationId = ? AND channel = ?", [item.id.storeValue, channel.storeValue])
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
    /// fallback after a retry's last failure): they are claimed again (a new attempt, leased),
    /// and a kill before the leg leaves them to the next run.
    /// With `fences`, each leg, item and hold they cover is written only while its claim is
    /// still the one presented: what a worker whose claim was taken over tries to record is
    /// refused, kept in `staleOutcome` and counted in the result (the later worker's outcome
    /// stands). Legs no fence covers are written as they come.
    /// An update delivered on a channel turns that channel's earlier rows for the item into
    /// `replaced`, so the item counts once. When the disk is too full for that even after old
    /// history went, the items' states and inbox entries alone are saved (`settleInPlace`)
    /// and the error is thrown.
    @discardableResult
    public func recordLegs(
        deliveries: [DeliveryRecord], retries: [ScheduledRetry], cancelled: [String: String] = [:],
        settle: Set<String>, hold: [String] = [], fences: Fences? = nil, claimant: Claimant = .current, now: EpochMillis
    ) throws(StoreError) -> RecordedLegs {
        do {
            return try transaction("record deliveries") { db in
                var recorded = RecordedLegs()
                var (deliveries, retries, cancelled, settle, hold) = (deliveries, retries, cancelled, settle, hold)
                if let fences, !fences.isEmpty {
                    var ids = settle.union(cancelled.keys).union(hold)
                    var legs = Set<Fences.Leg>()
                    for (id, channel) in deliveries.map({ ($0.notificationId, $0.channel) }) + retries.map({ ($0.notificationId, $0.channel) }) {
                        if let channel, fences.legs[Fences.Leg(id: id, channel: channel)] != nil {
                            legs.insert(Fences.Leg(id: id, channel: channel))
                        } else {
                            ids.insert(id)
                        }
                    }
                    let stale = try Self.staleLegs(ids: ids, legs: legs, fences: fences, claimant: claimant, db: db)
                    func isStale(_ id: String, _ channel: ChannelName?) -> Bool {
                        if let channel, fences.legs[Fences.Leg(id: id, channel: channel)] != nil {
                            return stale.legs.contains(Fences.Leg(id: id, channel: channel))
                        }
                        return stale.items.contains(id)
                    }
                    let refused = deliveries.filter { isStale($0.notificationId, $0.channel) }
                    try Self.keepStale(refused, fences: fences, claimant: claimant, now: now, db: db)
                    recorded.refused = refused.count
                    let staleIDs = stale.items.union(stale.legs.map(\.id))
                    deliveries.removeAll { isStale($0.notificationId, $0.channel) }
                    retries.removeAll { isStale($0.notificationId, $0.channel) }
                    settle.subtract(staleIDs)
                    cancelled = cancelled.filter { !staleIDs.contains($0.key) }
                    hold.removeAll { staleIDs.contains($0) }
                }
                try Self.insertLegs(deliveries, retries: retries, db: db)
                for id in hold {
                    let attempt = try db.value(
                        """
                        UPDATE notification SET claimedBy = ?, claimedAt = ?, claims = claims + 1, leaseExpiresAt = ?
                        WHERE id = ? AND state = 'delivering' RETURNING claims
                        """,
                        [claimant.description.storeValue, now.storeValue, (now + Self.leaseLength).storeValue, id.storeValue], as: Int.self)
                    if let attempt { recorded.held[id] = attempt }
                }
                for (id, reason) in cancelled {
                    try db.execute(
                        "UPDATE notification SET state = \(Self.unsentState(.cancelled)), stateReason = ?, updatedAt = ?, claimedBy = NULL WHERE id = ? AND state = 'delivering'",
                        [reason.storeValue, now.storeValue, id.storeValue])
                }
                try Self.settle(
                    settle, delivered: Set(deliveries.lazy.filter { $0.outcome == .delivered }.map(\.notificationId)), now: now, db: db)
                return recorded
            }
        } catch  where error.isDiskFull {
            settleInPlace(deliveries: deliveries, settle: settle.union(cancelled.keys), cancelled: cancelled, now: now)
            throw error
        }
    }

    private static func insertLegs(_ deliveries: [DeliveryRecord], retries: [ScheduledRetry], db: any StoreConnection) throws {
        // Legs that end here leave the outbox, and every leg recorded here is no longer in
        // flight: one statement per channel for the step, not one per row.
        var finished: [ChannelName: [String]] = [:]
        var landed: [ChannelName: [String]] = [:]
        // The rows go in together at the end (one statement per 64 rows, not one per row: on
        // PostgreSQL each statement is a round trip); the inbox entries they add are kept here
        // meanwhile, for the exactly-once check of a second way to the inbox in the same step.
        var rows: [DeliveryRecord] = []
        var inboxEntries: Set<String> = []
        for delivery in deliveries {
            let delivered = delivery.outcome == .delivered
            // The inbox is exactly once: an entry for this version already there is the entry.
            let inboxEntry = "\(delivery.revision) \(delivery.notificationId)"
            if delivered, delivery.channel == .inbox, inboxEntries.contains(inboxEntry) { continue }
            if delivered, delivery.channel == .inbox,
                try db.value(
                    """
                    SELECT EXISTS (SELECT 1 FROM delivery WHERE notificationId = ? AND channel = 'inbox' AND revision = ?
                                   AND outcome IN ('delivered', 'replaced'))
                    """,
                    [delivery.notificationId.storeValue, delivery.revision.storeValue], as: Bool.self) == true
            {
                continue
            }
            if delivery.revision > 0 && delivered {
                try db.execute(
                    """
                    UPDATE delivery SET outcome = 'replaced'
                    WHERE notificationId = ? AND channel = ? AND outcome = 'delivered' AND revision < ?
                    """,
                    [delivery.notificationId.storeValue, delivery.channel.storeValue, delivery.revision.storeValue])
            }
            if delivered, delivery.channel == .inbox { inboxEntries.insert(inboxEntry) }
            rows.append(delivery)
            guard let channel = delivery.channel else { continue }
            if delivery.outcome != .retry { finished[channel, default: []].append(delivery.notificationId) }
            landed[channel, default: []].append(delivery.notificationId)
        }
        try DeliveryRecord.insert(rows, db: db)
        let finishLegs = finishLegsSQL(db.dialect)
        for (channel, ids) in finished { try db.execute(finishLegs, [channel.storeValue, jsonList(ids).storeValue]) }
        let clearFlights = clearFlightsSQL(db.dialect)
        for (channel, ids) in landed { try db.execute(clearFlights, [channel.storeValue, jsonList(ids).storeValue]) }
        for retry in retries {
            try db.execute(
                """
                INSERT INTO outbox (notificationId, channel, attempts, nextAttemptAt, lastError, action) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (notificationId, channel) DO UPDATE SET attempts = excluded.attempts,
                    nextAttemptAt = excluded.nextAttemptAt, lastError = excluded.lastError, action = excluded.action, claimedBy = NULL
                """,
                [
                    retry.notificationId.storeValue, retry.channel.storeValue, retry.attempts.storeValue, retry.nextAttemptAt.storeValue,
                    retry.lastError.storeValue, (retry.clears ? clearAction : retry.nags ? nagAction : "send").storeValue,
                ])
        }
    }

    /// The minimal write of a step the full disk stopped: the inbox entries first (the inbox
    /// promises exactly once), then each settled item's state, changed in place, so that
    /// what was sent is never sent again and nothing waits in `delivering`: delivered when a
    /// channel took it, else cancelled or failed; legs sent on a channel without an entry
    /// keep that in their in-flight mark. Retries cannot be kept. Best effort: when even this
    /// fails, the claim stays and the next run resumes it.
    /// The disk-full path is SQLite's own (a PostgreSQL server keeps its disk): it writes
    /// through GRDB without `write`'s eviction and retry, which already ran.
    private func settleInPlace(deliveries: [DeliveryRecord], settle: Set<String>, cancelled: [String: String], now: EpochMillis) {
        let delivered = Set(deliveries.filter { $0.outcome == .delivered }.map(\.notificationId))
        _ = try? writer.write { sqlite in
            try Self.insertLegs(deliveries.filter { $0.channel == .inbox }, retries: [], db: SQLiteStoreConnection(database: sqlite))
        }
        _ = try? writer.write { sqlite in
            let db = SQLiteStoreConnection(database: sqlite)
            // Legs sent but not recorded keep that fact in their in-flight mark, changed in
            // place: the next run records them as delivered instead of interrupted.
            for delivery in deliveries where delivery.outcome == .delivered {
                try db.execute(
                    "UPDATE inflight SET sent = 1 WHERE notificationId = ? AND channel = ?",
                    [delivery.notificationId.storeValue, delivery.channel.storeValue])
            }
            for id in settle {
                let state = delivered.contains(id) ? "'delivered'" : Self.unsentState(cancelled[id] == nil ? .failed : .cancelled)
                let reason = delivered.contains(id) ? nil : cancelled[id] ?? "not recorded: the disk was full"
                try db.execute(
                    "UPDATE notification SET state = \(state), stateReason = ?, updatedAt = ?, claimedBy = NULL WHERE id = ? AND state = 'delivering'",
                    [reason.storeValue, now.storeValue, id.storeValue])
            }
        }
    }
}
