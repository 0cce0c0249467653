import GRDB
import TidingsCore

extension TidingsDatabase {
    /// The sources whose last attempt failed, by name, each with the time its failures
    /// started, how many there were since the last success and the last reason. With
    /// `names`, only those sources (the ones the config still has).
    public func failingSources(among names: Set<String>? = nil) throws(StoreError) -> [SourceFailure] {
        let successes = FetchOutcome.allCases.filter(\.isSuccess)
        return try read("read failing sources") { db in
            let states =
                try SourceState
                .filter(Column("lastOutcome") != nil && !successes.contains(Column("lastOutcome")))
                .order(SourceState.Columns.name)
                .fetchAll(db)
            return try states.compactMap { state -> SourceFailure? in
                if let names, !names.contains(state.name) { return nil }
                // Attempts after the last success, found through the startedAt index.
                let after = state.lastSuccessAt ?? Int64.min
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT min(startedAt) AS first, count(*) AS attempts FROM fetchAttempt
                        WHERE startedAt > ? AND source = ? AND outcome NOT IN (?, ?)
                        """,
                    arguments: [after, state.name, FetchOutcome.ok, FetchOutcome.notModified])
                let last =
                    try FetchAttempt
                    .filter(Column("source") == state.name && Column("startedAt") > after)
                    .order(Column("startedAt").desc, Column("id").desc)
                    .fetchOne(db)
                let attempts: Int = row?["attempts"] ?? 0
                let first: EpochMillis? = row?["first"]
                let outcome = (last?.outcome ?? state.lastOutcome)?.description ?? "failed"
                let reason = last?.reason ?? last?.httpStatus.map { "HTTP \($0)" } ?? outcome
                return SourceFailure(
                    source: state.name,
                    // Retention may have deleted the first failures: the state still knows the last attempt.
                    since: first ?? state.lastAttemptAt ?? state.firstSeenAt,
                    attempts: max(attempts, 1), outcome: outcome, reason: reason, lastSuccess: state.lastSuccessAt)
            }
        }
    }
}
