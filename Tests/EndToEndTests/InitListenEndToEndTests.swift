import Foundation
import Testing
import TidingsTestSupport

/// With features.realtime_push on and a [realtime] stream, tidings init installs what starts
/// tidings listen beside the timers: the tidings-listen.service user unit, or an @reboot line
/// in the crontab block. With the flag off nothing of it is installed, and what an earlier
/// init installed goes. Stand-in crontab and systemctl programs come first on PATH.
@Suite(.serialized) struct InitListenEndToEndTests {
    static let on = InitEndToEndTests.config + "[features]\nrealtime_push = true\n[realtime]\nurl = \"https://alerts.example.org/urgent\"\n"

    func pipeline() throws -> (Pipeline, FakePrograms) {
        var pipeline = try Pipeline(config: Self.on)
        let fakes = try FakePrograms(in: pipeline.folder)
        try fakes.install("crontab", stateful: true)
        pipeline.runner.environment["PATH"] = fakes.path
        pipeline.runner.environment["XDG_CONFIG_HOME"] = pipeline.folder.file("xdg")
        for name in ["TZ", "LANG", "LC_ALL", "LC_MESSAGES", "LC_TIME"] { pipeline.runner.environment[name] = nil }
        return (pipeline, fakes)
    }

    /// The config with realtime push turned off.
    func turnOff(_ pipeline: Pipeline) throws {
        try Self.on.replacingOccurrences(of: "realtime_push = true", with: "realtime_push = false").write(
            toFile: pipeline.config, atomically: true, encoding: .utf8)
    }

    @Test("systemd: the listen service is written, enabled and started with the timers; turned off, init stops and removes it")
    func systemd() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemctl")
        let doctorBefore = try await pipeline.run("tidings", "doctor")
        #expect(doctorBefore.stdout.contains("✗ listen"), "\(doctorBefore.stdout)")
        #expect(doctorBefore.stdout.contains("realtime_push is on but nothing starts tidings listen"))

        let first = try await pipeline.succeed("tidings", "init", "--yes", "--timers", "systemd", "--no-test")
        #expect(first.contains(", timers enabled and started, with the listen service (tidings-listen.service)"), "\(first)")
        let folder = pipeline.folder.file("xdg/systemd/user")
        let unit = try String(contentsOfFile: folder + "/tidings-listen.service", encoding: .utf8)
        #expect(
            unit.contains("\nExecStart=\(pipeline.runner.path("tidings")) listen --db \(pipeline.database) --config \(pipeline.config)\n"),
            "\(unit)")
        #expect(unit.contains("\nRestart=on-failure\n"))
        #expect(unit.contains("\nWantedBy=default.target"))
        let timers = ["tidings-prefetch.timer", "tidings-deliver.timer", "tidings-report.timer"]
        #expect(fakes.calls("systemctl") == [["--user", "daemon-reload"], ["--user", "enable", "--now"] + timers + ["tidings-listen.service"]])

        // What systemctl enable leaves behind; then init has nothing to do, and doctor is content.
        for name in timers + ["tidings-listen.service"] {
            let link = folder + "/" + (name.hasSuffix(".timer") ? "timers.target.wants/" : "default.target.wants/") + name
            try FileManager.default.createDirectory(atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder + "/" + name)
        }
        let again = try await pipeline.succeed("tidings", "init", "--yes", "--timers", "systemd", "--no-test")
        #expect(again.contains("✓ timers: systemd user timers already installed in \(folder), with the listen service"), "\(again)")
        #expect(fakes.calls("systemctl").count == 2)
        #expect(try await pipeline.run("tidings", "doctor").stdout.contains("✓ listen"))

        // The flag turned off: init without --timers says so, with --timers the service goes.
        try turnOff(pipeline)
        let stays = try await pipeline.succeed("tidings", "init", "--yes", "--no-test")
        #expect(stays.contains("realtime_push is off but tidings listen is installed: tidings init --timers systemd removes it"), "\(stays)")
        let off = try await pipeline.succeed("tidings", "init", "--yes", "--timers", "systemd", "--no-test")
        #expect(off.contains("; the listen service is stopped and removed (realtime_push is off)"), "\(off)")
        #expect(fakes.calls("systemctl").suffix(2) == [["--user", "disable", "--now", "tidings-listen.service"], ["--user", "daemon-reload"]])
        #expect(!FileManager.default.fileExists(atPath: folder + "/tidings-listen.service"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/default.target.wants/tidings-listen.service"))
        #expect(FileManager.default.fileExists(atPath: folder + "/tidings-deliver.timer"))
        #expect(!(try await pipeline.run("tidings", "doctor").stdout.contains(" listen ")))
    }

    @Test("systemd: --timers none disables the listen service with the timers and removes its file")
    func systemdNone() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemctl")
        try await pipeline.succeed("tidings", "init", "--yes", "--timers", "systemd", "--no-test")
        let folder = pipeline.folder.file("xdg/systemd/user")
        let installed = try await pipeline.succeed("tidings", "init", "--yes", "--no-test")
        #expect(installed.contains("systemd user timers in \(folder) installed, with tidings listen (--timers none removes them)"), "\(installed)")
        try await pipeline.succeed("tidings", "init", "--yes", "--timers", "none", "--no-test")
        let timers = ["tidings-prefetch.timer", "tidings-deliver.timer", "tidings-report.timer"]
        #expect(
            fakes.calls("systemctl").suffix(2) == [
                ["--user", "disable", "--now"] + timers + ["tidings-listen.service"], ["--user", "daemon-reload"],
            ])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("tidings-") } == [])
    }

    @Test("cron: an @reboot line in the block starts tidings listen; turned off, init takes it out; --timers none takes the block")
    func cron() async throws {
        let (pipeline, fakes) = try pipeline()
        let first = try await pipeline.succeed("tidings", "init", "--yes", "--timers", "cron", "--no-test")
        #expect(first.contains("crontab lines installed (crontab -l shows them), with tidings listen at boot (@reboot: "), "\(first)")
        let crontab = try #require(fakes.crontab())
        let folder = (pipeline.localStem as NSString).deletingLastPathComponent
        let line =
            "@reboot  mkdir -p \(folder) && \(pipeline.runner.path("tidings")) listen --db \(pipeline.database) --config \(pipeline.config) >>\(folder)/listen.log 2>&1\n# END Tidings\n"
        #expect(crontab.hasSuffix(line), "\(crontab)")
        #expect(try await pipeline.run("tidings", "doctor").stdout.contains("✓ listen"))

        try turnOff(pipeline)
        let off = try await pipeline.succeed("tidings", "init", "--yes", "--timers", "cron", "--no-test")
        #expect(off.contains("; the @reboot line of tidings listen is removed (realtime_push is off)"), "\(off)")
        let after = try #require(fakes.crontab())
        #expect(!after.contains("@reboot"))
        #expect(after.contains("# BEGIN Tidings"))
        let stays = try await pipeline.succeed("tidings", "init", "--yes", "--no-test")
        #expect(stays.contains("left as they are: crontab lines installed (--timers none removes them)\n"), "\(stays)")

        try Self.on.write(toFile: pipeline.config, atomically: true, encoding: .utf8)
        try await pipeline.succeed("tidings", "init", "--yes", "--timers", "cron", "--no-test")
        #expect(fakes.crontab()?.contains("@reboot") == true)
        try await pipeline.succeed("tidings", "init", "--yes", "--timers", "none", "--no-test")
        #expect(fakes.crontab() == "")
    }
}
