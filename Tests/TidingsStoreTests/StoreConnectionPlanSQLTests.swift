import Testing

@testable import TidingsStore

/// The SQL words the plan, pending, cap and digest functions use in place of SQLite's own,
/// run alike on both engines.
extension StoreConnectionTests {
    /// A table with a key, a flag-like bit set and a text that may be NULL.
    func createHeldTable(_ db: any StoreConnection) throws {
        try db.execute(
            """
            CREATE TABLE held (
                id TEXT PRIMARY KEY NOT NULL,
                dueAt \(db.dialect.integerType) NOT NULL,
                hold \(db.dialect.integerType) NOT NULL DEFAULT 0,
                reason TEXT
            )
            """)
        for (id, dueAt, hold, reason) in [("a", 1, 0, nil), ("b", 2, 9, "late"), ("c", 3, 8, nil)] as [(String, Int, Int, String?)] {
            try db.execute(
                "INSERT INTO held (id, dueAt, hold, reason) VALUES (?, ?, ?, ?)",
                [id.storeValue, dueAt.storeValue, hold.storeValue, reason.storeValue])
        }
    }

    @Test("A flag argument compared with 1 switches a condition on and off", arguments: Engine.allCases)
    func flagArgument(engine: Engine) throws {
        try withConnection(engine) { db in
            try createHeldTable(db)
            let sql = "SELECT count(*) FROM held WHERE dueAt = 1 OR (? = 1 AND dueAt >= ?)"
            #expect(try db.value(sql, [true.storeValue, 3.storeValue], as: Int.self) == 2)
            #expect(try db.value(sql, [false.storeValue, 3.storeValue], as: Int.self) == 1)
        }
    }

    @Test("Bits are cleared with & ~ and tested with & before the comparison", arguments: Engine.allCases)
    func bits(engine: Engine) throws {
        try withConnection(engine) { db in
            try createHeldTable(db)
            #expect(try db.values("SELECT id FROM held WHERE hold & 1 = 0 ORDER BY id", as: String.self) == ["a", "c"])
            #expect(try db.execute("UPDATE held SET hold = hold & ~8 WHERE hold & 8 <> 0") == 2)
            #expect(try db.values("SELECT hold FROM held ORDER BY id", as: Int.self) == [0, 1, 0])
        }
    }

    @Test("COALESCE groups NULL with the empty text; counts read as Int", arguments: Engine.allCases)
    func coalesce(engine: Engine) throws {
        try withConnection(engine) { db in
            try createHeldTable(db)
            let rows = try db.rows("SELECT COALESCE(reason, ''), count(*) FROM held GROUP BY 1 ORDER BY 1")
            #expect(try rows.map { try $0.decode(0, as: String.self) } == ["", "late"])
            #expect(try rows.map { try $0.decode(1, as: Int.self) } == [2, 1])
        }
    }

    @Test("A pair already stored is left alone by ON CONFLICT DO NOTHING; EXISTS … OR EXISTS reads as a Bool", arguments: Engine.allCases)
    func insertIgnoringPair(engine: Engine) throws {
        try withConnection(engine) { db in
            try db.execute("CREATE TABLE pair (a TEXT NOT NULL, b TEXT NOT NULL, PRIMARY KEY (a, b))")
            let insert = "INSERT INTO pair (a, b) VALUES (?, ?) ON CONFLICT (a, b) DO NOTHING"
            #expect(try db.execute(insert, ["d".storeValue, "m".storeValue]) == 1)
            #expect(try db.execute(insert, ["d".storeValue, "m".storeValue]) == 0)
            #expect(try db.value("SELECT count(*) FROM pair", as: Int.self) == 1)
            let exists = "SELECT EXISTS (SELECT 1 FROM pair WHERE a = ?) OR EXISTS (SELECT 1 FROM pair WHERE b = ?)"
            #expect(try db.value(exists, ["x".storeValue, "m".storeValue], as: Bool.self) == true)
            #expect(try db.value(exists, ["x".storeValue, "y".storeValue], as: Bool.self) == false)
        }
    }
}
