import Foundation
import Testing
import TidingsTestSupport

/// tidings init from an installed tree: PREFIX/bin holds links to the built programs,
/// PREFIX/share/tidings the template, the sample content and the units. What it writes names
/// PREFIX/bin, never the files the links lead to.
@Suite(.serialized) struct InitInstallEndToEndTests {
    static let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path

    /// An install under a temporary PREFIX and the runner of its programs, with stand-ins
    /// for crontab and systemctl first on PATH, then PREFIX/bin.
    struct Install {
        let folder: TemporaryDirectory
        let prefix: String
        let fakes: FakePrograms
        let runner: ProgramRunner

        init() throws {
            folder = try TemporaryDirectory()
            prefix = folder.file("prefix")
            let built = ProgramRunner(environment: [:]).binaries
            let manager = FileManager.default
            try manager.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
            try manager.createDirectory(atPath: prefix + "/share", withIntermediateDirectories: true)
            for program in ["prefetch", "plan", "deliver", "report", "tidings"] {
                try manager.createSymbolicLink(atPath: prefix + "/bin/" + program, withDestinationPath: built + "/" + program)
            }
            try manager.copyItem(atPath: InitInstallEndToEndTests.sourceTree + "/config", toPath: prefix + "/share/tidings")
            fakes = try FakePrograms(in: folder)
            runner = ProgramRunner(
                binaries: prefix + "/bin",
                environment: [
                    "TZ": "Europe/Berlin", "HOME": folder.file("home"), "XDG_CONFIG_HOME": folder.file("xdg"),
                    "TIDINGS_DB": folder.file("state/tidings.sqlite"), "PATH": "\(fakes.folder):\(prefix)/bin:/usr/local/bin:/usr/bin:/bin",
                    "LANG": "C.UTF-8",
                ])
        }

        /// The config init creates.
        var config: String { folder.file("xdg/tidings/config.toml") }
    }

    @Test("linked programs: the template and the sample content come from PREFIX/share, the crontab names PREFIX/bin")
    func linkedPrograms() async throws {
        let install = try Install()
        try install.fakes.install("crontab", stateful: true)
        let result = try await install.runner.run("tidings", ["init", "--yes", "--timers", "cron", "--no-test", "--now", "2026-11-23T05:00"])
        // No desktop session on this machine while the template turns the desktop on: a
        // state, not a failure; its items go to the inbox.
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(
            result.stdout.contains("\n- desktop: no desktop session on this machine (no session bus): its items go to the inbox; "),
            "\(result.stdout)")
        #expect(!result.stdout.contains("✗"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ config: created \(install.config) from the template"), "\(result.stdout)")
        let text = try String(contentsOfFile: install.config, encoding: .utf8)
        #expect(text.contains("url = \"file://\(install.prefix)/share/tidings/sample-content.json\""))
        let crontab = try #require(install.fakes.crontab())
        #expect(crontab.contains(" \(install.prefix)/bin/deliver --db "), "\(crontab)")
        #expect(crontab.contains(" \(install.prefix)/bin/report --db "))
        #expect(!crontab.contains(ProgramRunner(environment: [:]).binaries))
        // The first run went through the links too, and read the sample content.
        #expect(result.stdout.contains("✓ prefetch: 1 source: 1 ok"), "\(result.stdout)")
        #expect(result.stdout.contains("\nnext: daily update today 07:30; daily update tomorrow 07:30\n"), "\(result.stdout)")
    }

    @Test("a bare name found on PATH is the path the units name")
    func foundOnPath() async throws {
        let install = try Install()
        try install.fakes.install("systemctl")
        // sh execs `tidings` by name: argv[0] is "tidings", found on PATH.
        let result = try await install.runner.run(
            "tidings", ["init", "--yes", "--timers", "systemd", "--no-test"], prefix: ["sh", "-c", "cd / && exec tidings \"$@\""])
        #expect(result.stdout.contains("✓ timers: systemd user units written"), "\(result.stdout)\n\(result.stderr)")
        let service = try String(contentsOfFile: install.folder.file("xdg/systemd/user/tidings-deliver.service"), encoding: .utf8)
        #expect(service.contains(" \(install.prefix)/bin/deliver --db "), "\(service)")
    }

