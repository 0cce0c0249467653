import TidingsCore

/// What is known of one item's leg on one channel, from what earlier runs recorded.
public enum LegState: Sendable, Equatable {
    /// The channel took this version.
    case delivered
    /// It failed there for good: the reason, and whether the channel could take nothing
    /// (rather than refusing the item).
    case failed(String, unavailable: Bool)
    /// A retry waits in the outbox.
    case waiting
    /// Its expiry came first.
    case expired
}

/// What `releaseAbandonedClaims` found.
public struct ReleasedClaims: Sendable, Equatable {
    /// Items given back to be sent by this run.
    public var items = 0
    /// Legs on at-most-once channels that a dead run may have sent: failed, not repeated.
    public var interrupted = 0
    /// Retry legs given back.
    public var retries = 0

    /// Counts as given; nothing released by default.
    public init(items: Int = 0, interrupted: Int = 0, retries: Int = 0) {
        self.items = items
        self.interrupted = interrupted
        self.retries = retries
    }
}

extension TidingsDatabase {
    /// Gives back what runs that died had claimed, and takes over the claims whose lease
    /// expired on a host that cannot be checked from here. A claim is a lease: a holder on this
    /// machine and pid namespace is checked through `/proc` (`Claimant.liveness`) and keeps its
    /// claim while it runs, however slow; a holder that cannot be checked from here (another
    /// host or UTS namespace, another pid namespace) keeps it until its lease expires
    /// (`leaseExpiresAt`, renewed by a live holder), a claim from before leases until it is
    /// `abandonedClaimAge` old. Each claim given back counts one more attempt (`claims`), so
    /// that its old holder's late outcome is refused (see `recordLegs`). For each abandoned claim:
    /// - legs on at-most-once channels (stdout, desktop) it had started to send become
    ///   failed, "interrupted", and are not repeated; those it had sent but could not record
    ///   for want of space become delivered;
    /// - its items go back to pending, to be sent by this run on the channels that have no
    ///   outcome yet (a webhook again, with the same idempotency key; the inbox once);
    /// - its retry legs become free to claim.
    /// Several runs may release at once: each claim is given back by one of them.
    public func releaseAbandonedClaims(now: EpochMillis, observer: Claimant = .current) throws(StoreError) -> ReleasedClaims {
        try transaction("release abandoned claims") { db in
            var verdicts: [String: Claimant.Liveness] = [:]
            func abandoned(_ token: String?, expiry: EpochMillis?, since: EpochMillis?) -> Bool {
                let liveness: Claimant.Liveness
                if let token, let known = verdicts[token] {
                    liveness = known
                } else {
                    liveness = Claimant.liveness(of: token, observer: observer)
                    if let token { verdicts[token] = liveness }
                }
                switch liveness {
                case .alive: return false
                case .dead: return true
                case .unknown: return (expiry ?? (since ?? now) + Self.abandonedClaimAge) < now
                }
            }
            var released = ReleasedClaims()

            let flights = try db.rows(
                """
                SELECT f.notificationId, f.channel, f.revision, f.claimedBy, f.startedAt, f.leaseExpiresAt, f.sent, n.dueAt, n.staleness
                FROM inflight f JOIN notification n ON n.id = f.notificationId
                """)
            for flight in flights {
                let token: String = try flight.decode("claimedBy")
                let startedAt: EpochMillis = try flight.decode("startedAt")
                guard abandoned(token, expiry: try flight.decode("leaseExpiresAt"), since: startedAt) else { continue }
                let id: String = try flight.decode("notificationId")
                let channel: String = try flight.decode("channel")
                // Another run releasing at the same time took it first: one row of its fate.
                let taken = try db.value(
                    "DELETE FROM inflight WHERE notificationId = ? AND channel = ? AND claimedBy = ? RETURNING sent",
                    [id.storeValue, channel.storeValue, token.storeValue], as: Bool.self)
                guard let sent = taken else { continue }
                let row = DeliveryRecord(
                    notificationId: id, scheduledTime: try flight.decode("dueAt"), actualDeliveryTime: sent ? startedAt : nil,
                    contentAge: nil, staleness: try flight.decode("staleness"), channel: try flight.decode("channel"),
                    outcome: sent ? .delivered : .failed,
                    failureReason: sent
                        ? nil
                        : "interrupted: the deliver run sending it ended before recording the outcome; it may have been shown, so it is not sent again",
                    revision: try flight.decode("revision"))
                try db.execute(DeliveryRecord.insertSQL, row.storeValues)
                if !sent { released.interrupted += 1 }
            }

            // Claims from before leases (no holder, never counted) that wait on nothing.
            let claims = try db.rows(
                """
                SELECT id, claimedBy, claimedAt, leaseExpiresAt FROM notification WHERE state = 'delivering'
                  AND (claimedBy IS NOT NULL OR (claims = 0 AND claimedAt < ? AND id NOT IN (SELECT notificationId FROM outbox)))
                """,
                [(now - Self.abandonedClaimAge).storeValue])
            func release(holder: String) -> String {
                """
                UPDATE notification SET state = 'pending', claimedBy = NULL, leaseExpiresAt = NULL,
                    claims = \(db.dialect.greatest("claims", "1")) + 1, updatedAt = ?,
                    stateReason = 'resumed: the deliver run that claimed it ended before it finished'
                WHERE id = ? AND state = 'delivering' AND \(holder)
                """
            }
            let (releaseHeld, releaseOld) = (release(holder: "claimedBy = ?"), release(holder: "claimedBy IS NULL"))
            for claim in claims {
                let token: String? = try claim.decode("claimedBy")
                guard abandoned(token, expiry: try claim.decode("leaseExpiresAt"), since: try claim.decode("claimedAt")) else { continue }
                // Only the holder seen here: another run releasing at the same time does it once.
                let changed =
                    if let token {
                        try db.execute(releaseHeld, [now.storeValue, claim.value("id"), token.storeValue])
                    } else {
                        try db.execute(releaseOld, [now.storeValue, claim.value("id")])
                    }
                released.items += changed
            }

            // The outbox's key is the item and the channel.
            let retries = try db.rows(
                "SELECT notificationId, channel, claimedBy, nextAttemptAt, leaseExpiresAt FROM outbox WHERE claimedBy IS NOT NULL")
            for retry in retries {
                let token: String = try retry.decode("claimedBy")
                guard abandoned(token, expiry: try retry.decode("leaseExpiresAt"), since: try retry.decode("nextAttemptAt")) else { continue }
                released.retries += try db.execute(
                    """
                    UPDATE outbox SET claimedBy = NULL, leaseExpiresAt = NULL, claims = claims + 1
                    WHERE notificationId = ? AND channel = ? AND claimedBy = ?
                    """,
                    [retry.value("notificationId"), retry.value("channel"), token.storeValue])
            }
            return released
        }
    }

