import Foundation
import GRDB
import Testing
import TidingsPostgres
import TidingsTestSupport

@testable import TidingsStore

/// The two engines' schemas hold and change the same rows: the digest triggers settle the
/// same members, and every integer column keeps 64 bits.
@Suite struct PostgresSchemaBehaviourTests {
    typealias Engine = StoreConnectionTests.Engine

    /// Runs `body` in one transaction of a new store on `engine`, created as each engine
    /// creates one (`TidingsDatabase` on SQLite, `PostgresSchema.migrate` on PostgreSQL).
    func withStore<T>(_ engine: Engine, _ body: (any StoreConnection) throws -> T) throws -> T {
        switch engine {
        case .sqlite:
            let directory = try TemporaryDirectory()
            return try TidingsDatabase(path: directory.file("tidings.sqlite")).writer.write { db in try body(SQLiteStoreConnection(database: db)) }
        case .postgresql:
            let connection = try PostgresConnection(try PostgresTestCluster.shared().createDatabase().absoluteString)
            defer { connection.close() }
            try PostgresSchema.migrate(connection)
            return try connection.transaction { session in try body(PostgresStoreConnection(connection: session)) }
        }
    }

    /// Stores a notification with what the schema requires.
    func insert(_ db: any StoreConnection, _ id: String, kind: String = "reminder", state: String = "cancelled", reason: String?, hold: Int64) throws
    {
        try db.execute(
            """
            INSERT INTO notification (id, kind, category, title, body, dueAt, plannedLocal, plannedZone, staleness, state, stateReason,
                hold, createdAt, updatedAt)
            VALUES (?, ?, 'system', 'T', 'B', 1795000000000, '2026-11-18T09:00', 'UTC', 'fresh', ?, ?, ?, 1795000000000, 1795000000000)
            """, [.text(id), .text(kind), .text(state), reason.map { .text($0) } ?? .null, .integer(hold)])
    }

    /// Digests and their members, settled and deleted through statements like the store's;
    /// the rows that result.
    func digestRun(_ db: any StoreConnection) throws -> [[StoreValue]] {
        let merged: Int64 = 4  // Hold.digest
        try insert(db, "digest:1", kind: "digest", state: "pending", reason: nil, hold: 2)
        try insert(db, "a", reason: "merged into digest:1", hold: merged)
        try insert(db, "b", reason: "merged into digest:1", hold: merged | 2)
        try insert(db, "c", reason: "cancelled by the user", hold: 0)  // a member, but not cancelled by the merge
        try insert(db, "d", state: "pending", reason: nil, hold: merged)  // a member no longer cancelled
        try insert(db, "digest:2", kind: "digest", state: "pending", reason: nil, hold: 2)
        try insert(db, "g", reason: "merged into digest:2", hold: merged)
        try insert(db, "digest:outer", kind: "digest", state: "pending", reason: nil, hold: 2)
        try insert(db, "digest:inner", kind: "digest", reason: "merged into digest:outer", hold: merged)
        try insert(db, "e", reason: "merged into digest:inner", hold: merged)
        try insert(db, "f", reason: "merged into digest:outer", hold: merged)
        try insert(db, "r", state: "pending", reason: nil, hold: 0)
        try insert(db, "x", reason: "merged into r", hold: merged)
        let pairs = [
            ("digest:1", "a"), ("digest:1", "b"), ("digest:1", "c"), ("digest:1", "d"), ("digest:2", "g"), ("digest:outer", "digest:inner"),
            ("digest:outer", "f"), ("digest:inner", "e"), ("r", "x"),
        ]
        for (digest, member) in pairs {
            try db.execute("INSERT INTO digestMember (digestId, memberId) VALUES (?, ?)", [.text(digest), .text(member)])
        }
        let settle = "UPDATE notification SET state = ?, updatedAt = ? WHERE id = ?"
        try db.execute(settle, [.text("read"), .integer(1_795_000_060_000), .text("digest:1")])
        try db.execute(settle, [.text("pending"), .integer(1_795_000_120_000), .text("digest:2")])  // no change of state
        try db.execute(settle, [.text("cancelled"), .integer(1_795_000_180_000), .text("digest:2")])  // not an end
        try db.execute(settle, [.text("missed"), .integer(1_795_000_240_000), .text("digest:2")])
        try db.execute(settle, [.text("dismissed"), .integer(1_795_000_300_000), .text("digest:outer")])
        try db.execute(settle, [.text("delivered"), .integer(1_795_000_360_000), .text("r")])  // not a digest
        try db.execute("DELETE FROM notification WHERE id IN ('digest:inner', 'a')")
        var rows = try db.rows("SELECT id, state, stateReason, hold, updatedAt FROM notification ORDER BY id").map(\.values)
        rows += try db.rows("SELECT digestId, memberId FROM digestMember ORDER BY digestId, memberId").map(\.values)
        return rows
    }

