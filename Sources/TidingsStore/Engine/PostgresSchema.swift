import TidingsPostgres

/// The store's schema on PostgreSQL: the same named, append-only migrations as SQLite's
/// (`TidingsDatabase.migrator`), each written in PostgreSQL's words, applied by the first
/// program that opens the database and recorded in `tidings_migrations`.
///
/// The migrations run one by one, v1 to the last, even on a new database (which PostgreSQL
/// always is: a SQLite file reaches it by a copy, never by migrating), rather than as one
/// script of the final schema: each PostgreSQL migration then sits beside its SQLite twin
/// under the same identifier and is read against it, a new migration is added to both lists
/// in the same way, and the path every new database takes is the one a later migration takes
/// on an existing one, so the tests exercise it on every run. There is no second way to reach
/// the current schema that could drift from the first. The cost is 24 short transactions on
/// the first open, once.
public enum PostgresSchema {
    /// One migration: its identifier (the SQLite migration's) and its statements, run in
    /// order in one transaction. libpq takes one statement per call, so each is its own string.
    struct Migration: Sendable {
        /// The identifier, as SQLite's migrator names it (`v1-pipeline`).
        let identifier: String
        /// The statements, in order.
        let statements: [String]
    }

    /// The advisory lock two programs migrating at once take in turn: the first migrates,
    /// the second waits, then finds the work done. ("TIDINGS" in ASCII, a fixed key: advisory
    /// locks are per database, so it stands apart from any other database's.)
    public static let lockKey: Int64 = 0x5449_4449_4E47_53

    /// The tables that have a `rowid` column of their own on PostgreSQL, which has no implicit
    /// row id: the store reads SQLite's `rowid` of these (the order in which a source's items
    /// came, a handle on an outbox row), so the same words work on both engines. An identity,
    /// unique; other tables' keys are their primary keys, as on SQLite.
    public static let rowidTables = ["content", "outbox"]

    /// The identifiers of this build's migrations, oldest first: SQLite's, one for one.
    public static var identifiers: [String] { migrations.map(\.identifier) }

    /// Where a database's schema stands against this build's.
    public enum Status: Sendable, Equatable {
        /// No Tidings tables yet (no `tidings_migrations`).
        case empty
        /// Written by an older Tidings: these of this build's migrations are missing.
        case older(missing: [String])
        /// Exactly this build's schema.
        case current
        /// Written by a newer Tidings: these applied migrations are unknown to this build.
        case newer(unknown: [String])
    }

    /// Where `connection`'s schema stands, read without changing anything or taking a lock.
    /// - Throws: `StoreError` when the server fails.
    public static func status(_ connection: PostgresConnection) throws(StoreError) -> Status {
        try store(connection, "read the schema") {
            guard let applied = try appliedIdentifiers(connection) else { return .empty }
            let known = Set(identifiers)
            let unknown = applied.filter { !known.contains($0) }.sorted()
            if !unknown.isEmpty { return .newer(unknown: unknown) }
            let missing = identifiers.filter { !applied.contains($0) }
            return missing.isEmpty ? .current : .older(missing: missing)
        }
    }

    /// For a program that only reads, which never migrates: throws unless the schema is
    /// exactly this build's, as a read-only SQLite open does. An older or missing schema is an
    /// error marked `isOlderSchema` that names the programs that bring it up to date.
    /// - Throws: `StoreError`.
    public static func check(_ connection: PostgresConnection) throws(StoreError) {
        let path = connection.target.redacted
        var error: StoreError
        switch try status(connection) {
        case .current:
            return
        case .newer(let unknown):
            throw newerSchemaError(path: path, unknown: unknown)
        case .empty:
            throw emptyError(path: path)
        case .older(let missing):
            let applied = identifiers.count - missing.count
            error = StoreError(
                path: path,
                message:
                    "written by an older Tidings (schema v\(applied), this is v\(identifiers.count)): run `plan` or `deliver` once to bring it up to date"
            )
        }
        error.isOlderSchema = true
        throw error
    }

    /// The error for a database that holds no Tidings tables yet: a missing store, as a
    /// missing SQLite file is.
    static func emptyError(path: String) -> StoreError {
        var error = StoreError(path: path, message: "no Tidings store in \(path) yet: run prefetch and plan once to set it up")
        error.isMissingDatabase = true
        return error
    }

