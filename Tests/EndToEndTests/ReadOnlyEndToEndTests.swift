import Foundation
import Testing
import TidingsTestSupport

/// The programs that only look (report, doctor, log, inbox, pending, links) against a
/// database that is not there: they say so and create nothing, neither the file, nor its
/// folder, nor its reserve.
@Suite struct ReadOnlyEndToEndTests {
    /// A program run and what it must answer.
    struct Case: Sendable, CustomTestStringConvertible {
        var program: String
        var arguments: [String]
        var status: Int32
        var testDescription: String { ([program] + arguments).joined(separator: " ") }
    }

    static let failing: [Case] = [
        Case(program: "report", arguments: [], status: 1),
        Case(program: "report", arguments: ["--format", "json"], status: 1),
        Case(program: "report", arguments: ["--format", "prometheus"], status: 1),
        Case(program: "report", arguments: ["--format", "prometheus", "--output", "metrics.prom"], status: 1),
        Case(program: "tidings", arguments: ["log"], status: 1),
        Case(program: "tidings", arguments: ["log", "--format", "json"], status: 1),
        Case(program: "tidings", arguments: ["inbox"], status: 1),
        Case(program: "tidings", arguments: ["inbox", "--count"], status: 1),
        Case(program: "tidings", arguments: ["inbox", "--format", "waybar"], status: 1),
        Case(program: "tidings", arguments: ["pending"], status: 1),
        Case(program: "tidings", arguments: ["pending", "--all", "--format", "json"], status: 1),
    ]

    /// A folder with nothing in it, the database path two missing folders below it.
    static func missing() throws -> (folder: TemporaryDirectory, database: String, runner: ProgramRunner) {
        let folder = try TemporaryDirectory()
        let runner = ProgramRunner(environment: [
            "TZ": "UTC", "XDG_CACHE_HOME": folder.file("cache"), "XDG_STATE_HOME": folder.file("state"),
            "XDG_CONFIG_HOME": folder.file("config"),
        ])
        return (folder, folder.file("missing/dir/tidings.sqlite"), runner)
    }

    /// Requires that nothing was created in `folder` (the database, its folders, its reserve).
    static func expectNothingCreated(in folder: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing/dir/tidings.sqlite")), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing/dir/tidings.sqlite.reserve")), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")), sourceLocation: sourceLocation)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], sourceLocation: sourceLocation)
    }

    @Test("a missing database is an error naming it, exit 1, and nothing is created", arguments: failing)
    func missingDatabase(_ item: Case) async throws {
        let (folder, database, runner) = try Self.missing()
        let arguments = item.arguments.map { $0 == "metrics.prom" ? folder.file("metrics.prom") : $0 }
        let result = try await runner.run(item.program, arguments + ["--db", database])
        #expect(result.status == item.status, "\(result.stderr)")
        let program = item.program == "tidings" ? "tidings \(item.arguments[0])" : item.program
        #expect(result.stderr == "\(program): error: no database at \(database): run prefetch and plan first, or check --db\n")
        #expect(result.stdout.isEmpty)
        try Self.expectNothingCreated(in: folder)
    }

    @Test("report --format nagios on a missing database: UNKNOWN naming it, exit 3, nothing created")
    func nagios() async throws {
        let (folder, database, runner) = try Self.missing()
        let result = try await runner.run("report", ["--format", "nagios", "--db", database])
        #expect(result.status == 3)
        #expect(result.stdout == "TIDINGS UNKNOWN - no database at \(database): run prefetch and plan first, or check --db\n")
        try Self.expectNothingCreated(in: folder)
    }

    @Test("a path from TIDINGS_DB is named as such")
    func environment() async throws {
        let (folder, database, runner) = try Self.missing()
        let result = try await runner.run("tidings", ["log"], extra: ["TIDINGS_DB": database])
        #expect(result.status == 1)
        #expect(result.stderr == "tidings log: error: no database at \(database): run prefetch and plan first, or check TIDINGS_DB\n")
        try Self.expectNothingCreated(in: folder)
    }

    @Test("tidings doctor on a missing database: a ✗ database line, the other checks still made, nothing created")
    func doctor() async throws {
        let (folder, database, runner) = try Self.missing()
        let result = try await runner.run("tidings", ["doctor", "--db", database])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("✗ database         no database at \(database)"), "\(result.stdout)")
        #expect(lines.contains { $0.contains("fix: run prefetch and plan first (or tidings init), or check --db") })
        #expect(lines.first?.hasPrefix("✓ config") == true)
        #expect(lines.contains { $0.hasPrefix("✗ last prefetch") })
        #expect(lines.contains { $0.hasPrefix("✓ channel stdout") })
        #expect(lines.contains { $0.hasPrefix("✓ wake-ups") || $0.hasPrefix("✗ wake-ups") })
        let json = try JSONObject.array(try await runner.run("tidings", ["doctor", "--format", "json", "--db", database]).stdout)
        #expect(json.first { $0.string("check") == "database" }?.bool("ok") == false)
        try Self.expectNothingCreated(in: folder)
    }

    @Test("tidings links needs no database and creates none")
    func links() async throws {
        let (folder, database, runner) = try Self.missing()
        let result = try await runner.run("tidings", ["links", "join https://zoom.us/j/123456789"], extra: ["TIDINGS_DB": database])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"platform\":\"zoom\""))
        try Self.expectNothingCreated(in: folder)
    }

    @Test("report on a database there: it is read and logged, and no reserve file is added beside it")
    func existing() async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        unlink(pipeline.database + ".reserve")
        try await pipeline.succeed("report", "--now", "2026-11-22T07:00")
        // By default the log shows the pipeline's runs: a report that ended ok only when asked for.
        #expect(try await !pipeline.succeed("tidings", "log").contains("report"))
        #expect(!FileManager.default.fileExists(atPath: pipeline.database + ".reserve"))
        let log = try await pipeline.succeed("tidings", "log", "--stage", "report")
        #expect(log.contains("report"), "\(log)")
        #expect(try await pipeline.succeed("tidings", "log", "--all", "--limit", "1").contains("  report   ok"))
        #expect(try await pipeline.succeed("tidings", "log", "--limit", "1").contains("  plan     "))
    }
}
