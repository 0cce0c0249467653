import GRDB
import GRDBSQLite
import Testing
import TidingsTestSupport

@testable import TidingsStore

/// The store's reads on SQLite: a snapshot leaves the statements the writes prepared as they
/// were (a read that set `PRAGMA query_only` expired them all, so every write after a read
/// prepared its statements again), and a read that writes fails and keeps nothing.
@Suite struct SnapshotReadTests {
    static let insert = "INSERT INTO configState (path, hash, loadedAt) VALUES (?, 'h', 0)"

    @Test("A write's prepared statement is used again after a read, not prepared again")
    func statementsOutliveReads() throws {
        let directory = try TemporaryDirectory()
        let db = try TidingsDatabase(path: directory.file("tidings.sqlite"))
        for round in 0..<3 {
            try db.write("write") { database in
                try database.cachedStatement(sql: Self.insert).execute(arguments: ["/config-\(round).toml"])
            }
            let count = try db.read("read") { database in try Int.fetchOne(database, sql: "SELECT count(*) FROM configState") }
            #expect(count == round + 1)
        }
        let reprepared = try db.write("look") { database in
            sqlite3_stmt_status(try database.cachedStatement(sql: Self.insert).sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        }
        #expect(reprepared == 0)
    }

    @Test("A read that writes fails, names its operation, and its write is rolled back")
    func readThatWrites() throws {
        let directory = try TemporaryDirectory()
        let db = try TidingsDatabase(path: directory.file("tidings.sqlite"))
        #expect {
            try db.read("count the configs") { database in try database.execute(sql: Self.insert, arguments: ["/sneaky.toml"]) }
        } throws: { error in
            "\(error)".contains("count the configs wrote to the store while it was to read only")
        }
        #expect(try db.read("count") { database in try Int.fetchOne(database, sql: "SELECT count(*) FROM configState") } == 0)
        // The connection is usable afterwards: no transaction was left open.
        try db.write("write") { database in try database.execute(sql: Self.insert, arguments: ["/after.toml"]) }
        #expect(try db.read("count") { database in try Int.fetchOne(database, sql: "SELECT count(*) FROM configState") } == 1)
    }
}