    /// Brings `connection`'s database to this build's schema: creates it when it is empty,
    /// applies the migrations it lacks (each in a transaction of its own, recorded with it),
    /// and refuses a schema newer than this build. An up-to-date database costs two reads and
    /// no lock; otherwise the work is done under `lockKey`, so that of two programs starting
    /// at once one migrates and the other then finds nothing to do. Call it outside a
    /// transaction.
    /// - Throws: `StoreError` naming the migration that failed (rolled back whole), or the
    ///   newer schema's unknown migrations.
    public static func migrate(_ connection: PostgresConnection) throws(StoreError) {
        try migrate(connection, upTo: nil)
    }

    /// `migrate(_:)`, stopping after the migration `last` (nil: all of them): for the tests of
    /// what this build does with a database an older one left.
    static func migrate(_ connection: PostgresConnection, upTo last: String?) throws(StoreError) {
        let path = connection.target.redacted
        let wanted: ArraySlice<Migration>
        if let last {
            guard let end = migrations.firstIndex(where: { $0.identifier == last }) else {
                throw StoreError(path: path, message: "no migration \(last): this build knows \(identifiers.joined(separator: ", "))")
            }
            wanted = migrations[...end]
        } else {
            wanted = migrations[...]
        }
        switch try status(connection) {
        case .newer(let unknown): throw newerSchemaError(path: path, unknown: unknown)
        case .current: return
        case .empty, .older: break
        }
        try store(connection, "take the migration lock") { try connection.advisoryLock(lockKey) }
        defer { _ = try? connection.advisoryUnlock(lockKey) }
        // Another program may have migrated while this one waited: read again under the lock.
        let applied = try store(connection, "migrate") { () throws -> Set<String> in
            try connection.execute("CREATE TABLE IF NOT EXISTS tidings_migrations (identifier TEXT PRIMARY KEY NOT NULL)")
            return try appliedIdentifiers(connection) ?? []
        }
        let known = Set(identifiers)
        let unknown = applied.filter { !known.contains($0) }.sorted()
        if !unknown.isEmpty { throw newerSchemaError(path: path, unknown: unknown) }
        for migration in wanted where !applied.contains(migration.identifier) {
            try store(connection, "migrate (\(migration.identifier))") {
                try connection.transaction { session in
                    for statement in migration.statements { try session.execute(statement) }
                    try session.execute("INSERT INTO tidings_migrations (identifier) VALUES ($1)", [.text(migration.identifier)])
                }
            }
        }
    }

    /// The error for a database whose schema has migrations this build does not know: as
    /// SQLite's (`newerSchemaError`), naming them.
    static func newerSchemaError(path: String, unknown: [String]) -> StoreError {
        let named = unknown.prefix(3).joined(separator: ", ") + (unknown.count > 3 ? ", …" : "")
        return StoreError(
            path: path,
            message:
                "was written by a newer version of Tidings (its schema has migrations this version does not know: \(named)); upgrade Tidings"
        )
    }

    /// The identifiers in `tidings_migrations`; nil when there is no such table.
    /// One round trip (every run opens the store this way): the table's absence is the
    /// server's answer `undefined_table` (42P01).
    private static func appliedIdentifiers(_ connection: PostgresConnection) throws -> Set<String>? {
        let result: PostgresResult
        do {
            result = try connection.execute("SELECT identifier FROM tidings_migrations")
        } catch {
            if error.sqlState == "42P01" { return nil }
            throw error
        }
        return Set(result.rows.compactMap { $0[0].string })
    }

    /// Runs `body`, turning a failure into a `StoreError` that names the server (without its
    /// password) and what was being done.
    private static func store<T>(_ connection: PostgresConnection, _ operation: String, _ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch let error as PostgresError {
            var message = "\(operation) failed: \(error.message)"
            if let state = error.sqlState { message += " (SQLSTATE \(state))" }
            throw StoreError(path: connection.target.redacted, message: message)
        } catch {
            throw StoreError(path: connection.target.redacted, message: "\(operation) failed: \(error)")
        }
    }
}
