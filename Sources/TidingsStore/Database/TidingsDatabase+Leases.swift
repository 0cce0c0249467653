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
    /// Gives back what runs that died had claimed. A claim is a lease: its holder is checked
    /// through `/proc` (`Claimant.liveness`); only a holder that cannot be checked from here
    /// is judged by the claim's age (`abandonedClaimAge`). A live holder keeps its claim,
    /// however slow. For each abandoned claim:
    /// - legs on at-most-once channels (stdout, desktop) it had started to send become
    ///   failed, "interrupted", and are not repeated; those it had sent but could not record
    ///   for want of space become delivered;
    /// - its items go back to pending, to be sent by this run on the channels that have no
    ///   outcome yet (a webhook again, with the same idempotency key; the inbox once);
    /// - its retry legs become free to claim.
    public func releaseAbandonedClaims(now: EpochMillis, observer: Claimant = .current) throws(StoreError) -> ReleasedClaims {
        try transaction("release abandoned claims") { db in
            var verdicts: [String: Claimant.Liveness] = [:]
            func abandoned(_ token: String?, since: EpochMillis?) -> Bool {
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
                case .unknown: return (since ?? now) < now - Self.abandonedClaimAge
                }
            }
            var released = ReleasedClaims()

            let flights = try db.rows(
                """
                SELECT f.notificationId, f.channel, f.revision, f.claimedBy, f.startedAt, f.sent, n.dueAt, n.staleness
                FROM inflight f JOIN notification n ON n.id = f.notificationId
                """)
            for flight in flights {
                guard abandoned(try flight.decode("claimedBy"), since: try flight.decode("startedAt")) else { continue }
                let sent: Bool = try flight.decode("sent")
                let id: String = try flight.decode("notificationId")
                let channel: String = try flight.decode("channel")
                let startedAt: EpochMillis = try flight.decode("startedAt")
                let row = DeliveryRecord(
                    notificationId: id, scheduledTime: try flight.decode("dueAt"), actualDeliveryTime: sent ? startedAt : nil,
                    contentAge: nil, staleness: try flight.decode("staleness"), channel: try flight.decode("channel"),
                    outcome: sent ? .delivered : .failed,
                    failureReason: sent
                        ? nil
                        : "interrupted: the deliver run sending it ended before recording the outcome; it may have been shown, so it is not sent again",
                    revision: try flight.decode("revision"))
                try db.execute(DeliveryRecord.insertSQL, row.storeValues)
                try db.execute("DELETE FROM inflight WHERE notificationId = ? AND channel = ?", [id.storeValue, channel.storeValue])
                if !sent { released.interrupted += 1 }
            }

            // Claims from before leases (no holder, never counted) that wait on nothing.
            let claims = try db.rows(
                """
                SELECT id, claimedBy, claimedAt FROM notification WHERE state = 'delivering'
                  AND (claimedBy IS NOT NULL OR (claims = 0 AND claimedAt < ? AND id NOT IN (SELECT notificationId FROM outbox)))
                """,
                [(now - Self.abandonedClaimAge).storeValue])
            let release = """
                UPDATE notification SET state = 'pending', claimedBy = NULL, claims = \(db.dialect.greatest("claims", "1")), updatedAt = ?,
                    stateReason = 'resumed: the deliver run that claimed it ended before it finished'
                WHERE id = ?
                """
            for claim in claims {
                guard abandoned(try claim.decode("claimedBy"), since: try claim.decode("claimedAt")) else { continue }
                try db.execute(release, [now.storeValue, claim.value("id")])
                released.items += 1
            }

            // The outbox's key is the item and the channel.
            let retries = try db.rows("SELECT notificationId, channel, claimedBy, nextAttemptAt FROM outbox WHERE claimedBy IS NOT NULL")
            for retry in retries {
                guard abandoned(try retry.decode("claimedBy"), since: try retry.decode("nextAttemptAt")) else { continue }
                try db.execute(
                    "UPDATE outbox SET claimedBy = NULL WHERE notificationId = ? AND channel = ?",
                    [retry.value("notificationId"), retry.value("channel")])
                released.retries += 1
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
                for row in try db.rows("SELECT channel FROM outbox WHERE notificationId = ?", [item.id.storeValue]) {
                    if let channel = ChannelName(storeValue: row.value("channel")) { legs[channel] = .waiting }
                }
                found[item.id] = legs
            }
            return found
        }
    }

    /// Marks legs on an at-most-once channel as being sent by `claimant`, before they go out:
    /// if the run dies before their outcome is recorded, the next run knows they may have
    /// been shown and does not repeat them.
    public func markInFlight(_ legs: [(id: String, revision: Int)], channel: ChannelName, claimant: Claimant = .current, now: EpochMillis)
        throws(StoreError)
    {
        guard !legs.isEmpty else { return }
        try transaction("mark deliveries in flight") { db in
            // One statement for the step: the legs go in as a JSON array of [id, revision]. A
            // mark left from before starts over, not yet sent (`WHERE true` tells SQLite's
            // parser that ON CONFLICT is no join's).
            let list = jsonArray(legs.map { "[\(JSONLine.quoted($0.id)),\($0.revision)]" })
            try db.execute(
                """
                INSERT INTO inflight (notificationId, channel, revision, claimedBy, startedAt)
                SELECT pairText, ?, pairNumber, ?, ? FROM \(db.dialect.jsonPairs) AS legs WHERE true
                ON CONFLICT (notificationId, channel) DO UPDATE SET revision = excluded.revision, claimedBy = excluded.claimedBy,
                    startedAt = excluded.startedAt, sent = 0
                """,
                [channel.storeValue, claimant.description.storeValue, now.storeValue, list.storeValue])
        }
    }

    /// Releases `ids`, claimed by this run, back to pending without an outcome: nothing was
    /// shown (a pipe closed before their line was written). The next run sends them.
    public func releaseUnsent(_ ids: [String], channel: ChannelName, now: EpochMillis) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try transaction("release unsent notifications") { db in
            let reason = "not sent: \(channel) could not take it; it is due again"
            for id in ids {
                try db.execute("DELETE FROM inflight WHERE notificationId = ? AND channel = ?", [id.storeValue, channel.storeValue])
                try db.execute(
                    """
                    UPDATE notification SET state = 'pending', claimedBy = NULL, updatedAt = ?, stateReason = ?
                    WHERE id = ? AND state = 'delivering'
                    """,
                    [now.storeValue, reason.storeValue, id.storeValue])
            }
        }
    }
}
