import Foundation
import GRDB
import Testing
import TidingsCore
import TidingsPostgres
import TidingsTestSupport

@testable import TidingsStore

/// `TidingsDatabase.copy(to:)` from a SQLite file into a database of the test cluster: tables
/// larger than a page, identities moved on, and the schemas that differ refused, naming the
/// table or the column, with nothing written.
@Suite struct StoreCopyTests {
    /// A SQLite store in a folder of its own, changed by `change` through GRDB.
    static func source(_ change: (Database) throws -> Void = { _ in }) throws -> (TemporaryDirectory, TidingsDatabase) {
        let directory = try TemporaryDirectory()
        let path = directory.file("tidings.sqlite")
        _ = try TidingsDatabase(path: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write(change)
        try queue.close()
        return (directory, try TidingsDatabase(path: path, mode: .readOnly))
    }

    /// An empty store on a new database of the cluster, and that database's URL.
    static func target() throws -> (TidingsDatabase, String) {
        let url = try PostgresTestCluster.shared().createDatabase().absoluteString
        return (try TidingsDatabase(postgres: url), url)
    }

    /// The rows of `table` on PostgreSQL.
    static func count(_ table: String, in url: String) throws -> Int64 {
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        return try connection.execute("SELECT count(*) FROM \(table)").first?[0].int64 ?? -1
    }

    @Test("tables larger than a page copy whole, with their ids; identities then hand out new ones")
    func pages() throws {
        let rows = TidingsDatabase.pageSize * 2 + 7
        let (directory, source) = try Self.source { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO fetchAttempt (id, source, startedAt, durationMs, outcome) SELECT i * 3, 'feed', i, 5, 'ok' FROM n
                    """, arguments: [rows])
            try db.execute(sql: "INSERT INTO digestMember (digestId, memberId) VALUES ('digest:a', 'daily:1'), ('digest:a', 'daily:2')")
        }
        defer { source.closeConnection() }
        let (target, url) = try Self.target()
        defer { target.closeConnection() }

        let copied = try source.copy(to: target)
        let attempts = try #require(copied.first { $0.name == "fetchAttempt" })
        #expect(attempts.sourceRows == rows && attempts.targetRows == rows)
        #expect(copied.first { $0.name == "digestMember" }?.targetRows == 2)
        #expect(copied.allSatisfy { $0.sourceRows == $0.targetRows })
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        #expect(try connection.execute("SELECT CAST(sum(id) AS BIGINT) FROM fetchAttempt").first?[0].int64 == Int64(3 * rows * (rows + 1) / 2))
        let next = try connection.execute(
            "INSERT INTO fetchAttempt (source, startedAt, durationMs, outcome) VALUES ('feed', 1, 1, 'ok') RETURNING id")
        #expect(next.first?[0].int64 == Int64(rows * 3 + 1))
        _ = directory
    }

    @Test("a table the target's schema lacks stops the copy, naming it; nothing is written")
    func unknownTable() throws {
        let (directory, source) = try Self.source { db in
            try db.execute(sql: "CREATE TABLE sideNotes (note TEXT)")
            try db.execute(sql: "INSERT INTO llmCache (key, title, body, createdAt) VALUES ('k', 't', 'b', 1)")
        }
        defer { source.closeConnection() }
        let (target, url) = try Self.target()
        defer { target.closeConnection() }
        #expect {
            _ = try source.copy(to: target)
        } throws: { error in
            "\(error)".contains("the source's table sideNotes is not in the target's schema")
        }
        #expect(try Self.count("llmCache", in: url) == 0)
        _ = directory
    }

    @Test("a column on one side only stops the copy, naming it")
    func unknownColumn() throws {
        let (directory, source) = try Self.source { db in
            try db.execute(sql: "ALTER TABLE reminder ADD COLUMN colour TEXT")
        }
        defer { source.closeConnection() }
        let (target, url) = try Self.target()
        defer { target.closeConnection() }
        #expect {
            _ = try source.copy(to: target)
        } throws: { error in
            "\(error)".contains("the target's table reminder has no column colour")
        }
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        try connection.execute("ALTER TABLE llmCache ADD COLUMN extra TEXT")
        let (otherFolder, other) = try Self.source()
        defer { other.closeConnection() }
        #expect {
            _ = try other.copy(to: target)
        } throws: { error in
            "\(error)".contains("the target's table llmCache has a column extra the source has not")
        }
        _ = (directory, otherFolder)
    }
}