    /// What earlier runs recorded of each of `items` (its current version) per channel, by
    /// id: for items claimed before (`claims > 1`), so that a resumed item is sent only where
    /// it has no outcome yet. A stored channel name that is none of the channel forms tells
    /// nothing and is left out.
    public func legStates(of items: [NotificationRecord]) throws(StoreError) -> [String: [ChannelName: LegState]] {
        try snapshot("read earlier outcomes") { db in
            var found: [String: [ChannelName: LegState]] = [:]
            for item in items {
                var legs: [ChannelName: LegState] = [:]
                let rows = try db.rows(
                    """
                    SELECT channel, outcome, failureReason, unavailable FROM delivery
                    WHERE notificationId = ? AND revision = ? AND channel IS NOT NULL ORDER BY id
                    """,
                    [item.id.storeValue, item.revision.storeValue])
                for row in rows {
                    guard let channel = ChannelName(storeValue: row.value("channel")) else { continue }
                    // An outcome this version does not know tells nothing of the leg.
                    switch DeliveryOutcome(storeValue: row.value("outcome")) {
                    case .delivered, .replaced: legs[channel] = .delivered
                    case .failed:
                        legs[channel] = .failed(
                            try row.decode("failureReason", as: String?.self) ?? "failed", unavailable: try row.decode("unavailable"))
                    case .expired: legs[channel] = .expired
                    default: break
                    }
                }
                // A nag's next repeat is no leg of this version: the channel took an earlier one.
                for row in try db.rows("SELECT channel FROM outbox WHERE notificationId = ? AND action <> 'nag'", [item.id.storeValue]) {
                    if let channel = ChannelName(storeValue: row.value("channel")) { legs[channel] = .waiting }
                }
                found[item.id] = legs
            }
            return found
        }
    }

