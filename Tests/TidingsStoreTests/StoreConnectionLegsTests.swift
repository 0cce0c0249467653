import Testing

@testable import TidingsStore

/// The dialect's members for the deliver path (in-flight marks, settling a step), on both
/// engines, with the same statements.
extension StoreConnectionTests {
    @Test("A JSON list of [text, integer] pairs inserts its rows, and a mark already there starts over", arguments: Engine.allCases)
    func jsonPairsUpsert(engine: Engine) throws {
        try withConnection(engine) { db in
            try createTable(db)
            let upsert = """
                INSERT INTO item (notificationId, dueAt) SELECT pairText, pairNumber FROM \(db.dialect.jsonPairs) AS legs WHERE true
                ON CONFLICT (notificationId) DO UPDATE SET dueAt = excluded.dueAt, sent = 0
                """
            #expect(try db.execute(upsert, [.text(#"[["a",1],["b",2]]"#)]) == 2)
            try db.execute("UPDATE item SET sent = 1")
            try db.execute(upsert, [.text(#"[["a",5],["c",3]]"#)])
            let rows = try db.rows("SELECT notificationId, dueAt, sent FROM item ORDER BY notificationId")
            let read = try rows.map { row throws in
                "\(try row.decode("notificationId", as: String.self)) \(try row.decode("dueAt", as: Int64.self)) \(try row.decode("sent", as: Bool.self))"
            }
            #expect(read == ["a 5 false", "b 2 true", "c 3 false"])
        }
    }

    @Test("A column kept away from its index still compares as itself", arguments: Engine.allCases)
    func unindexedColumn(engine: Engine) throws {
        try withConnection(engine) { db in
            try createTable(db)
            for (id, due) in [("a", 1), ("b", 2), ("c", 3)] {
                try db.execute("INSERT INTO item (notificationId, dueAt) VALUES (?, ?)", [.text(id), .integer(Int64(due))])
            }
            let picked = try db.values(
                "SELECT notificationId FROM item WHERE \(db.dialect.unindexed("notificationId")) IN ('a', 'c') ORDER BY notificationId",
                as: String.self)
            #expect(picked == ["a", "c"])
        }
    }
}
