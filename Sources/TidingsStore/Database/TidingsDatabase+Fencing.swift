import TidingsCore

/// The claims one `deliver` run holds, each with the attempt it claimed with (the item's or
/// the retry leg's `claims`): what the run presents when it renews its leases, marks a step
/// in flight or records an outcome. A claim another worker took over since has another
/// attempt, so the run's late write is refused (see `recordLegs`).
public struct Fences: Sendable, Equatable {
    /// One retry leg: its item and channel.
    public struct Leg: Hashable, Sendable {
        /// The item's id.
        public var id: String
        /// The channel.
        public var channel: ChannelName

        /// A leg as given.
        public init(id: String, channel: ChannelName) {
            self.id = id
            self.channel = channel
        }
    }

    /// Claimed items, by id: their attempt.
    public var items: [String: Int] = [:]
    /// Claimed retry legs: their attempt.
    public var legs: [Leg: Int] = [:]

    /// No claims.
    public init(items: [String: Int] = [:], legs: [Leg: Int] = [:]) {
        self.items = items
        self.legs = legs
    }

    /// Whether nothing is held.
    public var isEmpty: Bool { items.isEmpty && legs.isEmpty }

    /// Whether the leg of `id` on `channel` is fenced here, by its retry leg's claim or else
    /// by its item's claim.
    public func covers(_ id: String, on channel: ChannelName?) -> Bool {
        if let channel, legs[Leg(id: id, channel: channel)] != nil { return true }
        return items[id] != nil
    }

    /// Whether the leg of `id` on `channel`, fenced in `self`, is still held in `held` (what a
    /// renewal found); a leg fenced by neither is held (nothing claims it: a test notification).
    public func holds(_ id: String, on channel: ChannelName, in held: Fences) -> Bool {
        let leg = Leg(id: id, channel: channel)
        if let attempt = legs[leg] { return held.legs[leg] == attempt }
        if let attempt = items[id] { return held.items[id] == attempt }
        return true
    }
}

/// What `recordLegs` did besides recording.
public struct RecordedLegs: Sendable, Equatable {
    /// Outcomes refused because another worker took their claim over (stale writes): each
    /// kept in `staleOutcome`.
    public var refused = 0
    /// Items claimed again for a leg still to come (`hold`), with their new attempt.
    public var held: [String: Int] = [:]

    /// Nothing refused, nothing held.
    public init(refused: Int = 0, held: [String: Int] = [:]) {
        self.refused = refused
        self.held = held
    }
}

extension TidingsDatabase {
    /// How long a claim holds without renewal: 2 minutes. A live `deliver` checks its leases
    /// before every step and renews them once half of one is gone (and every quarter of one
    /// during a long step), so only a step longer than this (a webhook slower than its timeouts
    /// allow) could lose them; another host takes a claim over only once its lease expired.
    public static let leaseLength: Int64 = 2 * 60_000

    /// Renews the leases `fences` names, held by `claimant`, until `until`, and returns those
    /// still held: a claim another worker took over is not renewed and is left out. With
    /// `marking`, the legs of that step on `channel` (an at-most-once channel) whose claim still
    /// holds are marked in flight in the same transaction, before they go out; a leg whose
    /// claim was lost is neither marked nor, by the caller, sent. Without `renewing` the leases
    /// are only checked (a lease with more than half of it left needs no renewal): the claims
    /// are read, not written, and with nothing to mark no transaction writes.
    public func renewLeases(
        _ fences: Fences, claimant: Claimant = .current, until: EpochMillis, marking legs: [(id: String, revision: Int)] = [],
        on channel: ChannelName? = nil, renewing: Bool = true, now: EpochMillis
    ) throws(StoreError) -> Fences {
        let marks = channel != nil && !legs.isEmpty
        guard renewing || marks else {
            return try snapshot("check leases") { db in try Self.heldLeases(fences, claimant: claimant, renewingUntil: nil, db: db) }
        }
        return try transaction(renewing ? "renew leases" : "check leases") { db in
            let held = try Self.heldLeases(fences, claimant: claimant, renewingUntil: renewing ? until : nil, db: db)
            if renewing {
                try db.execute("UPDATE inflight SET leaseExpiresAt = ? WHERE claimedBy = ?", [until.storeValue, claimant.description.storeValue])
            }
            if let channel {
                let marked = legs.filter { fences.holds($0.id, on: channel, in: held) }
                try Self.markInFlight(marked, channel: channel, claimant: claimant, leaseUntil: until, now: now, db: db)
            }
            return held
        }
    }

