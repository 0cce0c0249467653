import Foundation
import Testing
import TidingsTestSupport

/// tidings init as a script runs it: --yes or no terminal, the timers installed with
/// stand-in crontab and systemctl programs, the config written.
@Suite(.serialized) struct InitEndToEndTests {
    static let config = "# mine\n[daily]\ntime = \"07:30\"   # the update\n[channels]\ndesktop = false\n"

    func pipeline() throws -> (Pipeline, FakePrograms) {
        var pipeline = try Pipeline(config: Self.config)
        let fakes = try FakePrograms(in: pipeline.folder)
        pipeline.runner.environment["PATH"] = fakes.path
        pipeline.runner.environment["XDG_CONFIG_HOME"] = pipeline.folder.file("xdg")
        // The zone and language of the terminal init runs in, which the timers carry over.
        pipeline.runner.environment["TZ"] = "Europe/Berlin"
        pipeline.runner.environment["LANG"] = "de_DE.UTF-8"
        for name in ["LC_ALL", "LC_MESSAGES", "LC_TIME"] { pipeline.runner.environment[name] = nil }
        return (pipeline, fakes)
    }

    /// What runs before each program: the terminal's zone and language.
    static let carried = "/usr/bin/env TZ=Europe/Berlin LANG=de_DE.UTF-8"

