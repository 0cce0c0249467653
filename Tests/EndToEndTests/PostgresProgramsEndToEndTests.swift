import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

/// What the programs do only on a store on PostgreSQL, in both passes: where the password may
/// come from and where it never goes, and the commands whose SQLite meaning has no PostgreSQL
/// counterpart (backup, purge) saying what to do instead.
@Suite struct PostgresProgramsEndToEndTests {
    /// A pipeline whose `TIDINGS_DB` names a fresh database on the test cluster with the
    /// password in the URL, the way a service's environment may.
    static func pipeline() throws -> (Pipeline, cluster: PostgresTestCluster, url: String) {
        var pipeline = try Pipeline(config: "[routes]\nsystem = [\"inbox\", \"stdout\"]\n")
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase().absoluteString
        pipeline.runner.environment["TIDINGS_DB"] = url
        pipeline.runner.environment["PGPASSFILE"] = "/nonexistent"
        return (pipeline, cluster, url)
    }

    @Test("A password in TIDINGS_DB works and shows in no output: plan, deliver -v, report in every format, log, doctor, pending, inbox")
    func passwordNowhere() async throws {
        let (pipeline, cluster, _) = try Self.pipeline()
        var outputs: [ProgramResult] = []
        for arguments in [
            ["plan", "--now", "2026-11-22T06:00", "--horizon", "1d", "-v"], ["deliver", "--now", "2026-11-22T07:30", "-v"],
            ["report", "--now", "2026-11-22T08:00"], ["report", "--format", "json", "--now", "2026-11-22T08:00"],
            ["report", "--format", "prometheus", "--now", "2026-11-22T08:00"], ["report", "--format", "nagios", "--now", "2026-11-22T08:00"],
            ["tidings", "log"], ["tidings", "doctor"], ["tidings", "pending"], ["tidings", "inbox", "--all"],
        ] {
            let result = try await pipeline.runner.run(arguments[0], Array(arguments.dropFirst()))
            outputs.append(result)
        }
        #expect(outputs[1].status == 0, "\(outputs[1].stderr)")
        #expect(outputs[1].stdout.contains("Your daily update"), "the daily update went to stdout: \(outputs[1].stdout)")
        #expect(outputs[9].stdout.contains("daily:2026-11-22"), "and to the inbox: \(outputs[9].stdout)")
        #expect(outputs[7].stdout.contains("PostgreSQL "), "doctor names the engine: \(outputs[7].stdout)")
        for output in outputs {
            #expect(!output.stdout.contains(cluster.password) && !output.stderr.contains(cluster.password), "\(output.stdout)\(output.stderr)")
        }
    }

    @Test("--db refuses a URL holding a password, before connecting, without repeating it")
    func passwordOnCommandLine() async throws {
        let (pipeline, cluster, url) = try Self.pipeline()
        let result = try await pipeline.run("deliver", "--db", url)
        #expect(result.status == 64)
        #expect(result.stderr.contains("the URL holds a password") && result.stderr.contains("~/.pgpass"), "\(result.stderr)")
        #expect(!result.stderr.contains(cluster.password))
    }

    @Test("backup names pg_dump and purge refuses, on a store on PostgreSQL; both leave it as it was")
    func backupAndPurge() async throws {
        let (pipeline, cluster, url) = try Self.pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let backup = try await pipeline.run("tidings", "backup", pipeline.folder.file("copy.sqlite"))
        #expect(backup.status == 1)
        #expect(backup.stderr.contains("pg_dump --format=custom"), "\(backup.stderr)")
        #expect(!FileManager.default.fileExists(atPath: pipeline.folder.file("copy.sqlite")))
        let purge = try await pipeline.run("tidings", "purge", "--yes")
        #expect(purge.status == 1)
        #expect(purge.stderr.contains("shared by every host"), "\(purge.stderr)")
        for output in [backup, purge] { #expect(!output.stderr.contains(cluster.password)) }
        let database = try TidingsDatabase(postgres: url, mode: .existingOnly)
        defer { database.closeConnection() }
        let log = try await pipeline.run("tidings", "log")
        let plan = try await pipeline.run("tidings", "pending", "--format", "json")
        #expect(
            try database.pendingNotifications(kind: .daily).count == 1,
            "the planned item is still there: \(log.stdout)\(log.stderr)\(plan.stdout)\(plan.stderr)")
    }
}
