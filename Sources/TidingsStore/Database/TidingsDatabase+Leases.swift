import GRDB
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
        try write("release abandoned claims") { db in
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

            let flights = try Row.fetchAll(
                db,
                sql: """
                    SELECT f.notificationId, f.channel, f.revision, f.claimedBy, f.startedAt, f.sent, n.dueAt, n.staleness
                    FROM inflight f JOIN notification n ON n.id = f.notificationId
                    """)
            for flight in flights where abandoned(flight["claimedBy"], since: flight["startedAt"]) {
                let sent: Bool = flight["sent"]
                try DeliveryRecord(
                    notificationId: flight["notificationId"], scheduledTime: flight["dueAt"], actualDeliveryTime: sent ? flight["startedAt"] : nil,
                    contentAge: nil, staleness: try flight.decode(forColumn: "staleness"), channel: flight["channel"],
                    outcome: sent ? .delivered : .failed,
                    failureReason: sent
                        ? nil
                        : "interrupted: the deliver run sending it ended before recording the outcome; it may have been shown, so it is not sent again",
                    revision: flight["revision"]
                ).insert(db)
                try db.execute(
                    sql: "DELETE FROM inflight WHERE notificationId = ? AND channel = ?",
                    arguments: [flight["notificationId"] as String, flight["channel"] as String])
                if !sent { released.interrupted += 1 }
            }

            // Claims from before leases (no holder, never counted) that wait on nothing.
            let claims = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, claimedBy, claimedAt FROM notification WHERE state = 'delivering'
                      AND (claimedBy IS NOT NULL OR (claims = 0 AND claimedAt < ? AND id NOT IN (SELECT notificationId FROM outbox)))
                    """,
                arguments: [now - Self.abandonedClaimAge])
            let release = try db.cachedStatement(
                sql: """
                    UPDATE notification SET state = 'pending', claimedBy = NULL, claims = max(claims, 1), updatedAt = ?,
                        stateReason = 'resumed: the deliver run that claimed it ended before it finished'
                    WHERE id = ?
                    """)
            for claim in claims where abandoned(claim["claimedBy"], since: claim["claimedAt"]) {
                try release.execute(arguments: [now, claim["id"] as String])
                released.items += 1
            }

            let retries = try Row.fetchAll(db, sql: "SELECT rowid, claimedBy, nextAttemptAt FROM outbox WHERE claimedBy IS NOT NULL")
            for retry in retries where abandoned(retry["claimedBy"], since: retry["nextAttemptAt"]) {
                try db.execute(sql: "UPDATE outbox SET claimedBy = NULL WHERE rowid = ?", arguments: [retry["rowid"] as Int64])
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
        try read("read earlier outcomes") { db in
            let rows = try db.cachedStatement(
                sql: """
                    SELECT channel, outcome, failureReason, unavailable FROM delivery
                    WHERE notificationId = ? AND revision = ? AND channel IS NOT NULL ORDER BY id
                    """)
            let waiting = try db.cachedStatement(sql: "SELECT channel FROM outbox WHERE notificationId = ?")
            var found: [String: [ChannelName: LegState]] = [:]
            for item in items {
                var legs: [ChannelName: LegState] = [:]
                for row in try Row.fetchAll(rows, arguments: [item.id, item.revision]) {
                    guard let channel = row.channel("channel") else { continue }
                    // An outcome this version does not know tells nothing of the leg.
                    switch DeliveryOutcome(rawValue: row["outcome"]) {
                    case .delivered, .replaced: legs[channel] = .delivered
                    case .failed: legs[channel] = .failed(row["failureReason"] ?? "failed", unavailable: row["unavailable"])
                    case .expired: legs[channel] = .expired
                    default: break
                    }
                }
                for row in try Row.fetchAll(waiting, arguments: [item.id]) {
                    if let channel = row.channel("channel") { legs[channel] = .waiting }
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
        try write("mark deliveries in flight") { db in
            // One statement for the step: the legs go in as a JSON array of [id, revision].
            let mark = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO inflight (notificationId, channel, revision, claimedBy, startedAt)
                    SELECT json_extract(value, '$[0]'), ?, json_extract(value, '$[1]'), ?, ? FROM json_each(?)
                    """)
            let list = jsonArray(legs.map { "[\(JSONLine.quoted($0.id)),\($0.revision)]" })
            try mark.execute(arguments: [channel, claimant.description, now, list])
        }
    }

    /// Releases `ids`, claimed by this run, back to pending without an outcome: nothing was
    /// shown (a pipe closed before their line was written). The next run sends them.
    public func releaseUnsent(_ ids: [String], channel: ChannelName, now: EpochMillis) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try write("release unsent notifications") { db in
            for id in ids {
                try db.execute(sql: "DELETE FROM inflight WHERE notificationId = ? AND channel = ?", arguments: [id, channel])
                try db.execute(
                    sql: """
                        UPDATE notification SET state = 'pending', claimedBy = NULL, updatedAt = ?,
                            stateReason = 'not sent: ' || ? || ' could not take it; it is due again'
                        WHERE id = ? AND state = 'delivering'
                        """,
                    arguments: [now, channel, id])
            }
        }
    }
}
