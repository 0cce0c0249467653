import TidingsCore

// The statements that close a delivery step over all its legs at once, each taking the step's
// ids as one JSON array: settling the items, and taking finished legs out of the outbox and
// their in-flight marks away. Their SQLite texts are public for the tests of their query plans.
extension TidingsDatabase {
    /// Gives each of `ids` the state its legs say, and lets go of its claim. Those among
    /// `delivered` (a leg of theirs was just recorded as delivered) are delivered whatever
    /// else their legs say: they are settled by one plain statement, without the look-ups.
    static func settle(_ ids: Set<String>, delivered: Set<String> = [], now: EpochMillis, db: any StoreConnection) throws {
        let known = ids.intersection(delivered)
        if !known.isEmpty { try db.execute(settleDeliveredSQL(db.dialect), [now.storeValue, jsonList(known).storeValue]) }
        let rest = known.isEmpty ? ids : ids.subtracting(known)
        guard !rest.isEmpty else { return }
        try db.execute(settleSQL(db.dialect), [now.storeValue, now.storeValue, jsonList(rest).storeValue])
    }

    /// Settles the items of a JSON array of ids as delivered: what `settleSQL` gives an item
    /// with a delivered leg.
    static func settleDeliveredSQL(_ dialect: SQLDialect) -> String {
        """
        UPDATE notification SET updatedAt = ?, claimedBy = NULL, state = 'delivered', stateReason = NULL
        WHERE id IN \(dialect.jsonTextList) AND \(dialect.unindexed("state")) IN ('delivering', 'delivered', 'failed')
        """
    }

    /// `settleDeliveredSQL` as SQLite takes it (its query plan is tested).
    public static let settleDeliveredSQL = settleDeliveredSQL(.sqlite)

    /// Gives the items of a JSON array of ids the state their legs say. The unindexed state
    /// (`+state` in SQLite) keeps SQLite on the primary key: by the state index it would read
    /// every settled row.
    static func settleSQL(_ dialect: SQLDialect) -> String {
        """
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
        WHERE id IN \(dialect.jsonTextList) AND \(dialect.unindexed("state")) IN ('delivering', 'delivered', 'failed')
        """
    }

    /// `settleSQL` as SQLite takes it (its query plan is tested).
    public static let settleSQL = settleSQL(.sqlite)

    /// Takes legs that ended (a channel and a JSON array of ids) out of the outbox.
    static func finishLegsSQL(_ dialect: SQLDialect) -> String {
        "DELETE FROM outbox WHERE channel = ? AND notificationId IN \(dialect.jsonTextList)"
    }

    /// `finishLegsSQL` as SQLite takes it.
    public static let finishLegsSQL = finishLegsSQL(.sqlite)

    /// Clears the in-flight marks of recorded legs (a channel and a JSON array of ids).
    static func clearFlightsSQL(_ dialect: SQLDialect) -> String {
        "DELETE FROM inflight WHERE channel = ? AND notificationId IN \(dialect.jsonTextList)"
    }

    /// `clearFlightsSQL` as SQLite takes it.
    public static let clearFlightsSQL = clearFlightsSQL(.sqlite)

    /// `ids` as a JSON array, for statements that take a step's ids in one argument
    /// (`IN \(dialect.jsonTextList)`).
    static func jsonList(_ ids: some Sequence<String>) -> String {
        jsonArray(ids.map(JSONLine.quoted))
    }
}
