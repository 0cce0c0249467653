import Foundation
import GRDB
import Synchronization
import Testing
import TidingsPostgres
import TidingsTestSupport

@testable import TidingsStore

/// The schema on PostgreSQL, on a real cluster: the same migrations as SQLite's, to the same
/// tables, columns, keys, indexes and triggers, applied once by the first of several programs
/// and refused when newer than this build.
@Suite struct PostgresSchemaTests {
    typealias Engine = StoreConnectionTests.Engine

    /// A new, empty PostgreSQL database and a session on it.
    func emptyDatabase() throws -> (url: String, connection: PostgresConnection) {
        let url = try PostgresTestCluster.shared().createDatabase().absoluteString
        return (url, try PostgresConnection(url))
    }

    /// The identifiers in `tidings_migrations`, sorted.
    func applied(_ connection: PostgresConnection) throws -> [String] {
        try connection.execute("SELECT identifier FROM tidings_migrations ORDER BY identifier").rows.compactMap { $0[0].string }
    }

    @Test("The migrations are SQLite's, one for one, with the same identifiers in the same order")
    func sameIdentifiers() {
        #expect(PostgresSchema.identifiers == TidingsDatabase.migrator.migrations)
        #expect(PostgresSchema.identifiers.count == TidingsDatabase.schemaVersion)
    }

    @Test("Migrated, PostgreSQL has SQLite's tables, columns, types, NOT NULLs, defaults, keys, indexes and triggers")
    func parity() throws {
        let directory = try TemporaryDirectory()
        let sqlite = try TidingsDatabase(path: directory.file("tidings.sqlite")).writer.read { db in try SchemaShape.sqlite(db) }
        let (_, connection) = try emptyDatabase()
        try PostgresSchema.migrate(connection)
        let postgres = try SchemaShape.postgresql(connection)

        #expect(sqlite.tables.count >= 16, "the SQLite side was read")
        #expect(postgres.tables.keys.sorted() == sqlite.tables.keys.sorted())
        for (name, expected) in sqlite.tables.sorted(by: { $0.key < $1.key }) {
            let table = postgres.tables[name] ?? SchemaShape.Table()
            #expect(table.columns.map(\.name) == expected.columns.map(\.name), "columns of \(name), in order")
            for (column, reference) in zip(table.columns, expected.columns) where column.name == reference.name {
                #expect(column == reference, "column \(name).\(column.name)")
            }
            #expect(table.primaryKey == expected.primaryKey, "primary key of \(name)")
            #expect(table.uniques == expected.uniques, "unique constraints of \(name)")
            #expect(table.indexes.keys.sorted() == expected.indexes.keys.sorted(), "indexes of \(name)")
            for (index, reference) in expected.indexes {
                #expect(table.indexes[index] == reference, "index \(index) of \(name)")
            }
            #expect(table.triggers == expected.triggers, "triggers of \(name)")
        }
        // SQLite's implicit rowid, where the store reads it, is a column of its own.
        #expect(postgres.rowids.keys.sorted() == PostgresSchema.rowidTables.sorted())
        for column in postgres.rowids.values {
            #expect(column == SchemaShape.Column(name: "rowid", type: .integer, notNull: true, defaultValue: nil))
        }
        #expect(try PostgresSchema.status(connection) == .current)
    }

    @Test("Two programs migrating a new database at once both succeed; the migrations run once")
    func concurrentMigrations() async throws {
        let (url, holder) = try emptyDatabase()
        // Given both programs waiting for the lock (held here), so that they start together.
        try holder.advisoryLock(PostgresSchema.lockKey)
        let outcomes = OutcomeList()
        for _ in 0..<2 {
            Thread.detachNewThread {
                do {
                    let connection = try PostgresConnection(url)
                    try PostgresSchema.migrate(connection)
                    outcomes.append("migrated")
                } catch {
                    outcomes.append("\(error)")
                }
            }
        }
        let waiting = try await waitUntil {
            let row = try holder.execute(
                """
                SELECT count(*) FROM pg_locks
                WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                """
            ).first
            return row?[0].int64 == 2 || outcomes.count > 0
        }
        #expect(waiting)
        #expect(outcomes.count == 0, "both waited for the lock")
        // When the lock is let go: one migrates, the other then finds the work done.
        try holder.advisoryUnlock(PostgresSchema.lockKey)
        #expect(await waitUntil { outcomes.count == 2 })
        #expect(outcomes.values == ["migrated", "migrated"])
        #expect(try applied(holder) == PostgresSchema.identifiers.sorted())
        #expect(try PostgresSchema.status(holder) == .current)
    }

