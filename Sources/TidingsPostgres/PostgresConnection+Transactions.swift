extension PostgresConnection {
    /// Runs `body` between BEGIN and COMMIT and returns what it returns; when `body` throws,
    /// the transaction is rolled back and the error thrown on. Transactions do not nest.
    /// - Throws: what `body` throws, or `PostgresError` from BEGIN or COMMIT.
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try execute("BEGIN")
        let value: T
        do {
            value = try body(self)
        } catch {
            // The error that ended the work matters more than a failed ROLLBACK (a connection
            // already lost rolls back on its own).
            _ = try? execute("ROLLBACK")
            throw error
        }
        try execute("COMMIT")
        return value
    }

    /// Takes the session-level advisory lock `key` if it is free (pg_try_advisory_lock) and
    /// tells whether it did. It is held until `advisoryUnlock(_:)` or the end of the session,
    /// whoever ends it: a dead host's locks go with its connection.
    public func tryAdvisoryLock(_ key: Int64) throws(PostgresError) -> Bool {
        try execute("SELECT pg_try_advisory_lock($1) AS locked", [.integer(key)]).first?[0].bool == true
    }

    /// Waits for the session-level advisory lock `key` and takes it (pg_advisory_lock);
    /// the session's `lock_timeout`, when set, bounds the wait.
    public func advisoryLock(_ key: Int64) throws(PostgresError) {
        try execute("SELECT pg_advisory_lock($1)", [.integer(key)])
    }

    /// Gives back the session-level advisory lock `key` and tells whether this session held it.
    @discardableResult
    public func advisoryUnlock(_ key: Int64) throws(PostgresError) -> Bool {
        try execute("SELECT pg_advisory_unlock($1) AS unlocked", [.integer(key)]).first?[0].bool == true
    }

    /// Waits for the transaction-level advisory lock `key` and takes it
    /// (pg_advisory_xact_lock); it goes at COMMIT or ROLLBACK. Call it inside `transaction`.
    public func advisoryTransactionLock(_ key: Int64) throws(PostgresError) {
        try execute("SELECT pg_advisory_xact_lock($1)", [.integer(key)])
    }

    /// Takes the transaction-level advisory lock `key` if it is free
    /// (pg_try_advisory_xact_lock) and tells whether it did.
    public func tryAdvisoryTransactionLock(_ key: Int64) throws(PostgresError) -> Bool {
        try execute("SELECT pg_try_advisory_xact_lock($1) AS locked", [.integer(key)]).first?[0].bool == true
    }
}
