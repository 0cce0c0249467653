import GRDB
import TidingsCore

/// The raw counts behind the rates, for one window.
public struct ReportCounts: Sendable, Equatable {
    /// Fetch attempts started in the window, by outcome.
    public var fetchOutcomes: [FetchOutcome: Int] = [:]
    /// Fetch attempts started in the window with an outcome this version does not know (a
    /// newer version wrote it): they count among the attempts, never as successes.
    public var unknownFetchOutcomes = 0
    /// Notifications due in the window, by state.
    public var notificationStates: [NotificationState: Int] = [:]
    /// Notifications due in the window that reached the user, by staleness.
    public var deliveredStaleness: [Staleness: Int] = [:]
    /// Deliveries in the window on channels that report engagement.
    public var engageableDeliveries = 0
    /// Of those, the ones the user tapped.
    public var tapped = 0
    /// Notifications due in the window (except cancelled ones) whose text a generator wrote,
    /// by generator name (`template`, `llm`, `llm-fallback`, the reason left off).
    public var generators: [String: Int] = [:]

    /// Notifications due in the window that the pending cap kept back until they were missed
    /// or expired.
    public var capped = 0

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
                if let outcome = FetchOutcome(rawValue: row[0]) {
                    counts.fetchOutcomes[outcome, default: 0] += row[1] as Int
                } else {
                    counts.unknownFetchOutcomes += row[1] as Int
                }
            }
            // One index range per (state, staleness): counting a million rows in place is
            // several times faster than grouping them, which sorts.
            let count = try db.cachedStatement(
                sql: "SELECT count(*) FROM notification WHERE state = ? AND staleness = ? AND dueAt >= ? AND dueAt < ?")
            for state in NotificationState.allCases {
                for staleness in Staleness.allCases {
                    let n = try Int.fetchOne(count, arguments: [state, staleness, from, until]) ?? 0
                    guard n > 0 else { continue }
                    counts.notificationStates[state, default: 0] += n
                    if state.reachedUser { counts.deliveredStaleness[staleness, default: 0] += n }
                }
            }
            // Per state, one range each of an index that holds the generator (v9), so no row is
            // read; a fallback's reason after the colon is not counted apart.
            let byGenerator = try db.cachedStatement(
                sql: """
                    SELECT CASE WHEN instr(generator, ':') > 0 THEN substr(generator, 1, instr(generator, ':') - 1) ELSE generator END,
                           count(*)
                    FROM notification WHERE state = ? AND dueAt >= ? AND dueAt < ? AND generator IS NOT NULL GROUP BY 1
                    """)
            for state in NotificationState.allCases where state != .cancelled && counts.notificationStates[state] != nil {
                for row in try Row.fetchAll(byGenerator, arguments: [state, from, until]) {
                    counts.generators[row[0], default: 0] += row[1] as Int
                }
            }
            if counts.notificationStates[.missed] != nil || counts.notificationStates[.expired] != nil {
                counts.capped = try cappedMisses(db, from: from, until: until)
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
