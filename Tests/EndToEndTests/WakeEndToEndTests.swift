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
        let arguments = try #require(fakes.calls("systemd-run").first)
        #expect(fakes.calls("systemd-run").count == 1)
        #expect(arguments.count == 8 + deliverCommand(pipeline).count)
        // The unit's name: a hash of the command (its database) and the time.
        let unit = try #require(arguments.dropFirst().first?.dropFirst("--unit=".count))
        #expect(unit.hasPrefix("tidings-wake-") && unit.hasSuffix("-20261122-063000") && unit.count == "tidings-wake-12345678-20261122-063000".count)
        #expect(
            Array(arguments[0...0] + arguments[2...]) == [
                "--user", "--description=Tidings: deliver what is due",
                "--on-calendar=2026-11-22 06:30:00 UTC", "--timer-property=AccuracySec=1s", "--property=KillMode=process", "--collect",
                "--setenv=TZ=Europe/Berlin",
            ] + deliverCommand(pipeline))
        let line = try await wakeLine(pipeline)
        #expect(line.string("detail") == "exact (systemd-run), next 2026-11-22T07:30:00+01:00")
        #expect(line["ok"] as? Bool == true)

        // Planning again with the same next due time leaves the armed timer as it is: no
        // stop, no second unit of the same name.
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:10", "--horizon", "1d")
        #expect(fakes.calls("systemctl").isEmpty)
        #expect(fakes.calls("systemd-run").count == 1)

        // The wake-up's deliver run sends the update and arms the next one, tomorrow's.
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:20", "--horizon", "2d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(fakes.calls("systemd-run").last?.contains("--on-calendar=2026-11-23 06:30:00 UTC") == true)
        #expect(fakes.calls("systemctl") == [["--user", "stop", "\(unit).timer"]])
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
        // Its output goes to the log beside the database, as the crontab line's does, not to mail.
        #expect(
            fakes.input("at") == deliverCommand(pipeline).joined(separator: " ")
                + " >>\((pipeline.localStem as NSString).deletingLastPathComponent)/deliver.log 2>&1\n")
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

    @Test("tidings pending update --at earlier and cancel arm the wake-up again for what is now due first")
    func pendingRearms() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemd-run")
        try fakes.install("systemctl")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let first = try #require(try await wakeLine(pipeline).string("detail"))
        #expect(first == "exact (systemd-run), next 2026-11-22T07:30:00+01:00")

        // Moved to 07:00: the 07:30 timer would send it half an hour late.
        try await pipeline.succeed("tidings", "pending", "update", "daily:2026-11-22", "--at", "07:00", "--now", "2026-11-22T06:05")
        #expect(fakes.calls("systemd-run").last?.contains("--on-calendar=2026-11-22 06:00:00 UTC") == true)
        #expect(fakes.calls("systemctl").count == 1)
        #expect(try await wakeLine(pipeline).string("detail") == "exact (systemd-run), next 2026-11-22T07:00:00+01:00")

        // A new title only: the same time, nothing armed again.
        try await pipeline.succeed("tidings", "pending", "update", "daily:2026-11-22", "--title", "Morning", "--now", "2026-11-22T06:06")
        #expect(fakes.calls("systemd-run").count == 2)

        // Cancelled: nothing is due any more, the timer is stopped.
        try await pipeline.succeed("tidings", "pending", "cancel", "daily:2026-11-22", "--now", "2026-11-22T06:10")
        #expect(fakes.calls("systemctl").count == 2)
        #expect(fakes.calls("systemctl").last?.last?.hasSuffix("-20261122-060000.timer") == true)
        #expect(try await wakeLine(pipeline).string("detail") == "exact (systemd-run), nothing due")
    }

    @Test("wake-ups run deliver with the absolute --db and --config of the default places: systemd-run has none of the XDG variables")
    func defaultPlaces() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemd-run")
        let config = folder.file("xdg-config/tidings/config.toml")
        try FileManager.default.createDirectory(atPath: folder.file("xdg-config/tidings"), withIntermediateDirectories: true)
        try "[daily]\nenabled = true\n[channels]\ndesktop = false\n[delivery]\nwake = \"exact\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let runner = ProgramRunner(environment: [
            "TZ": "Europe/Berlin", "PATH": fakes.folder, "XDG_CONFIG_HOME": folder.file("xdg-config"), "XDG_STATE_HOME": folder.file("xdg-state"),
        ])
        let plan = try await runner.run("plan", ["--now", "2026-11-22T06:00", "--horizon", "1d"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let arguments = try #require(fakes.calls("systemd-run").first)
        #expect(
            Array(arguments.suffix(5)) == [
                runner.path("deliver"), "--db", folder.file("xdg-state/tidings/tidings.sqlite"), "--config", config,
            ])
    }

    @Test("wake = exact with nothing due yet: doctor's line is fine, not the minute timer's failure")
    func nothingDueYet() async throws {
        var pipeline = try Pipeline(config: "[channels]\ndesktop = false\n[daily]\nenabled = false\n[delivery]\nwake = \"exact\"\n")
        let fakes = try FakePrograms(in: pipeline.folder)
        pipeline.runner.environment["PATH"] = fakes.folder
        try fakes.install("systemd-run")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        #expect(fakes.calls("systemd-run").isEmpty)
        let line = try await wakeLine(pipeline)
        #expect(line.string("detail") == "exact, nothing due yet")
        #expect(line["ok"] as? Bool == true, "\(line.fields)")
    }

    @Test("the 15-minute safety-net timer installed and no exact wake-up armed: doctor says deliver runs every 15 minutes, ✗ with the fix")
    func safetyNetWithoutWakeUps() async throws {
        let (pipeline, fakes) = try pipeline(wake: nil)
        var runner = pipeline.runner
        runner.environment["XDG_CONFIG_HOME"] = pipeline.folder.file("xdg")
        // A reachable user manager (its socket), so that the default means exact.
        let runtime = pipeline.folder.file("runtime")
        try FileManager.default.createDirectory(atPath: runtime + "/systemd", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: runtime + "/systemd/private", contents: nil)
        runner.environment["XDG_RUNTIME_DIR"] = runtime
        try fakes.install("systemctl")
        try fakes.install("systemd-run", status: 1, error: "Failed to connect to bus\n")
        let installed = try await runner.run("tidings", ["init", "--yes", "--timers", "systemd", "--no-test"])
        #expect(installed.status == 0, "\(installed.stdout)")
        let units = pipeline.folder.file("xdg/systemd/user")
        try FileManager.default.createDirectory(atPath: units + "/timers.target.wants", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: units + "/timers.target.wants/tidings-deliver.timer", withDestinationPath: units + "/tidings-deliver.timer")

        let plan = try await runner.run("plan", ["--now", "2026-11-22T06:00", "--horizon", "1d"])
        #expect(plan.status == 0)
        #expect(plan.stderr.contains("at: not installed"), "\(plan.stderr)")
        let doctor = try JSONObject.array(try await runner.run("tidings", ["doctor", "--format", "json"]).stdout)
        let line = try #require(doctor.first { $0.string("check") == "wake-ups" })
        #expect(line["ok"] as? Bool == false)
        #expect(line.string("detail")?.hasPrefix("every 15 minutes: no exact wake-up is armed (systemd-run: exit status 1") == true, "\(line.fields)")
        #expect(line.string("fix")?.contains("apt install at") == true)
    }

    @Test("tidings purge stops the armed timer, or removes the at job, before deleting the record of it", .sqliteFileOnly)
    func purgeDisarms() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemd-run")
        try fakes.install("systemctl")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let unit = try #require(fakes.calls("systemd-run").first?[1].dropFirst("--unit=".count))
        let purged = try await pipeline.succeed("tidings", "purge", "--yes")
        #expect(fakes.calls("systemctl") == [["--user", "stop", "\(unit).timer"]])
        #expect(purged.hasPrefix("Stopped the wake-up timer \(unit).timer\n"), "\(purged)")
        for file in [".wake", ".wake.lock"] { #expect(!FileManager.default.fileExists(atPath: pipeline.localStem + file)) }

        let (again, atFakes) = try self.pipeline()
        try atFakes.install("systemd-run", status: 1, error: "Failed to connect to bus\n")
        try atFakes.install("at", error: "job 31 at Sun Nov 22 07:30:00 2026\n")
        try atFakes.install("atrm")
        _ = try await again.run("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        // Without its lock file (an install from before it): the one stopping makes goes too.
        #expect(unlink(again.localStem + ".wake.lock") == 0)
        #expect(try await again.succeed("tidings", "purge", "--yes").hasPrefix("Removed the wake-up at job 31\n"))
        #expect(atFakes.calls("atrm") == [["31"]])
        for file in [".wake", ".wake.lock"] { #expect(!FileManager.default.fileExists(atPath: again.localStem + file)) }
    }

    @Test(
        "a database or config path with a line break is refused: crontab lines and units cannot carry it",
        arguments: [
            ("plan", ["--db", "/tmp/two\nlines.sqlite"], "--db"),
            ("tidings", ["init", "--yes", "--config", "/tmp/two\nlines.toml"], "--config"),
        ])
    func lineBreak(program: String, arguments: [String], flag: String) async throws {
        let (pipeline, _) = try pipeline()
        let result = try await pipeline.runner.run(program, arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(flag): the path \"/tmp/two\\nlines."), "\(result.stderr)")
        #expect(result.stderr.contains("holds a line break"))
    }
}