    @Test("The digest triggers settle the same members on both engines, and forget a deleted digest's")
    func digestTriggers() throws {
        let sqlite = try withStore(.sqlite, digestRun)
        let postgres = try withStore(.postgresql, digestRun)
        let t0: Int64 = 1_795_000_000_000
        func item(_ id: String, _ state: String, _ reason: String?, _ hold: Int64, _ updatedAt: Int64) -> [StoreValue] {
            [.text(id), .text(state), reason.map { .text($0) } ?? .null, .integer(hold), .integer(updatedAt)]
        }
        let expected: [[StoreValue]] =
            [
                item("b", "delivered", "in digest:1", 6, 1_795_000_060_000),
                item("c", "cancelled", "cancelled by the user", 0, t0),
                item("d", "pending", nil, 4, t0),
                item("digest:1", "read", nil, 2, 1_795_000_060_000),
                item("digest:2", "missed", nil, 2, 1_795_000_240_000),
                item("digest:outer", "dismissed", nil, 2, 1_795_000_300_000),
                // Settled by the outer digest, the inner one does not set its own trigger off.
                item("e", "cancelled", "merged into digest:inner", 4, t0),
                item("f", "delivered", "in digest:outer", 4, 1_795_000_300_000),
                item("g", "missed", "in digest:2", 4, 1_795_000_240_000),
                item("r", "delivered", nil, 0, 1_795_000_360_000),
                item("x", "cancelled", "merged into r", 4, t0),
            ]
            + [
                ("digest:1", "a"), ("digest:1", "b"), ("digest:1", "c"), ("digest:1", "d"), ("digest:2", "g"), ("digest:outer", "digest:inner"),
                ("digest:outer", "f"), ("r", "x"),
            ].map { [StoreValue.text($0.0), .text($0.1)] }
        #expect(sqlite == expected)
        #expect(postgres == expected)
    }

    @Test(
        "Epoch milliseconds past 2^31, 2^53 and Int64's bounds round-trip in every integer column", arguments: Engine.allCases)
    func largeIntegers(engine: Engine) throws {
        // Every column of every table, as SQLite's schema has them.
        let reference = try TemporaryDirectory()
        let shape = try TidingsDatabase(path: reference.file("tidings.sqlite")).writer.read { db in try SchemaShape.sqlite(db) }
        let tables = shape.tables.keys.sorted().map { name in (name, shape.tables[name]?.columns ?? []) }
        #expect(tables.count >= 16)
        let values: [Int64] = [2_147_483_648 + 1_000, 4_102_444_800_123, 9_007_199_254_740_993, .max, .min]
        let checked = try withStore(engine) { db in
            var checked = 0
            for (table, columns) in tables {
                for (index, value) in values.enumerated() {
                    try db.execute("DELETE FROM \(table)")
                    // planInputs holds one row, id 1; every other integer takes the value.
                    let fill: [StoreValue] = columns.map { column in
                        if table == "planinputs" && column.name == "id" { return .integer(1) }
                        return column.type == .integer ? .integer(value) : .text("\(column.name)-\(index)")
                    }
                    let names = columns.map(\.name).joined(separator: ", ")
                    let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
                    try db.execute("INSERT INTO \(table) (\(names)) VALUES (\(marks))", fill)
                    let read = try #require(try db.row("SELECT \(names) FROM \(table)"))
                    #expect(read.values == fill, "\(table) with \(value)")
                    checked += fill.filter { $0 == .integer(value) }.count
                }
            }
            return checked
        }
        #expect(checked >= values.count * 50, "every integer column was written (58 in v23)")
    }
}
