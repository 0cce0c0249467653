import TidingsCore

extension TidingsDatabase {
    /// When `deliver` next has something to send: the earliest pending item or webhook retry;
    /// nil when there is none. Items waiting in the backlog are left out: `deliver` promotes them
    /// into free places (and then arms the wake-up for them).
    public func nextDueTime() throws(StoreError) -> EpochMillis? {
        try snapshot("find the next due time") { db in
            try db.value(
                """
                SELECT min(due) FROM (
                    SELECT min(dueAt) AS due FROM notification WHERE state = 'pending'
                    UNION ALL SELECT min(nextAttemptAt) FROM outbox) AS earliest
                """, as: EpochMillis.self)
        }
    }
}