    @Test("--timers cron adds the block to the crontab, keeps the user's lines, and a second run writes nothing")
    func cron() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("crontab", stateful: true)
        let mine = "MAILTO=me@example.org\n0 3 * * * /usr/bin/backup\n"
        try fakes.setCrontab(mine)
        let first = try await pipeline.run("tidings", "init", "--yes", "--timers", "cron", "--daily-time", "08:15", "--no-test")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("✓ timers: crontab lines installed"), "\(first.stdout)")
        #expect(first.stdout.contains("Persistent=true"))
        let crontab = try #require(fakes.crontab())
        #expect(crontab.hasPrefix(mine + "\n# BEGIN Tidings"))
        let flags = "--db \(pipeline.database) --config \(pipeline.config)"
        #expect(
            crontab.contains(
                "* * * * *  \(Self.carried) \(pipeline.runner.path("deliver")) \(flags) >>\((pipeline.localStem as NSString).deletingLastPathComponent)/deliver.log 2>&1\n"
            ))
        #expect(crontab.contains("\(Self.carried) \(pipeline.runner.path("plan")) \(flags) --if-changed >>"))
        #expect(crontab.hasSuffix("# END Tidings\n"))
        // The daily time was written into the config, its comment kept.
        #expect(try String(contentsOfFile: pipeline.config, encoding: .utf8) == Self.config.replacingOccurrences(of: "07:30", with: "08:15"))

        let second = try await pipeline.run("tidings", "init", "--yes", "--timers", "cron", "--daily-time", "08:15", "--no-test")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("✓ timers: crontab lines already installed"))
        #expect(second.stdout.contains("left as it is"))
        #expect(fakes.calls("crontab") == [["-l"], ["-"], ["-l"]])
        #expect(fakes.crontab() == crontab)
    }

    @Test("--timers systemd writes the units with absolute paths, reloads and enables the timers; then changes nothing")
    func systemd() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("systemctl")
        let first = try await pipeline.run("tidings", "init", "--timers", "systemd", "--no-test")
        #expect(first.status == 0, "\(first.stderr)")
        let folder = pipeline.folder.file("xdg/systemd/user")
        let service = try String(contentsOfFile: folder + "/tidings-deliver.service", encoding: .utf8)
        #expect(
            service.contains("ExecStart=\(Self.carried) \(pipeline.runner.path("deliver")) --db \(pipeline.database) --config \(pipeline.config)\n"))
        let prefetch = try String(contentsOfFile: folder + "/tidings-prefetch.service", encoding: .utf8)
        #expect(prefetch.contains("ExecStartPost=\(Self.carried) \(pipeline.runner.path("plan")) --db "))
        #expect(!prefetch.contains("%h/.local/bin"))
        let timer = try String(contentsOfFile: folder + "/tidings-deliver.timer", encoding: .utf8)
        #expect(timer.contains("OnCalendar=*:0/15"))
        #expect(timer.contains("Persistent=true"))
        #expect(
            fakes.calls("systemctl") == [
                ["--user", "daemon-reload"],
                ["--user", "enable", "--now", "tidings-prefetch.timer", "tidings-deliver.timer", "tidings-report.timer"],
            ])

        // What systemctl enable leaves behind; then a second run has nothing to do.
        try FileManager.default.createDirectory(atPath: folder + "/timers.target.wants", withIntermediateDirectories: true)
        for name in ["tidings-prefetch.timer", "tidings-deliver.timer", "tidings-report.timer"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/timers.target.wants/" + name, withDestinationPath: folder + "/" + name)
        }
        let second = try await pipeline.run("tidings", "init", "--timers", "systemd", "--no-test")
        #expect(second.status == 0)
        #expect(second.stdout.contains("✓ timers: systemd user timers already installed"))
        #expect(fakes.calls("systemctl").count == 2)
        #expect(try await pipeline.run("tidings", "doctor").stdout.contains("✓ scheduling       systemd user timers"))
    }

    @Test("without a terminal and without --timers nothing is installed, and init says what is; a failing crontab is a failed step, exit 1")
    func noTimersAndFailures() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("crontab", status: 1, error: "crontab: cannot connect to cron\n")
        let quiet = try await pipeline.run("tidings", "init", "--no-test")
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(
            quiet.stdout.contains(
                "- timers: left as they are: none installed (the crontab could not be read: crontab -l: exit status 1: crontab: cannot connect to cron)\n"
            ),
            "\(quiet.stdout)")
        #expect(fakes.calls("crontab") == [["-l"]], "only read")

        let failing = try await pipeline.run("tidings", "init", "--yes", "--timers", "cron", "--no-test")
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("✗ timers: crontab -l: exit status 1: crontab: cannot connect to cron"))
        #expect(failing.stderr.contains("tidings init: error: timers: crontab -l"))
    }

    @Test("a missing config is created from the template with the daily time; plan reads it")
    func createsConfig() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        let runner = ProgramRunner(environment: [
            "TZ": "Europe/Berlin", "TIDINGS_DB": folder.file("state/tidings.sqlite"), "XDG_CONFIG_HOME": folder.file("xdg"), "PATH": fakes.path,
        ])
        try fakes.install("crontab", stateful: true)
        let result = try await runner.run("tidings", ["init", "--yes", "--daily-time", "06:45", "--no-test", "--timers", "cron"])
        // No desktop session on this machine while the template turns the desktop on: a state,
        // said with `-`, and every step is done.
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("\n- desktop: no desktop session on this machine"), "\(result.stdout)")
        #expect(!result.stderr.contains("tidings init: error"), "\(result.stderr)")
        let file = folder.file("xdg/tidings/config.toml")
        #expect(result.stdout.contains("✓ config: created \(file) from the template with daily.time = \"06:45\""), "\(result.stdout)")
        // A config may hold webhook secrets: readable by its owner alone.
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        // cron has no XDG_CONFIG_HOME: the lines name the config just created, at its default place.
        #expect(
            fakes.crontab()?.contains("/deliver --db \(folder.file("state/tidings.sqlite")) --config \(file) >>") == true, "\(fakes.crontab() ?? "")")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("time = \"06:45\"          # local wall time"))
        #expect(text.contains("url = \"file:///"))
        let plan = try await runner.run("plan", ["--dry-run", "--now", "2026-11-22T05:00", "--horizon", "1d"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("06:45"), "\(plan.stdout)")
    }

    @Test("a symlinked config (a dotfile manager's) stays a link to the edited file, which keeps its mode 0600")
    func symlinkedConfig() async throws {
        let (pipeline, _) = try pipeline()
        let target = try pipeline.folder.write(Self.config, to: "dotfiles-tidings.toml")
        chmod(target, 0o600)
        let link = pipeline.folder.file("linked.toml")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try await pipeline.runner.run(
            "tidings", ["init", "--yes", "--daily-time", "08:15", "--no-test"], extra: ["TIDINGS_CONFIG": link])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("time = \"08:15\""))
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o600)
    }

    @Test("--config naming a file that is not there yet: init creates it (other programs refuse it)")
    func newExplicitConfig() async throws {
        let (pipeline, _) = try pipeline()
        let file = pipeline.folder.file("new/NEW.toml")
        let result = try await pipeline.runner.run("tidings", ["init", "--yes", "--config", file, "--daily-time", "06:45", "--no-test"])
        #expect(result.status != 64, "\(result.stderr)")
        #expect(result.stdout.contains("✓ config: created \(file) from the template with daily.time = \"06:45\""), "\(result.stdout)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("time = \"06:45\""))
        #expect(try await pipeline.runner.run("plan", ["--config", pipeline.folder.file("other.toml")]).status == 64)
    }

    @Test("no template to be found: the config step fails naming TIDINGS_SHARE, and no empty file is written")
    func noTemplate() async throws {
        let folder = try TemporaryDirectory()
        // A copy of tidings far from any share/ or config/ folder.
        let bin = folder.file("a/b/c/bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ProgramRunner(environment: [:]).path("tidings"), toPath: bin + "/tidings")
        let runner = ProgramRunner(
            binaries: bin,
            environment: [
                "TZ": "Europe/Berlin", "TIDINGS_DB": folder.file("state/tidings.sqlite"), "XDG_CONFIG_HOME": folder.file("xdg"),
            ])
        let result = try await runner.run("tidings", ["init", "--yes", "--no-test"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✗ config: cannot find the config template tidings.toml"), "\(result.stdout)")
        #expect(result.stderr.contains("set TIDINGS_SHARE to the folder that holds it"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("xdg/tidings/config.toml")))
    }

    @Test("in a terminal it asks for the daily time, the timers and the test, and does what the answers say")
    func interactive() async throws {
        let (pipeline, fakes) = try pipeline()
        try fakes.install("crontab", stateful: true)
        let answers = try pipeline.folder.write("09:10\ncron\nn\n", to: "answers")
        // script(1) gives tidings a terminal; the answers come from the file.
        let result = try await pipeline.run("tidings", prefix: ["sh", "-c", "exec script -qec \"$0 init\" /dev/null < '\(answers)'"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("Daily update time (HH:MM) [07:30]:"))
        #expect(result.stdout.contains("Install timers: cron, systemd or none [cron]:"))
        #expect(result.stdout.contains("Send a test notification now? (y/n) [y]:"))
        #expect(!result.stdout.contains("test notification:"))
        #expect(try String(contentsOfFile: pipeline.config, encoding: .utf8).contains("time = \"09:10\"   # the update"))
        #expect(fakes.crontab()?.contains("# BEGIN Tidings") == true)
    }

    @Test("bad flags are usage errors", arguments: [["--daily-time", "25:00"], ["--timers", "launchd"]])
    func usage(arguments: [String]) async throws {
        let (pipeline, _) = try pipeline()
        let result = try await pipeline.runner.run("tidings", ["init", "--yes"] + arguments)
        #expect(result.status == 64)
    }
}
