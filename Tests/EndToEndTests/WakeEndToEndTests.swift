import Foundation
import Testing
import TidingsTestSupport

/// Exact wake-ups: plan and deliver arm one transient systemd user timer for the next due
/// time, else an at job, else leave it to the minute timer; doctor says which.
@Suite(.serialized) struct WakeEndToEndTests {
    /// A pipeline with `wake` set and the stand-in programs alone on PATH.
    func pipeline(wake: String? = "exact") throws -> (Pipeline, FakePrograms) {
        var pipeline = try Pipeline(config: "[channels]\ndesktop = false\n" + (wake.map { "[delivery]\nwake = \"\($0)\"\n" } ?? ""))
        let fakes = try FakePrograms(in: pipeline.folder)
        pipeline.runner.environment["PATH"] = fakes.folder
        return (pipeline, fakes)
    }

    func deliverCommand(_ pipeline: Pipeline) -> [String] {
        [pipeline.runner.path("deliver"), "--db", pipeline.database, "--config", pipeline.config]
    }

    func wakeLine(_ pipeline: Pipeline) async throws -> JSONObject {
        let doctor = try JSONObject.array(try await pipeline.run("tidings", "doctor", "--format", "json").stdout)
        return try #require(doctor.first { $0.string("check") == "wake-ups" })
    }

    @Test("plan arms a transient timer for 07:30 Berlin as 06:30 UTC, to the second, running this deliver; doctor says so")
    func systemdRun() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemd-run")
        try fakes.install("systemctl")
        let plan = try await pipeline.run("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        #expect(plan.status == 0)
        #expect(plan.stderr.isEmpty, "\(plan.stderr)")
        #expect(fakes.calls("systemd-run") == [[
            "--user", "--unit=tidings-wake-20261122-063000", "--description=Tidings: deliver what is due",
            "--on-calendar=2026-11-22 06:30:00 UTC", "--timer-property=AccuracySec=1s", "--property=KillMode=process", "--collect",
            "--setenv=TZ=Europe/Berlin",
        ] + deliverCommand(pipeline)])
        let line = try await wakeLine(pipeline)
        #expect(line.string("detail") == "exact (systemd-run), next 2026-11-22T07:30:00+01:00")
        #expect(line["ok"] as? Bool == true)

        // Planning again replaces the timer: the old one is stopped first.
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:10", "--horizon", "1d")
        #expect(fakes.calls("systemctl") == [["--user", "stop", "tidings-wake-20261122-063000.timer"]])
        #expect(fakes.calls("systemd-run").count == 2)

        // The wake-up's deliver run sends the update and arms the next one, tomorrow's.
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:20", "--horizon", "2d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(fakes.calls("systemd-run").last?.contains("--on-calendar=2026-11-23 06:30:00 UTC") == true)
        #expect(try await wakeLine(pipeline).string("detail") == "exact (systemd-run), next 2026-11-23T07:30:00+01:00")
    }

    @Test("systemd-run failing: an at job at 07:30 local with the deliver line on its input; plan still exits 0")
    func atFallback() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemd-run", status: 1, error: "Failed to connect to bus: No medium found\n")
        try fakes.install("at", error: "warning: commands will be executed using /bin/sh\njob 4 at Sun Nov 22 07:30:00 2026\n")
        let plan = try await pipeline.run("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        #expect(plan.status == 0)
        #expect(plan.stderr.split(separator: "\n").count == 1)
        #expect(plan.stderr.contains("systemd-run: exit status 1: Failed to connect to bus"), "\(plan.stderr)")
        #expect(fakes.calls("at") == [["-t", "202611220730"]])
        #expect(fakes.input("at") == deliverCommand(pipeline).joined(separator: " ") + "\n")
        #expect(try await wakeLine(pipeline).string("detail") == "exact (at), next 2026-11-22T07:30:00+01:00")
    }

    @Test("neither systemd-run nor at: plan exits 0, the minute timer sends, doctor flags it with the fix")
    func minuteFallback() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemd-run", status: 1, error: "Failed to connect to bus\n")
        let plan = try await pipeline.run("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        #expect(plan.status == 0)
        #expect(plan.stderr.contains("at: not installed"), "\(plan.stderr)")
        let line = try await wakeLine(pipeline)
        #expect(line.string("detail")?.hasPrefix("every minute (systemd-run: exit status 1") == true, "\(line.fields)")
        #expect(line["ok"] as? Bool == false)
        #expect(line.string("fix")?.contains("install at") == true)
        // The every-minute deliver still sends.
        #expect(try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30", "--channel", "stdout").contains("07:30"))
    }

    @Test("wake = minute, and the default without a reachable user manager, run nothing")
    func noExactWakeUps() async throws {
        for wake in ["minute", nil] {
            let (pipeline, fakes) = try pipeline(wake: wake)
            try fakes.install("systemd-run")
            try fakes.install("at")
            try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
            try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
            #expect(fakes.calls("systemd-run").isEmpty)
            #expect(fakes.calls("at").isEmpty)
            let detail = try await wakeLine(pipeline).string("detail")
            #expect(detail == (wake == nil ? "every minute (no systemd user manager reachable)" : "every minute (wake = \"minute\")"))
        }
    }
}
