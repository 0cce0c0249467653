import GRDB
import TidingsPostgres

extension TidingsDatabase {
    /// Runs `body` in a write transaction through the store's connection seam, on whichever
    /// engine holds the store: on SQLite with the failures, the full-disk handling and the
    /// retry of `write`; on PostgreSQL in one transaction of the store's session. The form
    /// every store function takes as it moves onto the seam, so that it runs on either engine.
    func transaction<T>(_ operation: String, _ body: (any StoreConnection) throws -> T) throws(StoreError) -> T {
        guard let postgres else { return try write(operation) { db in try body(SQLiteStoreConnection(database: db)) } }
        do {
            return try postgres.withConnection { connection in
                try connection.transaction { session in try body(PostgresStoreConnection(connection: session)) }
            }
        } catch {
            throw StoreError(path: path, operation: operation, error: error)
        }
    }

    /// Runs `body` on a snapshot through the store's connection seam, as `read` does; on
    /// PostgreSQL in a read-only transaction that sees one state of the data throughout.
    func snapshot<T>(_ operation: String, _ body: (any StoreConnection) throws -> T) throws(StoreError) -> T {
        guard let postgres else { return try read(operation) { db in try body(SQLiteStoreConnection(database: db)) } }
        do {
            return try postgres.withConnection { connection in
                try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                do {
                    let value = try body(PostgresStoreConnection(connection: connection))
                    try connection.execute("COMMIT")
                    return value
                } catch {
                    _ = try? connection.execute("ROLLBACK")
                    throw error
                }
            }
        } catch {
            throw StoreError(path: path, operation: operation, error: error)
        }
    }

    /// Runs `body`, one statement that only reads, through the connection seam: on SQLite as
    /// `snapshot`, on PostgreSQL without a transaction around it (one statement sees one state
    /// of the data anyway), which saves the idle `deliver` run two round trips to the server.
    func peek<T>(_ operation: String, _ body: (any StoreConnection) throws -> T) throws(StoreError) -> T {
        guard let postgres else { return try snapshot(operation, body) }
        do {
            return try postgres.withConnection { connection in try body(PostgresStoreConnection(connection: connection)) }
        } catch {
            throw StoreError(path: path, operation: operation, error: error)
        }
    }

    /// Throws when the store is on PostgreSQL: `operation` is one of the functions still
    /// written for SQLite alone, and running it on the placeholder in memory would read
    /// nothing and lose what it writes.
    func refuseOnPostgres(_ operation: String) throws(StoreError) {
        guard postgres != nil else { return }
        throw StoreError(path: path, message: "\(operation) is not available on PostgreSQL yet")
    }
}

extension TidingsDatabase {
    /// Opens the store on the PostgreSQL server `conninfo` names (a `postgresql://` URL or
    /// libpq's `key=value` form; the `PG*` variables, the password file and `sslmode` apply as
    /// libpq reads them). The first open of an empty database creates the schema, under an
    /// advisory lock so that hosts starting at once create it once; a schema newer than this
    /// version is refused. `.readOnly` never migrates: an older schema is an error naming the
    /// programs that bring it up to date. Errors name the server without its password.
    public init(postgres conninfo: String, mode: OpenMode = .createIfMissing) throws(StoreError) {
        let store: PostgresStore
        do {
            store = try PostgresStore(conninfo)
        } catch {
            var failure = StoreError(path: PostgresTarget(conninfo).redacted, message: "open failed: \(error.storeMessage)")
            failure.isUnreachable = error.isServerGone
            throw failure
        }
        do {
            try store.withConnection { connection in
                switch mode {
                case .readOnly:
                    try PostgresSchema.check(connection)
                case .existingOnly:
                    // A run that creates nothing finds no store in an empty database.
                    if try PostgresSchema.status(connection) == .empty { throw PostgresSchema.emptyError(path: connection.target.redacted) }
                    try PostgresSchema.migrate(connection)
                case .createIfMissing:
                    try PostgresSchema.migrate(connection)
                }
            }
        } catch let error as StoreError {
            store.close()
            throw error
        } catch {
            store.close()
            throw StoreError(path: store.target, message: "open failed: \(error)")
        }
        postgres = store
        path = store.target
        localStem = store.target
        do {
            writer = try DatabaseQueue()
        } catch {
            throw StoreError(path: store.target, message: "open failed: \(error)")
        }
    }

    /// Whether the store is on PostgreSQL.
    public var isPostgreSQL: Bool { postgres != nil }

    /// Whether `location` (a `--db` value) names a store on a PostgreSQL server, a
    /// `postgresql://` URL, rather than a SQLite file.
    public static func isServer(_ location: String) -> Bool { PostgresTarget.isURL(location) }
}
