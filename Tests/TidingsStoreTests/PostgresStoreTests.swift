import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPostgres

/// The store opened on PostgreSQL: created and migrated by the first open, the functions on
/// the engine seam running there as on SQLite, and the rest refused, never run on nothing.
@Suite struct PostgresStoreTests {
    enum Engine: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgresql
        var description: String { rawValue }
    }

    /// A fresh store on `engine`; the folder keeps a SQLite file alive.
    static func open(_ engine: Engine) throws -> (TemporaryDirectory, TidingsDatabase) {
        let directory = try TemporaryDirectory()
        switch engine {
        case .sqlite: return (directory, try TidingsDatabase(path: directory.file("tidings.sqlite")))
        case .postgresql: return (directory, try TidingsDatabase(postgres: try PostgresTestCluster.shared().createDatabase().absoluteString))
        }
    }

    @Test("A run recorded is read back alike on both engines, newest first, by stage", arguments: Engine.allCases)
    func stageRuns(engine: Engine) throws {
        let (directory, database) = try Self.open(engine)
        defer { database.closeConnection() }
        let start = TestClock.at("2026-11-27T08:00:00Z")
        for (offset, stage) in [Stage.prefetch, .plan, .deliver, .report].enumerated() {
            try database.recordStageRun(
                StageRun(
                    stage: stage, startedAt: start + Int64(offset) * 60_000, endedAt: start + Int64(offset) * 60_000 + 5,
                    outcome: stage == .report ? .ok : .degraded, summary: "run \(offset) — ünïcode"))
        }
        let all = try database.recentStageRuns(limit: 10)
        #expect(all.map(\.stage) == [.report, .deliver, .plan, .prefetch])
        #expect(all.last?.summary == "run 0 — ünïcode")
        #expect(try database.recentStageRuns(limit: 10, stage: .plan).map(\.startedAt) == [start + 60_000])
        #expect(try database.recentPipelineRuns(limit: 10).map(\.stage) == [.deliver, .plan, .prefetch], "an ok report run is left out")
        withExtendedLifetime(directory) {}
    }

    @Test("The first open creates the schema; a second open finds it and changes nothing")
    func createdOnce() throws {
        let url = try PostgresTestCluster.shared().createDatabase().absoluteString
        let first = try TidingsDatabase(postgres: url)
        try first.recordStageRun(StageRun(stage: .plan, startedAt: 1, endedAt: 2, outcome: .ok, summary: "first"))
        first.closeConnection()
        let second = try TidingsDatabase(postgres: url)
        defer { second.closeConnection() }
        #expect(second.isPostgreSQL)
        #expect(try second.recentStageRuns(limit: 5).map(\.summary) == ["first"])
    }

    @Test("The integrity check on PostgreSQL checks the schema: ok when current, an error naming the gap when a migration is missing")
    func integrityCheck() throws {
        let url = try PostgresTestCluster.shared().createDatabase().absoluteString
        let database = try TidingsDatabase(postgres: url)
        defer { database.closeConnection() }
        #expect(try database.integrityCheck() == "ok")
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        _ = try connection.execute("DELETE FROM tidings_migrations WHERE identifier = $1", [.text(PostgresSchema.identifiers.last!)])
        #expect {
            _ = try database.integrityCheck()
        } throws: { error in
            (error as? StoreError)?.isOlderSchema == true
        }
    }

    @Test("A read-only open of an empty database migrates nothing and names the programs that would")
    func readOnlyEmpty() throws {
        let url = try PostgresTestCluster.shared().createDatabase().absoluteString
        #expect {
            _ = try TidingsDatabase(postgres: url, mode: .readOnly)
        } throws: { error in
            (error as? StoreError)?.isMissingDatabase == true
        }
        #expect {
            _ = try TidingsDatabase(postgres: url, mode: .existingOnly)
        } throws: { error in
            (error as? StoreError)?.isMissingDatabase == true
        }
        let writer = try TidingsDatabase(postgres: url)
        writer.closeConnection()
        let reader = try TidingsDatabase(postgres: url, mode: .readOnly)
        defer { reader.closeConnection() }
        #expect(try reader.recentStageRuns(limit: 1).isEmpty)
    }

    @Test("A wrong password is an error naming the server, never the password")
    func wrongPassword() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = url.lastPathComponent
        let wrong = cluster.url(database: database, password: "not-the-s3cret-pw")
        do {
            _ = try TidingsDatabase(postgres: wrong)
            Issue.record("a wrong password opened the store")
        } catch {
            #expect(!error.description.contains("not-the-s3cret-pw"))
            #expect(error.description.contains("***"))
            #expect(error.message.contains("open failed"))
        }
    }
}
