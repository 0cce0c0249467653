import GRDB
import TidingsCore

/// The raw counts behind the rates, for one window.
public struct ReportCounts: Sendable, Equatable {
    /// Fetch attempts started in the window, by outcome.
    public var fetchOutcomes: [String: Int] = [:]
    /// Notifications due in the window, by state.
    public var notificationStates: [String: Int] = [:]
    /// Notifications due in the window that reached the user, by staleness.
    public var deliveredStaleness: [String: Int] = [:]
    /// Deliveries in the window on channels that report engagement.
    public var engageableDeliveries = 0
    /// Of those, the ones the user tapped.
    public var tapped = 0

    /// Empty counts.
    public init() {}
}

extension TidingsDatabase {
    /// Counts fetch attempts started, and notifications due, in `from ..< until`;
    /// engagement only for deliveries on `engagementChannels`.
    public func reportCounts(from: EpochMillis, until: EpochMillis, engagementChannels: [String]) throws(StoreError) -> ReportCounts {
        try read("count history") { db in
            var counts = ReportCounts()
            for row in try Row.fetchAll(
                db, sql: "SELECT outcome, count(*) FROM fetchAttempt WHERE startedAt >= ? AND startedAt < ? GROUP BY outcome",
                arguments: [from, until])
            {
                counts.fetchOutcomes[row[0], default: 0] += row[1] as Int
            }
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT state, staleness, count(*) FROM notification
                    WHERE dueAt >= ? AND dueAt < ? GROUP BY state, staleness
                    """,
                arguments: [from, until])
            {
                let state: String = row[0]
                let count: Int = row[2]
                counts.notificationStates[state, default: 0] += count
                if NotificationState(rawValue: state)?.reachedUser == true {
                    counts.deliveredStaleness[row[1], default: 0] += count
                }
            }
            if !engagementChannels.isEmpty {
                let placeholders = databaseQuestionMarks(count: engagementChannels.count)
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT count(*), coalesce(sum(engagement = 'TAPPED'), 0) FROM delivery
                        WHERE scheduledTime >= ? AND scheduledTime < ? AND outcome = 'delivered'
                          AND channel IN (\(placeholders))
                        """,
                    arguments: StatementArguments([from, until] as [any DatabaseValueConvertible] + engagementChannels))
                counts.engageableDeliveries = row?[0] ?? 0
                counts.tapped = row?[1] ?? 0
            }
            return counts
        }
    }
}
