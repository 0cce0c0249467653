import Foundation
import GRDB
import Testing
import TidingsPostgres
import TidingsTestSupport

@testable import TidingsStore

/// The store's connection seam on both engines, with the same statements: a real SQLite
/// file and a real PostgreSQL cluster started for the test process.
@Suite struct StoreConnectionTests {
    enum Engine: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgresql
        var description: String { rawValue }
    }

    /// Runs `body` in one transaction of a fresh, empty store on `engine`.
    func withConnection(_ engine: Engine, _ body: (any StoreConnection) throws -> Void) throws {
        switch engine {
        case .sqlite:
            let directory = try TemporaryDirectory()
            let queue = try DatabaseQueue(path: directory.file("seam.sqlite"))
            try queue.write { db in try body(SQLiteStoreConnection(database: db)) }
        case .postgresql:
            let url = try PostgresTestCluster.shared().createDatabase()
            let connection = try PostgresConnection(url.absoluteString)
            defer { connection.close() }
            try connection.transaction { session in try body(PostgresStoreConnection(connection: session)) }
        }
    }

    /// A table as the schema writes one, in the engine's words.
    func createTable(_ db: any StoreConnection) throws {
        let d = db.dialect
        try db.execute(
            """
            CREATE TABLE item (
                id \(d.autoIncrementKey),
                notificationId TEXT NOT NULL UNIQUE,
                dueAt \(d.integerType) NOT NULL,
                score DOUBLE PRECISION,
                sent \(d.integerType) NOT NULL DEFAULT 0,
                image \(d.blobType)
            )
            """)
    }

    @Test("Values go in and come back alike: integers to 64 bits, reals, text, bytes, NULL, booleans as 0 and 1", arguments: Engine.allCases)
    func roundTrip(engine: Engine) throws {
        try withConnection(engine) { db in
            try createTable(db)
            let marks = "e" + String(repeating: "\u{301}", count: 60_000)
            let inserted = try db.rows(
                "INSERT INTO item (notificationId, dueAt, score, sent, image) VALUES (?, ?, ?, ?, ?) RETURNING id, notificationId",
                [.text(marks), .integer(Int64.max), .real(2.5), true.storeValue, .blob([0, 255, 39, 63])])
            #expect(inserted.count == 1)
            #expect(try inserted[0].decode("notificationId", as: String.self) == marks, "a camelCase name is found on both engines")
            try db.execute("INSERT INTO item (notificationId, dueAt) VALUES (?, ?)", [.text("b"), .integer(Int64.min)])
            let rows = try db.rows("SELECT notificationId, dueAt, score, sent, image FROM item ORDER BY id")
            #expect(rows.count == 2)
            #expect(try rows[0].decode("dueAt", as: Int64.self) == Int64.max)
            #expect(try rows[0].decode("score", as: Double.self) == 2.5)
            #expect(try rows[0].decode("sent", as: Bool.self) == true)
            #expect(try rows[0].decode("image", as: Data.self) == Data([0, 255, 39, 63]))
            #expect(try rows[1].decode("dueAt", as: Int64.self) == Int64.min)
            #expect(try rows[1].decode("score", as: Double?.self) == nil)
            #expect(try rows[1].decode("image", as: Data?.self) == nil)
            #expect(try rows[1].decode("sent", as: Bool.self) == false)
        }
    }

    @Test("A question mark inside a literal, a quoted name or a comment is no argument", arguments: Engine.allCases)
    func placeholdersInLiterals(engine: Engine) throws {
        try withConnection(engine) { db in
            let row = try #require(
                try db.row(
                    """
                    SELECT 'is it? it''s ?' AS "what?", ? AS second -- a trailing comment?
                    """, [.text("yes")]))
            #expect(try row.decode(0, as: String.self) == "is it? it's ?")
            #expect(try row.decode("second", as: String.self) == "yes")
            #expect(row.columns.names[0] == "what?")
        }
    }

    @Test("A JSON list of ids selects its rows; the larger and smaller of two values", arguments: Engine.allCases)
    func sharedConstructs(engine: Engine) throws {
        try withConnection(engine) { db in
            try createTable(db)
            for (id, due) in [("a", 1), ("b", 2), ("c", 3)] {
                try db.execute("INSERT INTO item (notificationId, dueAt) VALUES (?, ?)", [.text(id), .integer(Int64(due))])
            }
            let picked = try db.values(
                "SELECT notificationId FROM item WHERE notificationId IN \(db.dialect.jsonTextList) ORDER BY notificationId",
                [.text(#"["c","a","zz"]"#)], as: String.self)
            #expect(picked == ["a", "c"])
            let bounded = try db.values(
                "SELECT \(db.dialect.greatest("dueAt", "2")) + \(db.dialect.least("dueAt", "2")) FROM item ORDER BY id", as: Int64.self)
            #expect(bounded == [3, 4, 5])
            #expect(try db.execute("UPDATE item SET sent = 1 WHERE dueAt >= ?", [.integer(2)]) == 2, "the rows changed are counted")
        }
    }

    @Test("An index hint the engine takes or leaves; whether a condition holds for any row of a group", arguments: Engine.allCases)
    func indexHintAndAnyRow(engine: Engine) throws {
        try withConnection(engine) { db in
            try createTable(db)
            try db.execute("CREATE INDEX item_due ON item(dueAt)")
            for (id, due, sent) in [("a", 1, 1), ("b", 1, 0), ("c", 2, 0)] {
                try db.execute(
                    "INSERT INTO item (notificationId, dueAt, sent) VALUES (?, ?, ?)", [.text(id), .integer(Int64(due)), .integer(Int64(sent))])
            }
            try db.execute("INSERT INTO item (notificationId, dueAt) VALUES ('d', 3)")
            try db.execute("UPDATE item SET score = NULL")
            let rows = try db.rows(
                """
                SELECT dueAt, \(db.dialect.anyRow("sent = 1")) AS anySent, \(db.dialect.anyRow("score > 0")) AS anyScored
                FROM item \(db.dialect.indexedBy("item_due")) WHERE dueAt >= ? GROUP BY dueAt ORDER BY dueAt
                """, [.integer(1)])
            #expect(try rows.map { try $0.decode("anySent", as: Int.self) } == [1, 0, 0])
            #expect(try rows.map { try $0.decode("anyScored", as: Int?.self) } == [nil, nil, nil], "NULL on every row is NULL")
            let total = try db.value(
                "SELECT count(*), coalesce(sum(anySent), 0) FROM (SELECT \(db.dialect.anyRow("sent = 1")) AS anySent FROM item GROUP BY dueAt) AS groups",
                as: Int64.self)
            #expect(total == 3)
        }
    }

    @Test("A value of another type is an error naming the column and the value, not a silent default", arguments: Engine.allCases)
    func decodingErrors(engine: Engine) throws {
        try withConnection(engine) { db in
            let row = try #require(try db.row("SELECT 'sent' AS state, NULL AS claimedAt"))
            #expect(throws: StoreDecodingError.self) { try row.decode("state", as: Int64.self) }
            #expect(throws: StoreDecodingError.self) { try row.decode("claimedAt", as: Int64.self) }
            #expect(try row.decode("claimedAt", as: Int64?.self) == nil)
            do {
                _ = try row.decode("state", as: Int64.self)
            } catch let error as StoreDecodingError {
                #expect(error.description == #"could not read column state (text "sent") as Int64"#)
            }
        }
    }

    @Test("The same words for a unique violation roll the whole transaction back on both engines", arguments: Engine.allCases)
    func rollback(engine: Engine) throws {
        struct Stop: Error {}
        switch engine {
        case .sqlite:
            let directory = try TemporaryDirectory()
            let queue = try DatabaseQueue(path: directory.file("seam.sqlite"))
            try queue.write { db in try createTable(SQLiteStoreConnection(database: db)) }
            #expect(throws: (any Error).self) {
                try queue.write { db in
                    let store = SQLiteStoreConnection(database: db)
                    try store.execute("INSERT INTO item (notificationId, dueAt) VALUES ('a', 1)")
                    try store.execute("INSERT INTO item (notificationId, dueAt) VALUES ('a', 2)")
                }
            }
            #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") } == 0)
        case .postgresql:
            let url = try PostgresTestCluster.shared().createDatabase()
            let connection = try PostgresConnection(url.absoluteString)
            defer { connection.close() }
            try connection.transaction { session in try createTable(PostgresStoreConnection(connection: session)) }
            #expect(throws: (any Error).self) {
                try connection.transaction { session in
                    let store = PostgresStoreConnection(connection: session)
                    try store.execute("INSERT INTO item (notificationId, dueAt) VALUES ('a', 1)")
                    try store.execute("INSERT INTO item (notificationId, dueAt) VALUES ('a', 2)")
                }
            }
            #expect(try PostgresStoreConnection(connection: connection).value("SELECT count(*) FROM item", as: Int64.self) == 0)
        }
    }

    @Test("Numbering arguments for PostgreSQL leaves literals, quoted names and comments as written")
    func numbering() {
        #expect(SQLDialect.postgresql.prepared("SELECT ?, '?', \"?\", ? -- ?\n, ?") == "SELECT $1, '?', \"?\", $2 -- ?\n, $3")
        #expect(SQLDialect.postgresql.prepared("SELECT 'it''s', ?") == "SELECT 'it''s', $1")
        #expect(SQLDialect.sqlite.prepared("SELECT ?") == "SELECT ?")
    }
}
