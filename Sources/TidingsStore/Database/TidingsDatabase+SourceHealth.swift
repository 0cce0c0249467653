import TidingsCore

extension TidingsDatabase {
    /// The sources whose last attempt failed, by name, each with the time its failures
    /// started, how many there were since the last success and the last reason. With
    /// `names`, only those sources (the ones the config still has).
    public func failingSources(among names: Set<String>? = nil) throws(StoreError) -> [SourceFailure] {
        let successes = FetchOutcome.allCases.filter(\.isSuccess)
        let successList = successes.map { _ in "?" }.joined(separator: ", ")
        return try snapshot("read failing sources") { db in
            let states = try db.rows(
                "SELECT * FROM source WHERE lastOutcome IS NOT NULL AND lastOutcome NOT IN (\(successList)) ORDER BY name",
                successes.map(\.storeValue)
            ).map(SourceState.init(store:))
            return try states.compactMap { state -> SourceFailure? in
                if let names, !names.contains(state.name) { return nil }
                // Attempts after the last success, found through the startedAt index.
                let after = state.lastSuccessAt ?? Int64.min
                let row = try db.row(
                    """
                    SELECT min(startedAt) AS first, count(*) AS attempts FROM fetchAttempt
                    WHERE startedAt > ? AND source = ? AND outcome NOT IN (?, ?)
                    """,
                    [after.storeValue, state.name.storeValue, FetchOutcome.ok.storeValue, FetchOutcome.notModified.storeValue])
                let last = try db.row(
                    "SELECT * FROM fetchAttempt WHERE source = ? AND startedAt > ? ORDER BY startedAt DESC, id DESC LIMIT 1",
                    [state.name.storeValue, after.storeValue]
                ).map(FetchAttempt.init(store:))
                let attempts = try row?.decode("attempts", as: Int.self) ?? 0
                let first = try row?.decode("first", as: EpochMillis?.self) ?? nil
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
