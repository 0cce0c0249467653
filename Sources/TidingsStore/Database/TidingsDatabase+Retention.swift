import GRDB
import TidingsCore

extension TidingsDatabase {
    /// Deletes the history older than `cutoff`: delivery rows scheduled before it, fetch
    /// attempts and stage runs started before it, and notifications due before it that are
    /// settled (never a pending, backlogged or claimed one, nor one a retry waits for). The
    /// cached content and calendars are kept: they are the last-known-good. Returns how many
    /// rows went. Each delete is a range of an index, so a run with nothing old costs little.
    public func prune(before cutoff: EpochMillis) throws(StoreError) -> Int {
        try write("prune old history") { db in
            var removed = 0
            let settled = [
                NotificationState.delivered, .read, .dismissed, .failed, .missed, .expired, .cancelled,
            ].map(\.rawValue)
            try db.execute(sql: "DELETE FROM delivery WHERE scheduledTime < ?", arguments: [cutoff])
            removed += db.changesCount
            try db.execute(sql: "DELETE FROM fetchAttempt WHERE startedAt < ?", arguments: [cutoff])
            removed += db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM notification WHERE state IN (\(databaseQuestionMarks(count: settled.count))) AND dueAt < ?
                      AND id NOT IN (SELECT notificationId FROM outbox)
                    """,
                arguments: StatementArguments(settled as [any DatabaseValueConvertible] + [cutoff]))
            removed += db.changesCount
            try db.execute(
                sql: "DELETE FROM stageRun WHERE stage IN ('prefetch', 'plan', 'deliver', 'report') AND startedAt < ?", arguments: [cutoff])
            removed += db.changesCount
            return removed
        }
    }
}
