import Foundation
import Testing
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
        // Given 1,000 daily items, all due (a long grace keeps the old ones deliverable)
        let pipeline = try Pipeline(zone: "UTC", config: "[delivery]\ngrace = \"10000d\"\n[plan]\nmax_pending = 10000\n")
        try await pipeline.succeed("plan", "--now", "2020-01-01T00:00", "--horizon", "1000d")
        // When two deliver runs start at the same moment
        async let first = pipeline.run("deliver", "--channel", "stdout", "--now", "2023-01-01T00:00", "--format", "json")
        async let second = pipeline.run("deliver", "--channel", "stdout", "--now", "2023-01-01T00:00", "--format", "json")
        let results = try await [first, second]
        // Then every item went out once, from one run or the other
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let ids = try results.flatMap { try JSONObject.lines($0.stdout).compactMap { $0.string("id") } }
        #expect(ids.count == 1000)
        #expect(Set(ids).count == 1000)
        let report = try JSONObject(try await pipeline.succeed(
            "report", "--format", "json", "--since", "2019-12-31T00:00", "--until", "2023-01-01T00:00"))
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