    @Test("no template anywhere: the config step fails naming where it looked, and no daily time is claimed")
    func noTemplate() async throws {
        let install = try Install()
        try FileManager.default.removeItem(atPath: install.prefix + "/share/tidings/tidings.toml")
        // Outside the source tree: a copy of the programs, so no config/ folder is near them.
        let copies = install.folder.file("copies")
        try FileManager.default.createDirectory(atPath: copies, withIntermediateDirectories: true)
        for program in ["prefetch", "plan", "deliver", "report", "tidings"] {
            try FileManager.default.copyItem(atPath: ProgramRunner(environment: [:]).path(program), toPath: copies + "/" + program)
            try FileManager.default.removeItem(atPath: install.prefix + "/bin/" + program)
            try FileManager.default.createSymbolicLink(atPath: install.prefix + "/bin/" + program, withDestinationPath: copies + "/" + program)
        }
        let result = try await install.runner.run("tidings", ["init", "--yes", "--no-test", "--daily-time", "06:18"])
        #expect(result.status == 1)
        let looked = "looked in $TIDINGS_SHARE (not set), \(install.prefix)/share/tidings, \(install.folder.file("share/tidings"))"
        #expect(result.stdout.contains("✗ config: cannot find the config template tidings.toml (\(looked)"), "\(result.stdout)")
        #expect(result.stdout.contains("/usr/share/tidings): set TIDINGS_SHARE to the folder that holds it"))
        #expect(!result.stdout.contains("✓ daily update"))
        #expect(result.stdout.contains("- daily update: not set: there is no config file at \(install.config)"))
        #expect(result.stdout.contains("- first run: skipped"))
        #expect(!FileManager.default.fileExists(atPath: install.config))
    }

    @Test("--prometheus-dir: the hourly report writes its textfile there, in the crontab and in the unit, also after init runs again without it")
    func prometheusFolder() async throws {
        let install = try Install()
        try install.fakes.install("crontab", stateful: true)
        try install.fakes.install("systemctl")
        let textfiles = install.folder.file("node exporter")
        try FileManager.default.createDirectory(atPath: textfiles, withIntermediateDirectories: true)
        let cron = try await install.runner.run("tidings", ["init", "--yes", "--timers", "cron", "--no-test", "--prometheus-dir", textfiles])
        #expect(cron.stdout.contains("✓ timers: crontab lines installed"), "\(cron.stdout)")
        #expect(
            install.fakes.crontab()?.contains("--format prometheus --output '\(textfiles)/tidings.prom' 2>>") == true,
            "\(install.fakes.crontab() ?? "")")

        _ = try await install.runner.run("tidings", ["init", "--yes", "--timers", "systemd", "--no-test", "--prometheus-dir", textfiles])
        let unit = try String(contentsOfFile: install.folder.file("xdg/systemd/user/tidings-report.service"), encoding: .utf8)
        #expect(unit.contains("--format prometheus --output \"\(textfiles)/tidings.prom\"\n"), "\(unit)")

        // Running init again without the option keeps the folder, and says so.
        let again = try await install.runner.run("tidings", ["init", "--yes", "--timers", "cron", "--no-test"])
        #expect(again.stdout.contains("the Prometheus textfile stays in \(textfiles)"), "\(again.stdout)")
        #expect(install.fakes.crontab()?.contains("--output '\(textfiles)/tidings.prom' 2>>") == true, "\(install.fakes.crontab() ?? "")")
        _ = try await install.runner.run("tidings", ["init", "--yes", "--timers", "systemd", "--no-test"])
        #expect(try String(contentsOfFile: install.folder.file("xdg/systemd/user/tidings-report.service"), encoding: .utf8) == unit)

        // A remembered folder that is gone: the textfile goes beside the database again, and init says so.
        try FileManager.default.removeItem(atPath: textfiles)
        let gone = try await install.runner.run("tidings", ["init", "--yes", "--timers", "cron", "--no-test"])
        #expect(gone.stdout.contains("the Prometheus folder \(textfiles) of the installed timers is gone"), "\(gone.stdout)")
        #expect(install.fakes.crontab()?.contains("/tidings.prom 2>>") == true && install.fakes.crontab()?.contains(textfiles) == false)

        // A folder that is not there: nothing is installed, and the step says how to make it.
        let before = install.fakes.crontab()
        let missing = try await install.runner.run(
            "tidings", ["init", "--yes", "--timers", "cron", "--no-test", "--prometheus-dir", install.folder.file("none")])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("✗ timers: --prometheus-dir \(install.folder.file("none")): no such folder"), "\(missing.stdout)")
        #expect(install.fakes.crontab() == before)
    }
}
