import TidingsCore

/// The table of v29-nag: the rule of each reminder added with `--nag` (`NagRule`), under the
/// reminder's id, which a repeat's occurrences (`reminder:<token>@<date>`) share.
public enum NagTable {
    /// The statements of v29-nag: the rules of reminders added with `--nag`, and the index
    /// `report` counts the repeats of a window by, so that the count stays a few index entries
    /// however many deliveries the window holds.
    public static let create = [
        """
        CREATE TABLE nag (
            id TEXT PRIMARY KEY NOT NULL,
            every BIGINT NOT NULL,
            times BIGINT NOT NULL
        )
        """,
        "CREATE INDEX delivery_repeated ON delivery(scheduledTime) WHERE outcome = 'repeated' AND failureReason IS NULL",
    ]
}

/// Nag until seen: after an item that nags is delivered on a channel, an outbox leg with
/// `action = 'nag'` waits for its next repeat there (`attempts` counts the repeats made), so
/// that repeats get the claims, leases and fences of retries, and the idle check stays the
/// outbox's one indexed look-up. Reading, tapping, dismissing or snoozing the item drops its
/// nag legs; `deliver` drops one that finds the item no longer delivered, or expired.
extension TidingsDatabase {
    /// The outbox action of a leg that repeats an item until it is seen.
    public static let nagAction = "nag"

    /// Keeps `rule` for the reminder `id`.
    static func keepNag(_ rule: NagRule, for id: String, db: any StoreConnection) throws {
        try db.execute(
            "INSERT INTO nag (id, every, times) VALUES (?, ?, ?)", [id.storeValue, rule.every.storeValue, rule.times.storeValue])
    }

    /// The reminder's id an item's own nag rule is kept under: an occurrence's rule's id.
    static func nagKey(_ id: String) -> String {
        guard id.hasPrefix("reminder:"), let at = id.firstIndex(of: "@") else { return id }
        return String(id[..<at])
    }

    /// The own nag rules (`tidings add --nag`) of those of `ids` that have one.
    public func ownNagRules(ids: [String]) throws(StoreError) -> [String: NagRule] {
        let keys = Set(ids.map(Self.nagKey))
        guard !keys.isEmpty else { return [:] }
        return try snapshot("read nag rules") { db in
            var rules: [String: NagRule] = [:]
            for row in try db.rows(
                "SELECT id, every, times FROM nag WHERE id IN \(db.dialect.jsonTextList)", [Self.jsonList(keys.sorted()).storeValue])
            {
                rules[try row.decode(0, as: String.self)] = NagRule(every: try row.decode(1), times: try row.decode(2))
            }
            return ids.reduce(into: [:]) { found, id in found[id] = rules[Self.nagKey(id)] }
        }
    }

    /// Drops the nag legs of `id`: it was seen, or snoozed (its next delivery starts again).
    static func stopNagging(_ id: String, db: any StoreConnection) throws {
        try db.execute("DELETE FROM outbox WHERE notificationId = ? AND action = 'nag'", [id.storeValue])
    }

    /// Ends the claimed nag `legs` without a delivery row (the item was seen, expired or
    /// updated, its rule is gone): each only while `fences` still holds its claim.
    public func dropNags(_ legs: [Fences.Leg], fences: Fences) throws(StoreError) {
        guard !legs.isEmpty else { return }
        try transaction("drop nag legs") { db in
            for leg in legs {
                try db.execute(
                    "DELETE FROM outbox WHERE notificationId = ? AND channel = ? AND action = 'nag' AND claims = ?",
                    [leg.id.storeValue, leg.channel.storeValue, (fences.legs[leg] ?? 0).storeValue])
            }
        }
    }

    /// Whether `channel` took more repeats of `notification` (its id and revision) than
    /// `count`: a later repeat replaced the popup of repeat `count` (0: the delivery itself).
    public func hasLaterRepeat(of notification: (id: String, revision: Int), on channel: ChannelName, than count: Int) throws(StoreError)
        -> Bool
    {
        try snapshot("read nag repeats") { db in
            let made = try db.value(
                """
                SELECT count(*) FROM delivery WHERE notificationId = ? AND channel = ? AND revision = ?
                AND outcome = 'repeated' AND failureReason IS NULL
                """, [notification.id.storeValue, channel.storeValue, notification.revision.storeValue], as: Int.self)
            return (made ?? 0) > count
        }
    }
}
