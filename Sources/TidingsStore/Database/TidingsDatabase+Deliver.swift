import TidingsCore

/// How many first sends a settle of unsent items (missed or expired) took, and how many of
/// them the pending cap had kept in the backlog.
public struct UnsentTally: Sendable, Equatable {
    /// Items settled (first sends; an update that stays delivered is not counted).
    public var count = 0
    /// Of them, items held back by the pending cap.
    public var capped = 0

    /// Counts as given; none by default.
    public init(count: Int = 0, capped: Int = 0) {
        self.count = count
        self.capped = capped
    }
}

extension TidingsDatabase {
    /// Whether a `deliver` run at `now` has anything to do: a due pending item, a retry, a
    /// claim held by some run (which may have died), or a backlogged item due before
    /// `missedBefore` or past its expiry (the pending cap kept it back until too late); with
    /// `pendingLimit`, also a backlog while fewer items than that are pending (a place to
    /// fill). Indexed look-ups only: the idle path. (An item that expires before it is due is
    /// settled by the first run after it is due.)
    public func hasDeliveryWork(at now: EpochMillis, missedBefore: EpochMillis? = nil, pendingLimit: Int? = nil) throws(StoreError) -> Bool {
        try peek("check for due notifications") { db in
            // The limit's presence goes in as a flag of its own: a NULL argument that only
            // `IS NOT NULL` looks at has no type PostgreSQL can infer.
            try db.value(
                """
                SELECT EXISTS (SELECT 1 FROM notification WHERE state = 'pending' AND dueAt <= ?)
                    OR EXISTS (SELECT 1 FROM notification WHERE state = 'delivering'
                               AND (claimedBy IS NOT NULL OR (claims = 0 AND claimedAt < ?)))
                    OR EXISTS (SELECT 1 FROM outbox WHERE nextAttemptAt <= ?)
                    OR EXISTS (SELECT 1 FROM notification WHERE state = 'backlog' AND dueAt <= ? AND (dueAt < ? OR expiresAt <= ?))
                    OR (? = 1 AND EXISTS (SELECT 1 FROM notification WHERE state = 'backlog')
                        AND (SELECT count(*) FROM notification WHERE state = 'pending') < ?)
                """,
                [
                    now.storeValue, (now - Self.abandonedClaimAge).storeValue, now.storeValue, now.storeValue,
                    (missedBefore ?? now).storeValue, now.storeValue, (pendingLimit != nil).storeValue, pendingLimit.storeValue,
                ], as: Bool.self) ?? false
        }
    }

    /// Whether a hand-over pass has work (see `HandOverTable.work`): a first send pending with
    /// a due time after `from` and up to `until` that was not looked at in its current
    /// version, or a hand-over whose item changed or went away. Asked only when a target
    /// hands over.
    public func hasHandOverWork(from: EpochMillis, until: EpochMillis) throws(StoreError) -> Bool {
        try peek("check for hand-overs") { db in
            try db.value("SELECT \(HandOverTable.work)", [from.storeValue, until.storeValue], as: Bool.self) ?? false
        }
    }

    /// Marks pending and backlogged items whose expiry has come as expired (each with a
    /// delivery row saying so) and returns them; they are never sent. An update of an item
    /// already delivered just stays delivered: the first version reached the user.
    public func markExpired(now: EpochMillis, zone: Zone) throws(StoreError) -> [NotificationRecord] {
        var expired: [NotificationRecord] = []
        try markExpired(now: now, zone: zone, each: { expired.append($0) })
        return expired
    }

    /// Marks expired items as `markExpired(now:zone:)` does, `unsentBatch` rows a statement, and
    /// counts them instead of returning them: a backlog of any size takes the memory of one
    /// batch. `each` sees every first send settled (the items the array form returns).
    @discardableResult
    public func markExpired(now: EpochMillis, zone: Zone, each: (NotificationRecord) -> Void) throws(StoreError) -> UnsentTally {
        try markUnsent(
            as: .expired, operation: "mark expired notifications",
            condition: "state IN ('pending', 'backlog') AND expiresAt <= ? AND NOT \(HandOverTable.shownByServer)",
            arguments: [now.storeValue, now.storeValue], now: now, each: each
        ) { item in
            let at = ISOTime.format(item.expiresAt ?? now, in: zone)
            if item.revision > 0 { return "update not sent: expired at \(at)" }
            return item.isHeldByCap ? "expired at \(at), \(Self.cappedMark)" : "expired at \(at) before it was sent"
        }
    }

    /// Whether `item`, just settled as missed or expired, had waited in the backlog.
    public static func wasCapped(_ item: NotificationRecord) -> Bool {
        item.isHeldByCap
    }

