import GRDB
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
    public static let firstTapsSQL = "SELECT count(*) FROM (SELECT 1 FROM delivery WHERE engagement = 'TAPPED' LIMIT ?)"

    /// The history insights are drawn from, over `from ..< until`: taps counted up to
    /// `tapsNeeded`, the first use, engagement and staleness in the window, and the insights
    /// due since `insightsSince` (before `until`) that were not cancelled.
    public func insightHistory(from: EpochMillis, until: EpochMillis, tapsNeeded: Int, insightsSince: EpochMillis) throws(StoreError)
        -> InsightHistory
    {
        try read("read insight history") { db in
            var history = InsightHistory()
            // Counting stops at what the gate needs: a year of taps is not read to learn it is more than 3.
            history.taps = try Int.fetchOne(db, sql: Self.firstTapsSQL, arguments: [tapsNeeded]) ?? 0
            // One index lookup per stage and one for deliveries: the earliest row of each.
            var first: [EpochMillis] = []
            for stage in Stage.allCases {
                if let start = try EpochMillis.fetchOne(db, sql: "SELECT min(startedAt) FROM stageRun WHERE stage = ?", arguments: [stage]) {
                    first.append(start)
                }
            }
            if let delivered = try EpochMillis.fetchOne(db, sql: "SELECT min(scheduledTime) FROM delivery") { first.append(delivered) }
            history.firstUse = first.min()

            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT engagement, count(DISTINCT notificationId) FROM delivery
                    WHERE scheduledTime >= ? AND scheduledTime < ? AND engagement IN ('TAPPED', 'DISMISSED')
                    GROUP BY engagement
                    """,
                arguments: [from, until])
            {
                if row[0] as Engagement == .tapped { history.opened = row[1] } else { history.dismissed = row[1] }
            }
            let reached: [any DatabaseValueConvertible] = NotificationState.allCases.filter(\.reachedUser)
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT staleness, count(*) FROM notification
                    WHERE state IN (\(databaseQuestionMarks(count: reached.count))) AND dueAt >= ? AND dueAt < ?
                    GROUP BY staleness
                    """,
                arguments: StatementArguments(reached + [from, until]))
            {
                let count: Int = row[1]
                history.delivered += count
                // Compared as text: a staleness this version does not know counts as not fresh.
                if row[0] as String != Staleness.fresh.rawValue { history.stale += count }
            }
            // A range of the kind and due index (v22).
            history.earlier = try Row.fetchAll(
                db,
                sql: """
                    SELECT dueAt, subject FROM notification
                    WHERE kind = 'insight' AND dueAt >= ? AND dueAt < ? AND state <> 'cancelled'
                    ORDER BY dueAt
                    """,
                arguments: [insightsSince, until]
            ).map { ($0[0], $0[1]) }
            return history
        }
    }
}
