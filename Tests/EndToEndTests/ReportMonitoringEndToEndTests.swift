import Foundation
import Testing
import TidingsTestSupport

/// report's view of the pipeline's liveness, through the built programs: when each stage
/// last succeeded (deliver's idle runs through the heartbeat file), and Nagios judging it.
@Suite struct ReportMonitoringEndToEndTests {
    /// The modification time (ms) and size of a file, or nil when it does not exist.
    static func stamp(_ path: String) -> (mtime: Int64, size: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec / 1_000_000), Int64(info.st_size))
    }

    @Test("prometheus: each stage's last success, deliver's from the heartbeat of an idle run that wrote nothing to the database")
    func prometheusTimestamps() async throws {
        let pipeline = try Pipeline()
        let heartbeat = pipeline.localStem + ".deliver-alive"
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let database = [pipeline.database, pipeline.database + "-wal"].map(Self.stamp)
        #expect(Self.stamp(heartbeat) == nil)

        // When: deliver finds nothing due (the daily item is due at 07:30).
        let idle = try await pipeline.run("deliver", "--now", "2026-11-22T06:30")
        #expect(idle.status == 0)
        #expect(idle.stdout.isEmpty && idle.stderr.isEmpty)
        let after = [pipeline.database, pipeline.database + "-wal"].map(Self.stamp)
        #expect(after.map { $0?.mtime } == database.map { $0?.mtime }, "the database and its WAL are not written")
        #expect(after.map { $0?.size } == database.map { $0?.size })
        #expect(Self.stamp(heartbeat)?.mtime == 1_795_325_400_000, "06:30 Berlin: the run's --now clock")
        #expect(Self.stamp(heartbeat)?.size == 0)
        #expect(try await pipeline.succeed("tidings", "log", "--stage", "deliver").isEmpty, "no stage run logged")

        let first = try await pipeline.succeed("report", "--format", "prometheus", "--now", "2026-11-22T06:31")
        #expect(
            first.contains(
                """
                # TYPE tidings_stage_last_success_timestamp_seconds gauge
                tidings_stage_last_success_timestamp_seconds{stage="prefetch"} 1795323600
                tidings_stage_last_success_timestamp_seconds{stage="plan"} 1795323600
                tidings_stage_last_success_timestamp_seconds{stage="deliver"} 1795325400

                """))
        #expect(!first.contains("{stage=\"report\"}"), "the first report has no earlier one to show")
        #expect(first.contains("tidings_report_generated_timestamp_seconds 1795325460\n"))

        let second = try await pipeline.succeed("report", "--format", "prometheus", "--now", "2026-11-22T06:40")
        #expect(second.contains("tidings_stage_last_success_timestamp_seconds{stage=\"report\"} 1795325460\n"))

        // A later idle run moves the heartbeat; a run that delivers is logged instead.
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:29")
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:31")
        let third = try await pipeline.succeed("report", "--format", "prometheus", "--now", "2026-11-22T07:32")
        #expect(third.contains("tidings_stage_last_success_timestamp_seconds{stage=\"deliver\"} 1795329060\n"))
    }

    @Test("a heartbeat that cannot be written never fails deliver; --verbose says why")
    func unwritableHeartbeat() async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let heartbeat = pipeline.localStem + ".deliver-alive"
        try FileManager.default.createSymbolicLink(atPath: heartbeat, withDestinationPath: "/nonexistent-tidings-folder/alive")

        let quiet = try await pipeline.run("deliver", "--now", "2026-11-22T06:30")
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let verbose = try await pipeline.run("deliver", "--verbose", "--now", "2026-11-22T06:30")
        #expect(verbose.status == 0)
        #expect(verbose.stderr.contains("cannot touch the heartbeat file \(heartbeat)"))
        let report = try await pipeline.succeed("report", "--format", "prometheus", "--now", "2026-11-22T06:31")
        #expect(!report.contains("{stage=\"deliver\"}"))
    }

    @Test(
        "nagios: deliver OK up to twice its interval, WARNING past it, CRITICAL past four times",
        arguments: [
            ("2026-11-22T06:39", Int32(0), "TIDINGS OK - fetch success n/a (0/0), ", "deliver_age=540s;600;1200"),
            ("2026-11-22T06:40", Int32(0), "TIDINGS OK - fetch success n/a (0/0), ", "deliver_age=600s;600;1200"),
            (
                "2026-11-22T06:41", Int32(1), "TIDINGS WARNING - deliver last succeeded 11 min ago (expected every 5 min); fetch success n/a (0/0), ",
                "deliver_age=660s;600;1200"
            ),
            (
                "2026-11-22T06:51", Int32(2),
                "TIDINGS CRITICAL - deliver last succeeded 21 min ago (expected every 5 min); fetch success n/a (0/0), ",
                "deliver_age=1260s;600;1200"
            ),
        ])
    func nagiosDeliver(now: String, status: Int32, prefix: String, perfdata: String) async throws {
        let pipeline = try Pipeline(
            config: """
                [monitoring]
                expect_prefetch = "off"
                expect_plan = "off"
                expect_deliver = "5m"
                """)
        try await pipeline.succeed("deliver", "--now", "2026-11-22T06:30")
        let result = try await pipeline.run("report", "--format", "nagios", "--now", now)
        #expect(result.status == status, "\(result.stdout)")
        #expect(result.lines.count == 1)
        #expect(result.stdout.hasPrefix(prefix), "\(result.stdout)")
        #expect(result.stdout.hasSuffix(" \(perfdata)\n"), "\(result.stdout)")
    }

    @Test("nagios: a stage that never succeeded is WARNING once the pipeline is twice its interval old")
    func nagiosNeverSucceeded() async throws {
        let pipeline = try Pipeline(config: "[monitoring]\nexpect_deliver = \"off\"\nexpect_plan = \"off\"\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")  // the first run in the log
        let young = try await pipeline.run("report", "--format", "nagios", "--now", "2026-11-22T18:00")
        #expect(young.status == 0, "\(young.stdout)")
        #expect(young.stdout.hasPrefix("TIDINGS OK - fetch success n/a (0/0), "))
        let old = try await pipeline.run("report", "--format", "nagios", "--now", "2026-11-22T18:01")
        #expect(old.status == 1, "\(old.stdout)")
        #expect(
            old.stdout.hasPrefix(
                "TIDINGS WARNING - prefetch never succeeded (expected every 6 h); fetch success n/a"))
        #expect(old.stdout.hasSuffix(" plan_age=43260s report_age=60s\n"), "unwatched stages: ages without thresholds")
    }

    @Test("[monitoring] with a bad value is a config error: exit 64, or UNKNOWN (3) for nagios")
    func badConfig() async throws {
        let pipeline = try Pipeline(config: "[monitoring]\nexpect_deliver = \"0s\"\n")
        let table = try await pipeline.run("report", "--now", "2026-11-22T06:00")
        #expect(table.status == 64)
        #expect(table.stderr.contains("monitoring.expect_deliver: must be between 1s and 366d"))
        let nagios = try await pipeline.run("report", "--format", "nagios", "--now", "2026-11-22T06:00")
        #expect(nagios.status == 3)
        #expect(nagios.stdout.hasPrefix("TIDINGS UNKNOWN - config "))
    }

    @Test("tidings doctor tells when deliver last ran with nothing due, from the heartbeat")
    func doctorSeesIdleRuns() async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1h")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T06:05")
        let doctor = try JSONObject.array(try await pipeline.run("tidings", "doctor", "--format", "json").stdout)
        let deliver = try #require(doctor.first { $0.string("check") == "last deliver" })
        #expect(deliver.string("detail") == "no run recorded; last run with nothing due 2026-11-22T06:05:00+01:00", "\(deliver.fields)")
    }
}
