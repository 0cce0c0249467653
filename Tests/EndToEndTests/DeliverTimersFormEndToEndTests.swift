import Foundation
import Testing
import TidingsTestSupport

/// `deliver` as the timers start it, with `--db` and `--config` only: such a run asks whether
/// anything is due before the argument parser, and must do all the parsed run does.
@Suite("deliver as the timers start it: --db and --config only")
struct DeliverTimersFormEndToEndTests {
    @Test("idle, then due, then a broken config, then the lock held: each run does what the parsed run does")
    func timersForm() async throws {
        let pipeline = try Pipeline(config: "[routes]\nsystem = [\"stdout\"]\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let heartbeat = pipeline.localStem + ".deliver-alive"
        let timers = ["--db", pipeline.database, "--config", pipeline.config]
        func deliver(at now: String) async throws -> ProgramResult {
            try await pipeline.runner.run("deliver", timers, extra: ["TIDINGS_NOW": now])
        }

        // Nothing due at 06:30 (the daily update is due at 07:30): nothing said, the heartbeat set.
        let idle = try await deliver(at: "2026-11-22T06:30")
        #expect(idle.status == 0)
        #expect(idle.stdout.isEmpty && idle.stderr.isEmpty, "\(idle.stderr)")
        var info = stat()
        #expect(stat(heartbeat, &info) == 0)
        #expect(Int64(info.st_mtim.tv_sec) == 1_795_325_400, "06:30 Berlin: the run's clock")

        // Due at 07:30: sent, and once.
        let due = try await deliver(at: "2026-11-22T07:30")
        #expect(due.status == 0, "\(due.stderr)")
        #expect(!due.stdout.isEmpty)
        let after = try await deliver(at: "2026-11-22T07:31")
        #expect(after.status == 0 && after.stdout.isEmpty && after.stderr.isEmpty, "\(after.stdout)\(after.stderr)")

        // A broken config: the last good one is used, the warning said once, the person told.
        try pipeline.folder.write("[routes]\nsystem = [\"stdout\"]\n[routes]\n", to: "config.toml")
        let broken = try await deliver(at: "2026-11-22T07:32")
        #expect(broken.status == 0, "\(broken.stderr)")
        #expect(broken.stderr.components(separatedBy: "going on with its last good version").count == 2, "\(broken.stderr)")
        #expect(broken.stdout.contains("Your Tidings config has an error"), "\(broken.stdout)")

        // The lock held by another run: this one says so and ends.
        try pipeline.folder.write("[routes]\nsystem = [\"stdout\"]\n", to: "config.toml")
        let held = open(pipeline.localStem + ".deliver.lock", O_RDWR | O_CLOEXEC)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let busy = try await deliver(at: "2026-11-22T07:33")
        #expect(busy.status == 0)
        #expect(busy.stderr.contains("another deliver run is still running"), "\(busy.stderr)")
    }
}
