import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

/// The runs that only look open the database read-only: they never migrate it, an older
/// schema is an error naming the programs that bring it up to date, and on a current one
/// they write neither the file nor its WAL.
@Suite(.sqliteFileOnly) struct ReadOnlySchemaEndToEndTests {
    /// The runs that only look, each with the name its messages give.
    static let lookers: [(name: String, program: String, arguments: [String])] = [
        ("tidings log", "tidings", ["log"]),
        ("tidings log", "tidings", ["log", "--all", "--format", "json"]),
        ("tidings inbox", "tidings", ["inbox"]),
        ("tidings inbox", "tidings", ["inbox", "--count"]),
        ("tidings inbox", "tidings", ["inbox", "--format", "waybar"]),
        ("tidings pending", "tidings", ["pending", "--all"]),
        ("tidings pending", "tidings", ["pending", "--reminders"]),
        ("tidings next", "tidings", ["next"]),
        ("tidings join", "tidings", ["join", "--print"]),
        ("plan", "plan", ["--dry-run"]),
    ]

    /// The runs above and the doctor, which reports a database it cannot read as one check.
    static let lookersAndDoctor = lookers + [("tidings doctor", "tidings", ["doctor"])]

    @Test(
        "on a database of an older schema each says so, naming plan and deliver (the doctor as its database check), and leaves the file byte for byte; plan then brings it up to date"
    )
    func older() async throws {
        let pipeline = try Pipeline()
        try FileManager.default.createDirectory(atPath: pipeline.folder.file("state"), withIntermediateDirectories: true)
        let older = TidingsDatabase.schemaVersion - 2
        _ = try pipeline.folder.olderDatabase("state/tidings.sqlite", migrations: older)
        let before = DatabaseFiles(path: pipeline.database)
        for run in Self.lookers {
            let result = try await pipeline.runner.run(run.program, run.arguments + ["--now", "2026-11-22T07:00"])
            #expect(result.status == 1, "\(run.arguments): \(result.stderr)")
            #expect(
                result.stderr
                    == "\(run.name): error: database \(pipeline.database): written by an older Tidings (schema v\(older), this is v\(TidingsDatabase.schemaVersion)): run `plan` or `deliver` once to bring it up to date\n",
                "\(run.arguments)")
            #expect(DatabaseFiles(path: pipeline.database) == before, "\(run.arguments) changed the file")
        }
        let doctor = try await pipeline.runner.run("tidings", ["doctor", "--now", "2026-11-22T07:00"])
        #expect(doctor.status == 1)
        let lines = doctor.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "✗ database         database \(pipeline.database): written by an older Tidings (schema v\(older), this is v\(TidingsDatabase.schemaVersion)): run `plan` or `deliver` once to bring it up to date"
            ),
            "\(doctor.stdout)")
        #expect(lines.contains { $0.contains("fix: run plan or deliver once: they bring it up to date") }, "\(doctor.stdout)")
        #expect(lines.contains { $0.hasPrefix("✓ channel stdout") }, "the other checks are made: \(doctor.stdout)")
        #expect(DatabaseFiles(path: pipeline.database) == before, "tidings doctor changed the file")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        #expect(try await pipeline.succeed("tidings", "log").contains("plan"))
    }

    @Test("on a current database each works and writes nothing: the file, its WAL and their times stay as they were")
    func current() async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T08:00")
        let before = DatabaseFiles(path: pipeline.database)
        #expect(before.files.count == 2, "\(before)")
        for run in Self.lookersAndDoctor {
            let result = try await pipeline.runner.run(run.program, run.arguments + ["--now", "2026-11-22T09:00"])
            // No meeting is planned: next and join say so; the doctor may find a check failing.
            if run.name == "tidings next" || run.name == "tidings join" {
                #expect(result.stderr.contains("no upcoming meeting"), "\(run.arguments): \(result.stderr)")
            } else if run.name != "tidings doctor" {
                #expect(result.status == 0, "\(run.arguments): \(result.stderr)")
            }
            #expect(!result.stderr.contains("database"), "\(run.arguments): \(result.stderr)")
            #expect(
                DatabaseFiles(path: pipeline.database) == before,
                "\(run.arguments) wrote: \(DatabaseFiles(path: pipeline.database)) after, \(before) before")
        }
        #expect(try await pipeline.succeed("tidings", "log", "--all").contains("deliver"))
    }
}