    /// Marks pending items due before `cutoff` as missed (each with a delivery row saying
    /// why) and returns them; they are never sent. So are backlogged ones: the pending cap
    /// kept them back until it was too late (`reason` sees their `Hold.cap`). An
    /// update that waited that long is dropped: the item stays delivered.
    public func markMissed(dueBefore cutoff: EpochMillis, now: EpochMillis, reason: (NotificationRecord) -> String) throws(StoreError)
        -> [NotificationRecord]
    {
        var missed: [NotificationRecord] = []
        try markMissed(dueBefore: cutoff, now: now, each: { missed.append($0) }, reason: reason)
        return missed
    }

    /// Marks missed items as `markMissed(dueBefore:now:reason:)` does, `unsentBatch` rows a
    /// statement, and counts them instead of returning them: a backlog of any size takes the
    /// memory of one batch. `each` sees every first send settled.
    @discardableResult
    public func markMissed(
        dueBefore cutoff: EpochMillis, now: EpochMillis, each: (NotificationRecord) -> Void, reason: (NotificationRecord) -> String
    ) throws(StoreError) -> UnsentTally {
        try markUnsent(
            as: .missed, operation: "mark missed notifications",
            condition: """
                state IN ('pending', 'backlog') AND dueAt < ? AND id NOT IN (SELECT notificationId FROM outbox)
                AND NOT \(HandOverTable.shownByServer)
                """,
            arguments: [cutoff.storeValue, now.storeValue], now: now, each: each
        ) { item in
            item.revision > 0 ? "update not sent: " + reason(item) : reason(item)
        }
    }

    /// How many rows one statement of `markMissed` or `markExpired` settles.
    public static let unsentBatch = 500

    /// Settles the items that satisfy `condition` (with `arguments`) as `state`, never sent,
    /// `unsentBatch` at a time in one transaction, each with its reason (see `settleUnsent`).
    private func markUnsent(
        as state: NotificationState, operation: String, condition: String, arguments: [StoreValue], now: EpochMillis,
        each: (NotificationRecord) -> Void, reason: (NotificationRecord) -> String
    ) throws(StoreError) -> UnsentTally {
        let outcome: DeliveryOutcome = state == .expired ? .expired : .missed
        return try transaction(operation) { db in
            var tally = UnsentTally()
            let rows = db.dialect.unlockedRows(of: "notification", key: "id", where: condition, limit: Self.unsentBatch)
            while true {
                let batch = try db.rows(
                    "UPDATE notification SET updatedAt = ?, state = \(Self.unsentState(state)) WHERE \(rows) RETURNING *",
                    [now.storeValue] + arguments
                ).map(NotificationRecord.init(store:))
                try Self.settleUnsent(batch, as: outcome, db: db, reason: reason)
                for item in batch where item.revision == 0 {
                    tally.count += 1
                    if item.isHeldByCap { tally.capped += 1 }
                    each(item)
                }
                if batch.count < Self.unsentBatch { return tally }
            }
        }
    }

    /// SQL for the state of an item that will not be sent: `state`, except that an update of
    /// an item already delivered goes back to delivered (its first version reached the user),
    /// and so does an item a run that died delivered on some channel before it ended.
    static func unsentState(_ state: NotificationState) -> String {
        """
        CASE WHEN revision > 0 OR (claims > 0 AND EXISTS (SELECT 1 FROM delivery WHERE notificationId = notification.id
            AND revision = notification.revision AND outcome = 'delivered')) THEN 'delivered' ELSE '\(state.rawValue)' END
        """
    }

