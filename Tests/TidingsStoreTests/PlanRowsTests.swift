import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// The rows a plan was made from (`planRows`) are saved from as read only while nothing was
/// written to the store since: a claim by another run, or a write of this connection, between
/// the read and the save makes the save read them again, so it never overwrites what it did
/// not see.
@Suite struct PlanRowsTests {
    typealias Engine = PostgresStoreTests.Engine
    static let due = BothEnginesPipelineTests.due

    /// Two handles on one fresh store, as two programs would open it, with `ids` planned.
    static func twoHandles(_ engine: Engine, ids: [String]) throws -> (TemporaryDirectory, TidingsDatabase, TidingsDatabase) {
        let directory = try TemporaryDirectory()
        let (first, second): (TidingsDatabase, TidingsDatabase)
        switch engine {
        case .sqlite:
            first = try TidingsDatabase(path: directory.file("tidings.sqlite"))
            second = try TidingsDatabase(path: directory.file("tidings.sqlite"))
        case .postgresql:
            let url = try PostgresTestCluster.shared().createDatabase().absoluteString
            (first, second) = (try TidingsDatabase(postgres: url), try TidingsDatabase(postgres: url))
        }
        _ = try first.applyPlan(ids.map { BothEnginesPipelineTests.item($0) }, now: due - 3_600_000)
        return (directory, first, second)
    }

    /// The plan again, every title changed.
    static func retitled(_ ids: [String]) -> [NotificationRecord] {
        ids.map { id in
            var item = BothEnginesPipelineTests.item(id)
            item.title = "Moved \(id)"
            return item
        }
    }

    @Test("Rows read for a plan are its stored rows: the open ones, others asked for, and none for new ids", arguments: Engine.allCases)
    func rowsRead(engine: Engine) throws {
        let (directory, database, other) = try Self.twoHandles(engine, ids: ["a", "b", "c"])
        defer {
            database.closeConnection()
            other.closeConnection()
        }
        _ = try database.claimDue(at: Self.due, only: ["c"])
        let rows = try database.planRows(for: ["a", "c", "new"])
        #expect(Set(rows.open.map(\.id)) == ["a", "b"])
        #expect(rows.contains("a") && rows.contains("b") && rows.contains("c"))
        #expect(!rows.contains("new"))
        #expect(rows.with("c") { $0.state } == .delivering)
        #expect(rows.knows("new") && rows.knows("b") && !rows.knows("elsewhere"))
        // SQLite marks the state read; PostgreSQL gives no mark, and the save reads again.
        #expect((rows.mark != nil) == (engine == .sqlite))
        withExtendedLifetime(directory) {}
    }

    @Test("With nothing written since the read, the mark stands and the save writes what changed", arguments: Engine.allCases)
    func unchangedStore(engine: Engine) throws {
        let ids = ["a", "b", "c"]
        let (directory, database, other) = try Self.twoHandles(engine, ids: ids)
        defer {
            database.closeConnection()
            other.closeConnection()
        }
        let rows = try database.planRows(for: ids)
        if engine == .sqlite {
            #expect(try database.transaction("mark") { db in try db.changeMark() } == rows.mark)
        }
        var planned = ids.map { BothEnginesPipelineTests.item($0) }
        planned[1].title = "Moved"
        let changes = try database.applyPlan(planned, known: rows, now: Self.due - 60_000)
        #expect((changes.updated, changes.unchanged, changes.created) == (1, 2, 0))
        #expect(try database.notifications(ids: ["b"])["b"]?.title == "Moved")
        withExtendedLifetime(directory) {}
    }

    /// Who claims a planned item between the plan's read and its save.
    enum Claimer: String, CaseIterable, CustomStringConvertible {
        /// A `deliver` in another process: its own connection to the store.
        case anotherRun
        /// The plan's own connection.
        case sameConnection
        var description: String { rawValue }
    }

    @Test(
        "A claim between the read and the save, by another run or the same connection, is not overwritten",
        arguments: Engine.allCases, Claimer.allCases)
    func claimedBetween(engine: Engine, claimer: Claimer) throws {
        let ids = ["a", "b"]
        let (directory, planner, deliverer) = try Self.twoHandles(engine, ids: ids)
        defer {
            planner.closeConnection()
            deliverer.closeConnection()
        }
        let rows = try planner.planRows(for: ids)
        let claiming = claimer == .anotherRun ? deliverer : planner
        #expect(try claiming.claimDue(at: Self.due, only: ["a"]).map(\.id) == ["a"])
        if engine == .sqlite {
            #expect(try planner.transaction("mark") { db in try db.changeMark() } != rows.mark)
        }
        let changes = try planner.applyPlan(Self.retitled(ids), known: rows, now: Self.due - 60_000)
        #expect(changes.settled == 1, "the claimed row is seen as it is now, being delivered")
        #expect(changes.updated == 1)
        let stored = try planner.notifications(ids: ids)
        #expect(stored["a"]?.state == .delivering)
        #expect(stored["a"]?.title == "Title a")
        #expect(stored["b"]?.title == "Moved b")
        withExtendedLifetime(directory) {}
    }
}