    /// The claims of `fences` that `claimant` still holds with the attempt presented, their
    /// leases renewed until `renewingUntil` when given, else only read.
    private static func heldLeases(_ fences: Fences, claimant: Claimant, renewingUntil until: EpochMillis?, db: any StoreConnection) throws
        -> Fences
    {
        var held = Fences()
        let token = claimant.description.storeValue
        if !fences.items.isEmpty {
            let rows =
                if let until {
                    try db.rows(
                        "UPDATE notification SET leaseExpiresAt = ? WHERE claimedBy = ? AND state = 'delivering' RETURNING id, claims",
                        [until.storeValue, token])
                } else {
                    try db.rows("SELECT id, claims FROM notification WHERE claimedBy = ? AND state = 'delivering'", [token])
                }
            for row in rows {
                let id = try row.decode(0, as: String.self)
                let attempt = try row.decode(1, as: Int.self)
                if fences.items[id] == attempt { held.items[id] = attempt }
            }
        }
        if !fences.legs.isEmpty {
            let rows =
                if let until {
                    try db.rows(
                        "UPDATE outbox SET leaseExpiresAt = ? WHERE claimedBy = ? RETURNING notificationId, channel, claims",
                        [until.storeValue, token])
                } else {
                    try db.rows("SELECT notificationId, channel, claims FROM outbox WHERE claimedBy = ?", [token])
                }
            for row in rows {
                guard let channel = ChannelName(storeValue: row.value(1)) else { continue }
                let leg = Fences.Leg(id: try row.decode(0), channel: channel)
                let attempt = try row.decode(2, as: Int.self)
                if fences.legs[leg] == attempt { held.legs[leg] = attempt }
            }
        }
        return held
    }

    /// Which of the legs about to be recorded are stale: fenced by an item whose attempt is no
    /// longer the one presented, or by a retry leg that another worker took over (or finished).
    /// Reads under a lock, so that no takeover slips in before the transaction writes.
    static func staleLegs(
        ids: Set<String>, legs: Set<Fences.Leg>, fences: Fences, claimant: Claimant, db: any StoreConnection
    ) throws -> (items: Set<String>, legs: Set<Fences.Leg>) {
        var staleItems = Set<String>()
        let fenced = ids.filter { fences.items[$0] != nil }
        if !fenced.isEmpty {
            var found: [String: Int] = [:]
            for row in try db.rows(
                "SELECT id, claims FROM notification WHERE id IN \(db.dialect.jsonTextList)\(db.dialect.lockingRead)",
                [jsonList(fenced.sorted()).storeValue])
            {
                found[try row.decode("id", as: String.self)] = try row.decode("claims", as: Int.self)
            }
            staleItems = fenced.filter { found[$0] != fences.items[$0] }
        }
        var staleLegs = Set<Fences.Leg>()
        for leg in legs {
            guard let attempt = fences.legs[leg] else { continue }
            let row = try db.row(
                "SELECT claims, claimedBy FROM outbox WHERE notificationId = ? AND channel = ?\(db.dialect.lockingRead)",
                [leg.id.storeValue, leg.channel.storeValue])
            let current = try row?.decode("claims", as: Int.self)
            let holder = try row?.decode("claimedBy", as: String?.self)
            if current != attempt || holder != claimant.description { staleLegs.insert(leg) }
        }
        return (staleItems, staleLegs)
    }

    /// Keeps what a stale worker tried to record of `deliveries`, once per leg and attempt,
    /// for `report`'s suspected duplicates.
    static func keepStale(_ deliveries: [DeliveryRecord], fences: Fences, claimant: Claimant, now: EpochMillis, db: any StoreConnection) throws {
        for delivery in deliveries {
            guard let channel = delivery.channel else { continue }
            let attempt = fences.legs[Fences.Leg(id: delivery.notificationId, channel: channel)] ?? fences.items[delivery.notificationId] ?? 0
            try db.execute(
                """
                INSERT INTO staleOutcome (notificationId, channel, attempt, revision, scheduledTime, outcome, claimedBy, refusedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (notificationId, channel, attempt) DO NOTHING
                """,
                [
                    delivery.notificationId.storeValue, channel.storeValue, attempt.storeValue, delivery.revision.storeValue,
                    delivery.scheduledTime.storeValue, delivery.outcome.storeValue, claimant.description.storeValue, now.storeValue,
                ])
        }
    }
}