    /// Gives `items`, just taken out of the pending set, their reason; a first send also gets
    /// a delivery row with `outcome` (an update has none: its item stays delivered).
    private static func settleUnsent(
        _ items: [NotificationRecord], as outcome: DeliveryOutcome, db: any StoreConnection, reason: (NotificationRecord) -> String
    ) throws {
        for item in items {
            let text = reason(item)
            try db.execute("UPDATE notification SET stateReason = ? WHERE id = ?", [text.storeValue, item.id.storeValue])
            guard item.revision == 0, item.state != .delivered else { continue }
            let row = DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: nil, contentAge: nil,
                staleness: item.staleness, channel: nil, outcome: outcome, failureReason: text)
            try db.execute(DeliveryRecord.insertSQL, row.storeValues)
        }
    }

    /// Claims the pending items due at `now` for this run, atomically: when several runs
    /// claim at once each item goes to exactly one of them (on PostgreSQL, items another
    /// host is claiming at that moment are skipped, not waited for). Earliest and most important
    /// first; with `limit`, at most that many (a batch, so that runs on several hosts share the
    /// work). With `only`, just those ids are claimed (a test notification). The claim is a
    /// lease held by `claimant` until `leaseUntil` (`now` + `leaseLength` by default), which a
    /// live holder renews (`renewLeases`); each claim counts one more attempt (`claims`), the
    /// fence its outcomes present. When the holder dies, or on another host lets its lease
    /// expire, `releaseAbandonedClaims` gives it back.
    public func claimDue(
        at now: EpochMillis, only ids: [String]? = nil, limit: Int? = nil, claimant: Claimant = .current, leaseUntil: EpochMillis? = nil
    ) throws(StoreError) -> [NotificationRecord] {
        let claimed = try transaction("claim due notifications") { db in
            // The ids go in as one JSON array: one text for any number of them, and an empty
            // list is still a list on both engines.
            let restriction = ids == nil ? "" : "AND id IN \(db.dialect.jsonTextList)"
            var arguments = [
                now.storeValue, now.storeValue, claimant.description.storeValue, (leaseUntil ?? now + Self.leaseLength).storeValue,
                now.storeValue,
            ]
            if let ids { arguments.append(Self.jsonList(ids).storeValue) }
            let rows = db.dialect.unlockedRows(
                of: "notification", key: "id", where: "state = 'pending' AND dueAt <= ? \(restriction)",
                order: limit == nil ? nil : "dueAt, priority DESC, id", limit: limit)
            return try db.rows(
                """
                UPDATE notification SET state = 'delivering', claimedAt = ?, updatedAt = ?, claimedBy = ?, claims = claims + 1,
                    leaseExpiresAt = ?
                WHERE \(rows)
                RETURNING *
                """,
                arguments
            ).map(NotificationRecord.init(store:))
        }
        return claimed.sorted { ($0.dueAt, -$0.priority, $0.id) < ($1.dueAt, -$1.priority, $1.id) }
    }

    /// How long a claim whose holder cannot be checked and that has no lease expiry (a claim
    /// from before v24-leases) may stay unfinished before it counts as abandoned.
    public static let abandonedClaimAge: Int64 = 10 * 60_000

    /// The platform info of the latest delivery of each of `ids` on `channel`, by id: what an
    /// update needs to replace what the channel showed (the desktop's notification id). With
    /// `repeats`, a nag's repeat that went through counts as a delivery (it may have shown a
    /// new copy: the desktop's popup had closed).
    public func lastDeliveredPlatformInfo(ids: [String], channel: ChannelName, repeats: Bool = false) throws(StoreError) -> [String: String] {
        let outcomes = repeats ? "(outcome = 'delivered' OR (outcome = 'repeated' AND failureReason IS NULL))" : "outcome = 'delivered'"
        return try snapshot("read earlier deliveries") { db in
            var found: [String: String] = [:]
            for id in ids {
                let info = try db.value(
                    """
                    SELECT platformInfo FROM delivery WHERE notificationId = ? AND channel = ? AND \(outcomes)
                    ORDER BY id DESC LIMIT 1
                    """,
                    [id.storeValue, channel.storeValue], as: String.self)
                if let info { found[id] = info }
            }
            return found
        }
    }

    /// Whether `channel` took a later revision of `id` than `revision` (which then replaced it).
    public func hasNewerDelivery(of id: String, on channel: ChannelName, than revision: Int) throws(StoreError) -> Bool {
        try snapshot("read earlier deliveries") { db in
            try db.value(
                "SELECT EXISTS (SELECT 1 FROM delivery WHERE notificationId = ? AND channel = ? AND revision > ? AND outcome = 'delivered')",
                [id.storeValue, channel.storeValue, revision.storeValue], as: Bool.self) ?? false
        }
    }

    /// Which of `items` (id and revision) `channel` already took in that version.
    public func delivered(_ items: [(id: String, revision: Int)], on channel: ChannelName) throws(StoreError) -> Set<String> {
        try snapshot("read earlier deliveries") { db in
            var found = Set<String>()
            for item in items {
                let taken = try db.value(
                    """
                    SELECT EXISTS (SELECT 1 FROM delivery WHERE notificationId = ? AND channel = ? AND revision = ?
                                   AND outcome IN ('delivered', 'replaced'))
                    """,
                    [item.id.storeValue, channel.storeValue, item.revision.storeValue], as: Bool.self)
                if taken == true { found.insert(item.id) }
            }
            return found
        }
    }

    /// Records the outcome of sending claimed items: a delivery row each, and the item's new
    /// state (delivered or failed, with the reason).
    public func recordDeliveries(_ deliveries: [DeliveryRecord], now: EpochMillis) throws(StoreError) {
        try recordRun(deliveries: deliveries, retries: [], cancelled: [:], now: now)
    }
}
