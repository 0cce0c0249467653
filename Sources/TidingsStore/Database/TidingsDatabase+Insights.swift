import TidingsCore

/// What insights are drawn from: how engaged the user is, and what the past days held.
public struct InsightHistory: Sendable, Equatable {
    /// Tapped deliveries, counted up to the number asked for.
    public var taps = 0
    /// The first sign of use: the first run of any program or the first delivery; nil for none.
    public var firstUse: EpochMillis?
    /// Notifications due in the window that the user opened (tapped) or dismissed.
    public var opened = 0
    public var dismissed = 0
    /// Notifications due in the window that reached the user, and of those how many showed
    /// stale or emergency text.
    public var delivered = 0
    public var stale = 0
    /// The insights planned before the window's end that were not cancelled: when each was
    /// due and what it was about (its subject, `insight:<topic>`), earliest first.
    public var earlier: [(dueAt: EpochMillis, subject: String?)] = []

    /// No history.
    public init() {}

    public static func == (lhs: InsightHistory, rhs: InsightHistory) -> Bool {
        lhs.taps == rhs.taps && lhs.firstUse == rhs.firstUse && lhs.opened == rhs.opened && lhs.dismissed == rhs.dismissed
            && lhs.delivered == rhs.delivered && lhs.stale == rhs.stale
            && lhs.earlier.map(\.dueAt) == rhs.earlier.map(\.dueAt) && lhs.earlier.map(\.subject) == rhs.earlier.map(\.subject)
    }
}

extension TidingsDatabase {
    /// How many taps there are, counted up to the number given: read from the index of
    /// tapped deliveries (`v10-tapped-index`), not from every delivery.
    public static let firstTapsSQL = "SELECT count(*) FROM (SELECT 1 FROM delivery WHERE engagement = 'TAPPED' LIMIT ?) AS taps"

    /// The history insights are drawn from, over `from ..< until`: taps counted up to
    /// `tapsNeeded`, the first use, engagement and staleness in the window, and the insights
    /// due since `insightsSince` (before `until`) that were not cancelled.
    public func insightHistory(from: EpochMillis, until: EpochMillis, tapsNeeded: Int, insightsSince: EpochMillis) throws(StoreError)
        -> InsightHistory
    {
        try snapshot("read insight history") { db in
            var history = InsightHistory()
            // Counting stops at what the gate needs: a year of taps is not read to learn it is more than 3.
            history.taps = try db.value(Self.firstTapsSQL, [tapsNeeded.storeValue], as: Int.self) ?? 0
            // One index lookup per stage and one for deliveries: the earliest row of each.
            var first: [EpochMillis] = []
            for stage in Stage.allCases {
                if let start = try db.value("SELECT min(startedAt) FROM stageRun WHERE stage = ?", [stage.storeValue], as: EpochMillis.self) {
                    first.append(start)
                }
            }
            if let delivered = try db.value("SELECT min(scheduledTime) FROM delivery", as: EpochMillis.self) { first.append(delivered) }
            history.firstUse = first.min()

            for row in try db.rows(
                """
                SELECT engagement, count(DISTINCT notificationId) FROM delivery
                WHERE scheduledTime >= ? AND scheduledTime < ? AND engagement IN ('TAPPED', 'DISMISSED')
                GROUP BY engagement
                """,
                [from.storeValue, until.storeValue])
            {
                let count = try row.decode(1, as: Int.self)
                if try row.decode(0, as: Engagement.self) == .tapped { history.opened = count } else { history.dismissed = count }
            }
            let reached = NotificationState.allCases.filter(\.reachedUser).map(\.storeValue)
            let marks = Array(repeating: "?", count: reached.count).joined(separator: ", ")
            for row in try db.rows(
                """
                SELECT staleness, count(*) FROM notification
                WHERE state IN (\(marks)) AND dueAt >= ? AND dueAt < ?
                GROUP BY staleness
                """,
                reached + [from.storeValue, until.storeValue])
            {
                let count = try row.decode(1, as: Int.self)
                history.delivered += count
                // Compared as text: a staleness this version does not know counts as not fresh.
                if try row.decode(0, as: String.self) != Staleness.fresh.rawValue { history.stale += count }
            }
            // A range of the kind and due index (v22).
            history.earlier = try db.rows(
                """
                SELECT dueAt, subject FROM notification
                WHERE kind = 'insight' AND dueAt >= ? AND dueAt < ? AND state <> 'cancelled'
                ORDER BY dueAt
                """,
                [insightsSince.storeValue, until.storeValue]
            ).map { row throws in (try row.decode(0, as: EpochMillis.self), try row.decode(1, as: String?.self)) }
            return history
        }
    }
}
