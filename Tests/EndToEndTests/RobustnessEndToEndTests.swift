import Foundation
import Testing
import TidingsTestSupport

/// What happens at the edges: closed pipes, full disks, bad zones, racing first runs.
@Suite struct RobustnessEndToEndTests {
    /// Runs `program` through bash so that its output can go to a pipe or a device.
    func shell(_ pipeline: Pipeline, _ script: String, _ program: String, _ arguments: String...) async throws -> ProgramResult {
        try await pipeline.runner.run(program, arguments, prefix: ["bash", "-c", script])
    }

    @Test("A closed pipe does not kill deliver: exit 1 with the reason, and the item stays due for the next run")
    func brokenPipe() async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        let result = try await shell(
            pipeline, #"set -o pipefail; "$0" "$@" | head -c0"#,
            "deliver", "--channel", "stdout", "--now", "2026-11-22T07:30", "--format", "json")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Broken pipe"))
        let log = try await pipeline.succeed("tidings", "log", "--stage", "deliver")
        #expect(log.contains("0 delivered, 0 failed, 0 missed, 1 due again"), "\(log)")
        let again = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:31", "--format", "json")
        #expect(again.contains("daily:2026-11-22"), "the item goes out with the next run")
    }

    @Test("A full disk on stdout is an error line and exit 1, not a crash", arguments: ["plan", "report", "tidings"])
    func fullDisk(program: String) async throws {
        let pipeline = try Pipeline()
        let arguments = program == "plan" ? ["--dry-run", "--now", "2026-11-22T06:00"] : program == "tidings" ? ["log"] : []
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        let result = try await pipeline.runner.run(program, arguments, prefix: ["bash", "-c", #""$0" "$@" > /dev/full"#])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"))
    }

    @Test(
        "An unknown TZ is a usage error; ':Europe/Berlin' and zoneinfo paths are understood",
        arguments: [
            ("Nowhere/Atlantis", Int32(64), ""), ("CET-1CEST,M3.5.0,M10.5.0/3", Int32(64), ""),
            (":Europe/Berlin", Int32(0), "+01:00"), ("/usr/share/zoneinfo/America/New_York", Int32(0), "-05:00"),
        ])
    func zones(tz: String, status: Int32, offset: String) async throws {
        let pipeline = try Pipeline(zone: tz)
        let result = try await pipeline.run("plan", "--now", "2026-11-22T06:00Z", "--dry-run", "--format", "json", "--horizon", "1d")
        #expect(result.status == status, "\(result.stderr)")
        if status == 0 { #expect(result.stdout.contains("07:30:00\(offset)")) } else { #expect(result.stderr.contains("TZ: unknown time zone")) }
    }

    @Test("report --format nagios answers UNKNOWN (3) when it cannot report")
    func nagiosUnknown() async throws {
        let pipeline = try Pipeline()
        try pipeline.folder.write("not a database at all, just text that is long enough to matter here", to: "broken.sqlite")
        let result = try await pipeline.run("report", "--format", "nagios", "--db", pipeline.folder.file("broken.sqlite"))
        #expect(result.status == 3)
        #expect(result.stdout.hasPrefix("TIDINGS UNKNOWN - database "))
    }

    @Test("A truncated database: the program names the file and the way out, exit 1", .sqliteFileOnly, arguments: ["plan", "deliver", "report"])
    func truncatedDatabase(program: String) async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "30d")
        // A copy of the file alone, cut short: the newest pages may still be in the WAL (when
        // the run ended without a checkpoint), and the copy has none.
        #expect(unlink(pipeline.database + "-wal") == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: pipeline.database)[.size] as? Int)
        #expect(truncate(pipeline.database, off_t(size / 2)) == 0)
        let result = try await pipeline.run(program, "--now", "2026-11-22T07:30")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(program): error: database \(pipeline.database): open failed: the file is truncated ("), "\(result.stderr)")
        #expect(result.stderr.contains("restore a copy made by `tidings backup`, or move it away to start afresh"), "\(result.stderr)")
    }

    @Test("plan --dry-run on a new install creates no database")
    func dryRunCreatesNothing() async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--dry-run")
        #expect(!FileManager.default.fileExists(atPath: pipeline.database))
    }

    @Test("Programs started together on a new database all succeed (report, which creates none, reads it or finds none)")
    func racingFirstRuns() async throws {
        for _ in 0..<5 {
            let pipeline = try Pipeline()
            async let a = pipeline.run("deliver", "--channel", "stdout")
            async let b = pipeline.run("deliver", "--channel", "stdout")
            async let c = pipeline.run("plan")
            async let d = pipeline.run("report", "--format", "json")
            for result in try await [a, b, c] { #expect(result.status == 0, "\(result.stderr)") }
            // report creates no database: started before the others made one, it says so; a
            // file they are still setting up it reads like any other.
            let report = try await d
            #expect(report.status == 0 || report.stderr.hasPrefix("report: error: " + pipeline.missingStore), "\(report.stderr)")
        }
    }
}
