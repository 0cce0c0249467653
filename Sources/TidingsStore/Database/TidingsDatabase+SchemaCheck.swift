import GRDB
import GRDBSQLite

extension TidingsDatabase {
    /// The schema version of this build: how many migrations it knows.
    public static var schemaVersion: Int { migrator.migrations.count }

    /// The error for a file whose schema has migrations this build does not know.
    static func newerSchemaError(path: String) -> StoreError {
        StoreError(
            path: path,
            message: "was written by a newer version of Tidings (its schema has migrations this version does not know); upgrade Tidings")
    }

    /// For a read-only open, which never migrates: throws unless the file's schema is exactly
    /// this build's. An older one names the programs that bring it up to date (they migrate
    /// on open); a newer one asks for an upgrade, as every open does.
    func refuseOtherSchema() throws(StoreError) {
        let migrator = Self.migrator
        let (applied, superseded) = try read("open") { db in
            (try migrator.appliedMigrations(db).count, try migrator.hasBeenSuperseded(db))
        }
        if superseded { throw Self.newerSchemaError(path: path) }
        let known = Self.schemaVersion
        guard applied < known else { return }
        var error =
            applied == 0
            ? StoreError(path: path, message: "holds no Tidings tables yet: run `plan` or `deliver` once to set it up")
            : StoreError(
                path: path,
                message: "written by an older Tidings (schema v\(applied), this is v\(known)): run `plan` or `deliver` once to bring it up to date")
        error.isOlderSchema = true
        throw error
    }

    /// Creates a database at `path` with only the first `migrations` of this build's schema,
    /// as an older Tidings left it: for the tests of what a newer build does with one.
    @_spi(Testing)
    public static func createOlder(path: String, migrations: Int) throws(StoreError) {
        let names = migrator.migrations
        guard migrations > 0, migrations <= names.count else {
            throw StoreError(path: path, message: "no schema v\(migrations): this build knows v1 to v\(names.count)")
        }
        // Its -wal and -shm files are kept when it closes, as every Tidings keeps them.
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            var persist: Int32 = 1
            sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA journal_size_limit = 0")
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
            try migrator.migrate(queue, upTo: names[migrations - 1])
            try queue.close()
        } catch {
            throw StoreError(path: path, operation: "create", error: error)
        }
    }
}
