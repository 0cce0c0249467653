import Foundation
import Testing
import TidingsTestSupport

/// `tidings purge` through the built program.
@Suite(.sqliteFileOnly) struct PurgeEndToEndTests {
    @Test("purge asks first (no terminal, no --yes: nothing deleted), deletes every file with --yes, keeps the config, refuses while deliver runs")
    func purge() async throws {
        var pipeline = try Pipeline(config: "[routes]\nsystem = [\"inbox\"]\n")
        // No timers installed: a crontab without the block, no units.
        let fakes = try FakePrograms(in: pipeline.folder)
        try fakes.install("crontab", stateful: true)
        pipeline.runner.environment["PATH"] = fakes.path
        pipeline.runner.environment["XDG_CONFIG_HOME"] = pipeline.folder.file("xdg")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T06:05")  // nothing due: the heartbeat
        let files = ["", "-wal", "-shm", ".reserve", ".deliver-alive", ".plan.lock", ".deliver.lock"].map { pipeline.database + $0 }
        for file in files { #expect(FileManager.default.fileExists(atPath: file), "\(file)") }

        let unconfirmed = try await pipeline.run("tidings", "purge")
        #expect(unconfirmed.status == 1)
        #expect(unconfirmed.stderr.contains("not deleting without confirmation"))
        #expect(FileManager.default.fileExists(atPath: pipeline.database))

        // While deliver holds its lock, nothing goes.
        let held = open(pipeline.database + ".deliver.lock", O_RDWR | O_CLOEXEC)
        #expect(flock(held, LOCK_EX) == 0)
        let busy = try await pipeline.run("tidings", "purge", "--yes")
        #expect(busy.status == 1)
        #expect(busy.stderr.contains("deliver is running"))
        #expect(FileManager.default.fileExists(atPath: pipeline.database))
        close(held)

        let purged = try await pipeline.run("tidings", "purge", "--yes")
        #expect(purged.status == 0, "\(purged.stderr)")
        for file in files { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
        #expect(purged.stdout.contains("Deleted \(pipeline.database)\n"))
        #expect(FileManager.default.fileExists(atPath: pipeline.config), "the config is the user's")
        let kept = "Kept your config file \(pipeline.config) (delete it by hand to remove it)\n"
        #expect(purged.stdout.hasSuffix("\n" + kept), "\(purged.stdout)")
        #expect(try await pipeline.succeed("tidings", "purge", "--yes") == "Nothing to delete.\n" + kept)

        // Timers that init installed stay, and purge says how to remove them.
        try fakes.setCrontab("# BEGIN Tidings (installed by tidings init; replaced when it runs again)\n* * * * *  deliver\n# END Tidings\n")
        let timers = try await pipeline.succeed("tidings", "purge", "--yes")
        #expect(
            timers.contains(
                "Kept the timers (crontab lines installed): their next run starts a new database; tidings init --timers none removes them\n"),
            "\(timers)")
        #expect(fakes.calls("crontab").allSatisfy { $0 == ["-l"] }, "purge only reads the crontab")
    }
}
