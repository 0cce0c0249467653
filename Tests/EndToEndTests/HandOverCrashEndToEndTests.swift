import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// Hand-overs under kills: `deliver` killed with SIGKILL at random moments while it hands 200
/// items to an ntfy server ahead of their time and takes 20 cancelled ones back; then the
/// machine sleeps through their due times. Every item the user kept is shown once, at its
/// time; no cancelled one is shown; each is recorded delivered once.
@Suite(.serialized) struct HandOverCrashEndToEndTests {
    static let count = 200

    @Test("deliver killed 25 times while handing 200 items over and taking 20 back: each kept item shown once, on time, recorded once")
    func killedHandOvers() async throws {
        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        var delays = SplitMix64(state: seed)
        let server = try NtfyScheduleServer(delay: 0.005)
        defer { server.stop() }
        let pipeline = try Pipeline(zone: "UTC", config: HandOverEndToEndTests.reminders(server.baseURL, webhook: "concurrency = 4"))
        let start = TestClock.at("2026-11-22T12:00:00Z")
        let items = (0..<Self.count).map { n in
            NotificationRecord(
                id: "load:\(n)", kind: .daily, category: .system, title: "Item \(n)", body: "Body \(n)", deepLink: nil,
                dueAt: start + 1_800_000 + Int64(n) * 30_000, plannedLocal: "2026-11-22T12:30", plannedZone: "UTC", staleness: .fresh,
                contentFetchTime: start - 3_600_000, expiresAt: start + 86_400_000, now: start - 3_600_000)
        }
        try FileManager.default.createDirectory(atPath: pipeline.folder.file("state"), withIntermediateDirectories: true)
        _ = try TidingsDatabase(path: pipeline.database).applyPlan(items, now: start - 3_600_000)

        func at(_ seconds: Int) -> String { String(format: "2026-11-22T12:%02d:%02dZ", seconds / 60, seconds % 60) }
        let cancelled = (0..<20).map { "load:\($0 * 10 + 3)" }
        var kills = 0
        for round in 0..<25 {
            if round == 12 {
                for id in cancelled { _ = try await pipeline.succeed("tidings", "pending", "cancel", id, "--now", at(round * 5)) }
            }
            let result = try await pipeline.runner.run(
                "deliver", ["--now", at(round * 5)], prefix: ["timeout", "-s", "KILL", "\(Double(delays.next(in: 1...120)) / 1000)"])
            if result.status != 0 && result.status != 1 { kills += 1 }
        }
        #expect(kills >= 5, "runs were killed before they finished (seed \(seed))")
        for minute in 3..<6 {
            let result = try await pipeline.runner.run("deliver", ["--now", at(minute * 60)])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(server.scheduled.count == Self.count - cancelled.count, "seed \(seed): \(server.scheduled.count) held")

        // The machine sleeps until 16:00; the server shows everything at its time.
        server.advance(to: (start + 4 * 3_600_000) / 1000)
        let shownTitles = server.history.map(\.title)
        let kept = items.filter { !cancelled.contains($0.id) }
        #expect(shownTitles.count == kept.count && Set(shownTitles) == Set(kept.map(\.title)), "seed \(seed): \(shownTitles.count) shown")
        let due = Dictionary(uniqueKeysWithValues: items.map { ($0.title, $0.dueAt / 1000) })
        #expect(server.history.allSatisfy { due[$0.title] == $0.shownAt }, "seed \(seed): each shown at its due time")

        let woke = try await pipeline.runner.run("deliver", ["--now", "2026-11-22T16:00:00Z"])
        #expect(woke.status == 0, "\(woke.stderr)")
        let database = try TidingsDatabase(path: pipeline.database)
        #expect(try database.integrityCheck(full: true) == "ok")
        let stored = try database.notifications(ids: items.map(\.id))
        let states = Dictionary(grouping: stored.values, by: \.state).mapValues(\.count)
        #expect(states == [.delivered: kept.count, .cancelled: cancelled.count], "seed \(seed): \(states)")
        let rows = try database.lastDeliveredPlatformInfo(ids: kept.map(\.id), channel: .webhook("phone"))
        #expect(rows.count == kept.count && rows.values.allSatisfy { $0.contains("handedOverAt") }, "seed \(seed): \(rows.count) rows")
        #expect(server.history.count == kept.count, "nothing shown twice")
        let report = try await pipeline.succeed(
            "report", "--format", "json", "--by", "channel", "--since", "2026-11-22T00:00:00Z", "--until", "2026-11-23T00:00:00Z")
        let channels = try #require(try JSONObject(report)["channels"] as? [[String: Any]])
        let channel = try #require(channels.first.map(JSONObject.init(fields:)))
        #expect(channel.string("channel") == "webhook:phone" && channel.int("delivered") == kept.count, "recorded once each: \(report)")
    }
}
