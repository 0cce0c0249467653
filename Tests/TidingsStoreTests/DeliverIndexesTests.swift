import GRDB
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// What migration v26-deliver-narrow dropped (`DeliverIndexes`), the readers those indexes had
/// still looking rows up by key, and the statement journals kept in memory.
@Suite struct DeliverIndexesTests {
    @Test("v26 drops the two indexes no query needs, and their former readers still look rows up by key", .sqliteFileOnly)
    func readersUseKeys() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.database()
        let queue = try DatabaseQueue(path: dir.file("tidings.sqlite"))
        defer { try? queue.close() }
        let indexes = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'") }
        #expect(!indexes.contains("notification_state_staleness_due"))
        #expect(!indexes.contains("delivery_channel_outcome"))
        #expect(indexes.contains("notification_state_due") && indexes.contains("delivery_notification"))
        func plan(_ sql: String, _ arguments: StatementArguments) throws -> [String] {
            try queue.read { db in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String } }
        }
        // The claim's choice of rows: the due pending range of its index.
        let claim = try plan(
            "SELECT id FROM notification WHERE \(SQLDialect.sqlite.unlockedRows(of: "notification", key: "id", where: "state = 'pending' AND dueAt <= ?", order: "dueAt, priority DESC, id", limit: 100))",
            [0])
        #expect(claim.contains { $0.hasPrefix("SEARCH notification USING INDEX notification_state_due (state=? AND dueAt<?)") }, "\(claim)")
        // The report's partial day: one range of the state index per state, never every row.
        let partial = try plan(TidingsDatabase.partialDayStatesSQL, [0, 1])
        #expect(
            partial.contains { $0.hasPrefix("SEARCH notification USING INDEX notification_state_due (state=? AND dueAt>? AND dueAt<?)") },
            "\(partial)")
        #expect(!partial.contains { $0.hasPrefix("SCAN") }, "\(partial)")
        // The clear's check for an earlier clear: the item's own delivery rows.
        let clear = try plan(TidingsDatabase.clearableChannelsSQL, ["a", "[\"desktop\"]"])
        #expect(clear.contains("SEARCH c USING INDEX delivery_notification (notificationId=?)"), "\(clear)")
        #expect(!clear.contains { $0.hasPrefix("SCAN") && !$0.contains("json_each") }, "\(clear)")
    }

    @Test("The store keeps statement journals in memory, and a prune goes back to files only while it runs", .sqliteFileOnly)
    func statementJournalsInMemory() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        func tempStore() throws -> Int? { try database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA temp_store") } }
        #expect(try tempStore() == 2)
        _ = try database.prune(before: 1_000)
        #expect(try tempStore() == 2)
    }
}
