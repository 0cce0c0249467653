import Foundation
import Testing
import TidingsTestSupport

/// Shared options, defaults, config errors and exit codes of the built programs.
@Suite struct OptionsEndToEndTests {
    @Test("No config file at all: built-in defaults with the bundled sample content, XDG places")
    func builtInDefaults() async throws {
        let home = try TemporaryDirectory()
        let runner = ProgramRunner(environment: [
            "TZ": "Europe/Berlin", "XDG_CONFIG_HOME": home.file("config"), "XDG_STATE_HOME": home.file("state"),
            "XDG_CACHE_HOME": home.file("cache"),
        ])
        for program in ["prefetch", "plan"] {
            let result = try await runner.run(program, ["--now", "2026-11-22T06:00"])
            #expect(result.status == 0, "\(program): \(result.stderr)")
        }
        let result = try await runner.run("deliver", ["--channel", "stdout", "--now", "2026-11-22T07:30", "--format", "json"])
        #expect(result.status == 0)
        let line = try JSONObject(try #require(result.lines.first))
        #expect(line.string("title") == "Good morning from Tidings")
        #expect(line.string("staleness") == "fresh")

        // The database is private: file 0600 in a 0700 folder.
        let database = home.file("state/tidings/tidings.sqlite")
        let fileMode = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: home.file("state/tidings"))[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
    }

    @Test("Environment variables stand for the flags: TIDINGS_NOW")
    func environmentNow() async throws {
        let pipeline = try Pipeline()
        let result = try await pipeline.runner.run(
            "plan", ["--dry-run", "--format", "json", "--horizon", "1d"], extra: ["TIDINGS_NOW": "2026-11-22T06:00"])
        #expect(result.status == 0)
        #expect(try JSONObject.array(result.stdout).first?.string("id") == "daily:2026-11-22")
    }

    @Test(
        "Usage errors exit 64 with one line on stderr",
        arguments: [
            ("plan", ["--now", "yesterday"], "--now"),
            ("plan", ["--horizon", "soon"], "--horizon"),
            ("deliver", ["--channel", "pigeon"], "unknown channel"),
            ("report", ["--format", "xml"], "--format"),
            ("report", ["--warn", "0.5", "--crit", "0.9"], "--crit"),
            ("tidings", ["log", "--limit", "0"], "--limit"),
            ("tidings", ["log", "--all", "--stage", "report"], "--all"),
            ("tidings", ["init", "--prometheus-dir", ""], "--prometheus-dir"),
        ])
    func usageErrors(program: String, arguments: [String], mentions: String) async throws {
        let pipeline = try Pipeline()
        let result = try await pipeline.runner.run(program, arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(mentions))
        #expect(result.stdout.isEmpty)
    }

    @Test("A config error names file, line and key, exits 64 and changes nothing in the database (a file with no last good version)")
    func configError() async throws {
        var pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        let before = try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--dry-run", "--format", "json")

        let broken = try pipeline.folder.write("[daily]\ntime = \"7.30\"\n", to: "broken.toml")
        pipeline.runner.environment["TIDINGS_CONFIG"] = broken
        for program in ["prefetch", "plan", "deliver", "report"] {
            let result = try await pipeline.runner.run(program, ["--now", "2026-11-22T07:30"])
            #expect(result.status == 64)
            #expect(
                result.stderr == "\(program): error: config \(broken): line 2: daily.time: expected a time as HH:MM (24-hour clock), found \"7.30\"\n"
            )
        }
        pipeline.runner.environment["TIDINGS_CONFIG"] = pipeline.config
        let after = try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--dry-run", "--format", "json")
        #expect(after == before)
        let missing = try await pipeline.runner.run("plan", ["--config", pipeline.folder.file("nope.toml")])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("nope.toml: no such file"))
    }

    @Test("Every program explains itself in --help")
    func help() async throws {
        let pipeline = try Pipeline()
        for program in ["prefetch", "plan", "deliver", "report", "tidings"] {
            let result = try await pipeline.runner.run(program, ["--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("OVERVIEW:"))
            if program != "tidings" {
                for flag in ["--db", "--config", "--now"] { #expect(result.stdout.contains(flag), "\(program) --help lacks \(flag)") }
            }
        }
    }
}
