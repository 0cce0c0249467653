import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// The programs killed with SIGKILL at random moments, many times: the database stays intact,
/// nothing is lost, and stdout never shows an item twice.
@Suite(.serialized) struct CrashSafetyEndToEndTests {
    /// Random delays that a failing seed reproduces.
    typealias Delays = SplitMix64

    /// Runs `program` with `arguments`, killed with SIGKILL after `milliseconds`.
    func killed(_ pipeline: Pipeline, _ program: String, _ arguments: [String], after milliseconds: Int) async throws -> ProgramResult {
        try await pipeline.runner.run(program, arguments, prefix: ["timeout", "-s", "KILL", "\(Double(milliseconds) / 1000)"])
    }

    /// The ids of the complete JSON lines of `output` (a killed run may end mid-line).
    func ids(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
    }

    @Test("deliver killed 25 times at random moments on 3,000 due items: intact, nothing lost, never shown twice")
    func killedDeliver() async throws {
        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        var delays = Delays(state: seed)
        let pipeline = try Pipeline(zone: "UTC")
        let now = TestClock.at("2026-11-22T12:00:00Z")
        try pipeline.seedDueItems(3000, at: now, spacing: 1000)

        var shown: [String] = []
        for round in 0..<25 {
            let result = try await killed(
                pipeline, "deliver", ["--channel", "stdout", "--format", "json", "--now", "2026-11-22T12:00:00Z"],
                after: delays.next(in: 5...150))
            shown += ids(result.stdout)
            let check = try TidingsDatabase(path: pipeline.database).integrityCheck()
            #expect(check == "ok", "round \(round), seed \(seed)")
        }
        // Eleven minutes later the claims of the killed runs count as interrupted; the rest goes out.
        let last = try await pipeline.runner.run("deliver", ["--channel", "stdout", "--format", "json", "--now", "2026-11-22T12:11:00Z"])
        #expect(last.status == 0 || last.status == 1, "\(last.stderr)")
        shown += ids(last.stdout)

        #expect(Set(shown).count == shown.count, "an item was shown twice (seed \(seed))")
        let database = try TidingsDatabase(path: pipeline.database)
        #expect(try database.integrityCheck(full: true) == "ok")
        let counts = try database.reportCounts(from: now - 86_400_000, until: now + 86_400_000, engagementChannels: [])
        let delivered = counts.notificationStates["delivered", default: 0]
        let failed = counts.notificationStates["failed", default: 0]
        #expect(delivered + failed == 3000, "every item settled (seed \(seed)): \(counts.notificationStates)")
        #expect(delivered <= Set(shown).count, "everything recorded as delivered was shown")
        #expect(shown.count >= delivered)
    }

    @Test("plan and prefetch killed at random moments: intact, and the next runs finish the work")
    func killedPlanAndPrefetch() async throws {
        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        var delays = Delays(state: seed)
        let pipeline = try Pipeline(zone: "UTC", config: "[[sources]]\nname = \"daily\"\nurl = \"file:today.json\"\n")
        let feed = (0..<1000).map { Feed.item(id: "\($0)", title: "News \($0)", body: "Body \($0)", scheduled: "2026-11-22T05:00:00Z") }
        try pipeline.folder.write(#"{"version":1,"items":[\#(feed.joined(separator: ","))]}"#, to: "today.json")
        for round in 0..<10 {
            _ = try await killed(pipeline, "prefetch", ["--now", "2026-11-22T06:00"], after: delays.next(in: 1...40))
            _ = try await killed(pipeline, "plan", ["--now", "2026-11-22T06:00", "--horizon", "2000d"], after: delays.next(in: 5...200))
            #expect(try TidingsDatabase(path: pipeline.database).integrityCheck() == "ok", "round \(round), seed \(seed)")
        }
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "2000d")
        let database = try TidingsDatabase(path: pipeline.database)
        #expect(try database.integrityCheck(full: true) == "ok")
        #expect(try database.cachedContent().count == 1000, "the cache holds the whole feed or nothing of it")
        #expect(try database.openNotifications().count == 2000, "one daily update per day of the horizon (seed \(seed))")
    }
}