    /// Marks legs on an at-most-once channel as being sent by `claimant`, before they go out:
    /// if the run dies before their outcome is recorded, the next run knows they may have
    /// been shown and does not repeat them. (`deliver` marks through `renewLeases`, which
    /// marks only the legs whose claim still holds.)
    public func markInFlight(_ legs: [(id: String, revision: Int)], channel: ChannelName, claimant: Claimant = .current, now: EpochMillis)
        throws(StoreError)
    {
        guard !legs.isEmpty else { return }
        try transaction("mark deliveries in flight") { db in
            try Self.markInFlight(legs, channel: channel, claimant: claimant, leaseUntil: now + Self.leaseLength, now: now, db: db)
        }
    }

    /// Marks `legs` in flight on `channel`, leased until `leaseUntil`.
    static func markInFlight(
        _ legs: [(id: String, revision: Int)], channel: ChannelName, claimant: Claimant, leaseUntil: EpochMillis, now: EpochMillis,
        db: any StoreConnection
    ) throws {
        guard !legs.isEmpty else { return }
        // One statement for the step: the legs go in as a JSON array of [id, revision]. A
        // mark left from before starts over, not yet sent (`WHERE true` tells SQLite's
        // parser that ON CONFLICT is no join's).
        let list = jsonArray(legs.map { "[\(JSONLine.quoted($0.id)),\($0.revision)]" })
        try db.execute(
            """
            INSERT INTO inflight (notificationId, channel, revision, claimedBy, startedAt, leaseExpiresAt)
            SELECT pairText, ?, pairNumber, ?, ?, ? FROM \(db.dialect.jsonPairs) AS legs WHERE true
            ON CONFLICT (notificationId, channel) DO UPDATE SET revision = excluded.revision, claimedBy = excluded.claimedBy,
                startedAt = excluded.startedAt, leaseExpiresAt = excluded.leaseExpiresAt, sent = 0
            """,
            [channel.storeValue, claimant.description.storeValue, now.storeValue, leaseUntil.storeValue, list.storeValue])
    }

    /// Releases `ids`, claimed by this run, back to pending without an outcome: nothing was
    /// shown (a pipe closed before their line was written). The next run sends them. With
    /// `fences`, an item whose claim another worker took over since is left alone.
    public func releaseUnsent(_ ids: [String], channel: ChannelName, fences: Fences? = nil, now: EpochMillis) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try transaction("release unsent notifications") { db in
            let reason = "not sent: \(channel) could not take it; it is due again"
            for id in ids {
                let attempt = fences?.items[id]
                if let attempt,
                    try db.value("SELECT claims FROM notification WHERE id = ?\(db.dialect.lockingRead)", [id.storeValue], as: Int.self) != attempt
                {
                    continue
                }
                try db.execute("DELETE FROM inflight WHERE notificationId = ? AND channel = ?", [id.storeValue, channel.storeValue])
                try db.execute(
                    """
                    UPDATE notification SET state = 'pending', claimedBy = NULL, leaseExpiresAt = NULL, updatedAt = ?, stateReason = ?
                    WHERE id = ? AND state = 'delivering'
                    """,
                    [now.storeValue, reason.storeValue, id.storeValue])
            }
        }
    }
}
