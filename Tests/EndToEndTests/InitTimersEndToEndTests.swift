import Foundation
import Testing
import TidingsTestSupport

/// The timers tidings init installs come out again: `--timers none` removes the crontab block
/// or the systemd units, init without --timers says what is installed, and a systemd setup
/// that fails leaves no unit files. Stand-in crontab and systemctl programs come first on PATH,
/// so the machine's own crontab and user manager are never touched.
@Suite(.serialized) struct InitTimersEndToEndTests {
    static let mine = "MAILTO=me@example.org\n0 3 * * * /usr/bin/backup\n"

    func pipeline() throws -> (Pipeline, FakePrograms) {
        var pipeline = try Pipeline(config: InitEndToEndTests.config)
        let fakes = try FakePrograms(in: pipeline.folder)
        // An empty crontab of its own, so that the machine's is never read.
        try fakes.install("crontab", stateful: true)
        pipeline.runner.environment["PATH"] = fakes.path
        pipeline.runner.environment["XDG_CONFIG_HOME"] = pipeline.folder.file("xdg")
        return (pipeline, fakes)
    }

    @Test("cron: init without --timers says the lines are installed; --timers none takes out the block and keeps the user's lines")
    func cron() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.setCrontab(Self.mine)
        try await pipeline.succeed("tidings", "init", "--yes", "--timers", "cron", "--no-test")
        #expect(fakes.crontab()?.contains("# BEGIN Tidings") == true)

        let again = try await pipeline.succeed("tidings", "init", "--yes", "--no-test")
        #expect(again.contains("\n- timers: left as they are: crontab lines installed (--timers none removes them)\n"), "\(again)")

        let none = try await pipeline.run("tidings", "init", "--yes", "--timers", "none", "--no-test")
        #expect(none.status == 0, "\(none.stderr)")
        #expect(
            none.stdout.contains(
                "\n✓ timers: removed the crontab lines; none installed now (tidings init --timers cron|systemd installs them)\n"), "\(none.stdout)")
        #expect(fakes.crontab() == Self.mine)

        let after = try await pipeline.succeed("tidings", "init", "--yes", "--no-test")
        #expect(after.contains("\n- timers: left as they are: none installed (--timers cron|systemd installs them)\n"), "\(after)")
        // Nothing left to remove: the crontab is not written again.
        let writes = fakes.calls("crontab").filter { $0 == ["-"] }.count
        try await pipeline.succeed("tidings", "init", "--yes", "--timers", "none", "--no-test")
        #expect(fakes.calls("crontab").filter { $0 == ["-"] }.count == writes)
    }

    @Test("systemd: --timers none disables the timers and removes the unit files and their links")
    func systemd() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemctl")
        try await pipeline.succeed("tidings", "init", "--yes", "--timers", "systemd", "--no-test")
        let folder = pipeline.folder.file("xdg/systemd/user")
        let timers = ["tidings-prefetch.timer", "tidings-deliver.timer", "tidings-report.timer"]
        // What systemctl enable leaves behind.
        try FileManager.default.createDirectory(atPath: folder + "/timers.target.wants", withIntermediateDirectories: true)
        for name in timers {
            try FileManager.default.createSymbolicLink(atPath: folder + "/timers.target.wants/" + name, withDestinationPath: folder + "/" + name)
        }
        try "[Unit]\n".write(toFile: folder + "/mine.service", atomically: true, encoding: .utf8)
        let again = try await pipeline.succeed("tidings", "init", "--yes", "--no-test")
        #expect(again.contains("\n- timers: left as they are: systemd user timers in \(folder) installed (--timers none removes them)\n"), "\(again)")

        let none = try await pipeline.run("tidings", "init", "--yes", "--timers", "none", "--no-test")
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout.contains("\n✓ timers: removed the systemd user units from \(folder); none installed now"), "\(none.stdout)")
        #expect(fakes.calls("systemctl").suffix(2) == [["--user", "disable", "--now"] + timers, ["--user", "daemon-reload"]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["mine.service", "timers.target.wants"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/timers.target.wants").isEmpty)
    }

    @Test("--timers none also stops the exact wake-up plan armed, which would start deliver and arm the next")
    func wakeUp() async throws {
        var (pipeline, fakes) = try pipeline()
        try "[daily]\nenabled = true\n[channels]\ndesktop = false\n[delivery]\nwake = \"exact\"\n".write(
            toFile: pipeline.config, atomically: true, encoding: .utf8)
        pipeline.runner.environment["PATH"] = fakes.folder
        try fakes.install("systemd-run")
        try fakes.install("systemctl")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let unit = try #require(fakes.calls("systemd-run").first?[1].dropFirst("--unit=".count))
        let none = try await pipeline.run("tidings", "init", "--yes", "--timers", "none", "--no-test")
        #expect(none.stdout.contains("\n✓ timers: removed the wake-up timer \(unit).timer; none installed now"), "\(none.stdout)")
        #expect(fakes.calls("systemctl").contains(["--user", "stop", "\(unit).timer"]))
        #expect(!FileManager.default.fileExists(atPath: pipeline.localStem + ".wake"))
    }

    @Test("systemd without a user manager: the step fails in one line saying why, and no unit file stays")
    func systemdWithoutManager() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemctl", status: 1, error: "Failed to connect to bus: No medium found\n")
        let result = try await pipeline.run("tidings", "init", "--yes", "--timers", "systemd", "--no-test")
        #expect(result.status == 1)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("✗ timers: ") }, "\(result.stdout)")
        #expect(
            line == "✗ timers: no systemd user manager is reachable from here (systemctl --user daemon-reload: exit status 1: "
                + "Failed to connect to bus: No medium found); the unit files were removed; use --timers cron, or run tidings init in a login session"
        )
        #expect(result.stderr.contains("tidings init: error: timers: no systemd user manager is reachable from here"))
        let folder = pipeline.folder.file("xdg/systemd/user")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? true)
        let after = try await pipeline.succeed("tidings", "init", "--yes", "--no-test")
        #expect(after.contains("\n- timers: left as they are: none installed"), "\(after)")

        // Units an earlier init installed get their text back, and stay.
        try fakes.install("systemctl")
        try await pipeline.succeed("tidings", "init", "--yes", "--timers", "systemd", "--no-test")
        let before = try String(contentsOfFile: folder + "/tidings-deliver.service", encoding: .utf8)
        try fakes.install("systemctl", status: 1, error: "Failed to connect to bus: No medium found\n")
        let failing = try await pipeline.run("tidings", "init", "--yes", "--timers", "systemd", "--no-test", "--prometheus-dir", pipeline.folder.path)
        #expect(failing.stdout.contains("; the unit files were left as they were; use --timers cron"), "\(failing.stdout)")
        #expect(try String(contentsOfFile: folder + "/tidings-deliver.service", encoding: .utf8) == before)
        #expect(!(try String(contentsOfFile: folder + "/tidings-report.service", encoding: .utf8)).contains(pipeline.folder.path + "/tidings.prom"))
    }
}
