import Foundation
import Synchronization
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
        // The claims of the killed runs are resumed at once: the next run sends the rest.
        let last = try await pipeline.runner.run("deliver", ["--channel", "stdout", "--format", "json", "--now", "2026-11-22T12:01:00Z"])
        #expect(last.status == 0 || last.status == 1, "\(last.stderr)")
        shown += ids(last.stdout)

        #expect(Set(shown).count == shown.count, "an item was shown twice (seed \(seed))")
        let database = try TidingsDatabase(path: pipeline.database)
        #expect(try database.integrityCheck(full: true) == "ok")
        let counts = try database.reportCounts(from: now - 86_400_000, until: now + 86_400_000, engagementChannels: [])
        let delivered = counts.notificationStates[.delivered, default: 0]
        let failed = counts.notificationStates[.failed, default: 0]
        #expect(delivered + failed == 3000, "every item settled (seed \(seed)): \(counts.notificationStates)")
        #expect(delivered <= Set(shown).count, "everything recorded as delivered was shown")
        #expect(shown.count >= delivered)
        // Only the lines in flight when a run was killed are lost: one step (64) per kill at most.
        #expect(failed <= 25 * 64, "seed \(seed): \(failed) failed")
        let reasons = try database.notifications(ids: (0..<3000).map { "load:\($0)" }).values.filter { $0.state == .failed }.compactMap(\.stateReason)
        #expect(reasons.allSatisfy { $0.hasPrefix("interrupted:") }, "seed \(seed)")
    }

    @Test(
        "deliver killed 40 times, in first runs and retry runs, over 300 items to a flaky webhook and the inbox: nothing lost, one key per item, one inbox entry each"
    )
    func killedDeliverToWebhookAndInbox() async throws {
        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        var delays = Delays(state: seed)
        // The receiver answers 503 to the first request of every third item, 200 otherwise,
        // after 20 ms: a run then takes long enough for the kills to land, release build or not.
        let attempts = Mutex([String: Int]())
        let server = try HTTPTestServer { request in
            let key = request.header("Idempotency-Key") ?? ""
            let attempt = attempts.withLock { counts in
                counts[key, default: 0] += 1
                return counts[key, default: 0]
            }
            let number = Int(key.split(separator: ":").last ?? "") ?? 0
            return attempt == 1 && number % 3 == 0 ? .text("busy", status: 503) : TestHTTPResponse(status: 200, delay: 0.02)
        }
        defer { server.stop() }
        let pipeline = try Pipeline(
            zone: "UTC",
            config: """
                [routes]
                system = ["webhook:hook", "inbox"]
                [[webhooks]]
                name = "hook"
                url = "\(server.baseURL)/hook"
                format = "json"
                timeout = "2s"
                max_attempts = 8
                """)
        let now = TestClock.at("2026-11-22T12:00:00Z")
        try pipeline.seedDueItems(300, at: now, spacing: 1000)

        // Twenty seconds apart, so that the retries of the first runs come due while runs are still killed.
        func at(_ seconds: Int) -> String {
            String(format: "2026-11-22T12:%02d:%02dZ", seconds / 60, seconds % 60)
        }
        var kills = 0
        for round in 0..<40 {
            let result = try await killed(pipeline, "deliver", ["--now", at(round * 20)], after: delays.next(in: 1...150))
            if result.status != 0 && result.status != 1 { kills += 1 }
            #expect(try TidingsDatabase(path: pipeline.database).integrityCheck() == "ok", "round \(round), seed \(seed)")
        }
        #expect(kills >= 5, "runs were killed before they finished (seed \(seed))")
        for round in 0..<12 {
            let result = try await pipeline.runner.run("deliver", ["--now", at(800 + round * 120)])
            #expect(result.status == 0, "\(result.stderr)")
        }

        // Every item reached the receiver, always under its own key, and got a 2xx.
        let requests = server.requests
        let ids = (0..<300).map { "load:\($0)" }
        let keys = Set(requests.compactMap { $0.header("Idempotency-Key") })
        #expect(keys == Set(ids), "seed \(seed): \(Set(ids).subtracting(keys).sorted().prefix(5)) never sent")
        for request in requests {
            let body = try JSONObject(String(decoding: request.body, as: UTF8.self))
            #expect(body.string("id") == request.header("Idempotency-Key"), "one key per item (seed \(seed))")
        }
        let counts = attempts.withLock { $0 }
        let answered = ids.filter { id in
            let flaky = (Int(id.split(separator: ":").last ?? "") ?? 0) % 3 == 0
            return counts[id, default: 0] >= (flaky ? 2 : 1)
        }
        #expect(answered.count == 300, "seed \(seed): \(Set(ids).subtracting(answered).sorted().prefix(5)) never got a 2xx")

        let database = try TidingsDatabase(path: pipeline.database)
        #expect(try database.integrityCheck(full: true) == "ok")
        let stored = try database.notifications(ids: ids)
        let states = Dictionary(grouping: stored.values, by: \.state).mapValues(\.count)
        #expect(states == [.delivered: 300], "seed \(seed): \(states)")
        let inbox = try await pipeline.runner.run("tidings", ["inbox", "--format", "json", "--all", "--limit", "10000"])
        let entries = inbox.lines.compactMap { line in try? JSONObject(line).string("id") }
        #expect(entries.count == 300 && Set(entries).count == 300, "seed \(seed): \(entries.count) inbox entries, \(Set(entries).count) distinct")
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
