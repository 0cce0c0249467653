import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// deliver, through the built programs: JSON lines, grace, overlapping runs, no network.
@Suite struct DeliverEndToEndTests {
    static let feedConfig = """
        [[sources]]
        name = "daily"
        url = "file:today.json"
        """

    @Test("plan then deliver: the JSON line carries every field, once")
    func jsonLine() async throws {
        let pipeline = try Pipeline(config: Self.feedConfig)
        try pipeline.folder.write(
            Feed.item(id: "n1", title: "Rain at noon", body: "Take an umbrella", extra: #","deepLink":"https://example.org/weather""#),
            to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")

        let early = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:29", "--format", "json")
        #expect(early.isEmpty, "nothing is due before 07:30")

        let output = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:31", "--format", "json")
        let lines = try JSONObject.lines(output)
        try #require(lines.count == 1)
        let line = lines[0]
        #expect(line.string("id") == "daily:2026-11-22")
        #expect(line.string("kind") == "daily")
        #expect(line.string("category") == "system")
        #expect(line.string("title") == "Rain at noon")
        #expect(line.string("body") == "Take an umbrella")
        #expect(line.string("scheduledAt") == "2026-11-22T07:30:00+01:00")
        #expect(line.string("deliveredAt") == "2026-11-22T07:31:00+01:00")
        #expect(line.string("staleness") == "fresh")
        #expect(line.string("deepLink") == "https://example.org/weather")

        let again = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:32", "--format", "json")
        #expect(again.isEmpty, "a delivered item is not sent twice")
    }

    @Test("Items due longer ago than grace become missed and are not sent")
    func grace() async throws {
        let pipeline = try Pipeline(config: "[delivery]\ngrace = \"30m\"\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        let output = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T08:01", "--format", "json")
        #expect(output.isEmpty)
        let report = try JSONObject(try await pipeline.succeed("report", "--format", "json", "--now", "2026-11-22T09:00"))
        #expect(report.object("counts")?.int("missed") == 1)
        #expect(report.double("deliveryRate") == 0)
        let log = try await pipeline.succeed("tidings", "log", "--stage", "deliver")
        #expect(log.contains("0 delivered, 0 failed, 1 missed"))
    }

    @Test("Two deliver runs at once on 1,000 due items: each delivered exactly once")
    func overlappingRuns() async throws {
        // Given 1,000 items, all due within the last hour and not expired
        let pipeline = try Pipeline(zone: "UTC")
        let now = TestClock.at("2026-11-22T12:00:00Z")
        let items = (0..<1000).map { n in
            NotificationRecord(
                id: "load:\(n)", kind: .daily, category: .system, title: "Item \(n)", body: "Body", deepLink: nil,
                dueAt: now - Int64(n) * 3_000, plannedLocal: "2026-11-22T12:00", plannedZone: "UTC", staleness: .fresh,
                contentFetchTime: now - 3_600_000, expiresAt: now + 3_600_000, now: now - 3_600_000)
        }
        try FileManager.default.createDirectory(atPath: pipeline.folder.file("state"), withIntermediateDirectories: true)
        _ = try TidingsDatabase(path: pipeline.database).applyPlan(items, now: now - 3_600_000)
        // When two deliver runs start at the same moment
        async let first = pipeline.run("deliver", "--channel", "stdout", "--now", "2026-11-22T12:00:00Z", "--format", "json")
        async let second = pipeline.run("deliver", "--channel", "stdout", "--now", "2026-11-22T12:00:00Z", "--format", "json")
        let results = try await [first, second]
        // Then every item went out once, from one run or the other
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let ids = try results.flatMap { try JSONObject.lines($0.stdout).compactMap { $0.string("id") } }
        #expect(ids.count == 1000)
        #expect(Set(ids).count == 1000)
        let report = try JSONObject(try await pipeline.succeed(
            "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1000)
    }

    @Test("Offline at display time: deliver in a network namespace with no network still delivers")
    func offline() async throws {
        let pipeline = try Pipeline(config: Self.feedConfig)
        try pipeline.folder.write(Feed.item(id: "o", title: "Cached", body: "Shown offline"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        // The namespace has no interface but a loopback that is down: no network at all.
        let probe = try await pipeline.run("deliver", "--help", prefix: ["unshare", "-n"])
        try #require(probe.status == 0, "unshare -n must work here (run as root): \(probe.stderr)")
        let result = try await pipeline.run("deliver", "--channel", "stdout", "--now", "2026-11-22T07:30", "--format", "json", prefix: ["unshare", "-n"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONObject.lines(result.stdout).map { $0.string("title") } == ["Cached"])
    }
}