    @Test("An up-to-date database opens without the migration lock, which another program may hold")
    func currentWithoutLock() throws {
        let (url, holder) = try emptyDatabase()
        try PostgresSchema.migrate(holder)
        try holder.advisoryLock(PostgresSchema.lockKey)
        let connection = try PostgresConnection(url)
        // Should it wait for the lock after all, the wait ends in an error rather than a hang.
        try connection.execute("SET lock_timeout = '60s'")
        try PostgresSchema.migrate(connection)
        #expect(try PostgresSchema.status(connection) == .current)
        #expect(try holder.advisoryUnlock(PostgresSchema.lockKey), "the lock was held throughout")
    }

    @Test("A migration this build does not know is refused by name, by migrate and by check, and nothing changes")
    func newerSchema() throws {
        let cluster = try PostgresTestCluster.shared()
        let (_, connection) = try emptyDatabase()
        try PostgresSchema.migrate(connection)
        try connection.execute("INSERT INTO tidings_migrations (identifier) VALUES ('v99-from-a-newer-tidings')")

        #expect(try PostgresSchema.status(connection) == .newer(unknown: ["v99-from-a-newer-tidings"]))
        let attempts: [(PostgresConnection) throws -> Void] = [{ try PostgresSchema.migrate($0) }, { try PostgresSchema.check($0) }]
        for attempt in attempts {
            let error = try #require(throws: StoreError.self) { try attempt(connection) }
            #expect(error.message.contains("newer version of Tidings"))
            #expect(error.message.contains("v99-from-a-newer-tidings"))
            #expect(error.description.contains("***"), "the server is named")
            #expect(!error.description.contains(cluster.password), "without its password")
            #expect(!error.isOlderSchema)
        }
        #expect(try applied(connection).count == PostgresSchema.identifiers.count + 1)
    }

    @Test("The read-only check reports an older schema and an empty database without changing either; migrate then brings it up")
    func olderSchema() throws {
        let (_, connection) = try emptyDatabase()
        let empty = try #require(throws: StoreError.self) { try PostgresSchema.check(connection) }
        #expect(empty.isMissingDatabase, "an empty database is a missing store, as a missing file is")
        #expect(empty.message.contains("no Tidings store in") && empty.message.contains("run prefetch and plan once"))
        #expect(try PostgresSchema.status(connection) == .empty)
        #expect(try connection.execute("SELECT to_regclass('tidings_migrations') IS NULL").first?[0].bool == true, "check created nothing")

        try PostgresSchema.migrate(connection, upTo: "v20-reminder-anchor")
        #expect(try PostgresSchema.status(connection) == .older(missing: Array(PostgresSchema.identifiers.dropFirst(20))))
        let older = try #require(throws: StoreError.self) { try PostgresSchema.check(connection) }
        #expect(older.isOlderSchema)
        #expect(older.message.contains("older Tidings (schema v20, this is v\(PostgresSchema.identifiers.count))"))
        let hasHold = "SELECT count(*) FROM information_schema.columns WHERE table_name = 'notification' AND column_name = 'hold'"
        #expect(try connection.execute(hasHold).first?[0].int64 == 0)
        #expect(try applied(connection).count == 20)

        try PostgresSchema.migrate(connection)
        #expect(try PostgresSchema.status(connection) == .current)
        #expect(try connection.execute(hasHold).first?[0].int64 == 1)
        try PostgresSchema.check(connection)
    }

    @Test("A migration that fails is rolled back whole and named; the ones before it stay applied")
    func failedMigration() throws {
        let (_, connection) = try emptyDatabase()
        // Given a table in the way of v12's third statement, after its two ALTERs.
        try connection.execute("CREATE TABLE planInputs (other TEXT)")
        let error = try #require(throws: StoreError.self) { try PostgresSchema.migrate(connection) }
        #expect(error.message.contains("migrate (v12-freshness) failed"))
        #expect(error.message.contains("already exists"))
        #expect(try applied(connection).count == 11)
        let added = "SELECT count(*) FROM information_schema.columns WHERE table_name = 'source' AND column_name = 'changeseq'"
        #expect(try connection.execute(added).first?[0].int64 == 0, "v12's first statement was rolled back")

        try connection.execute("DROP TABLE planInputs")
        try PostgresSchema.migrate(connection)
        #expect(try PostgresSchema.status(connection) == .current)
    }
}

/// What the threads of a test report, in the order they report it.
final class OutcomeList: Sendable {
    private let list = Mutex<[String]>([])
    func append(_ value: String) { list.withLock { $0.append(value) } }
    var values: [String] { list.withLock { $0 } }
    var count: Int { values.count }
}
