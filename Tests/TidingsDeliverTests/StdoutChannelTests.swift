import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// What `deliver` prints through the stdout channel: JSON lines for scripts, text for people.
@Suite struct StdoutChannelTests {
    static let now = utc("2026-11-22T06:31:00Z")

    /// Two due items: a stale one at 07:00 Berlin time and a fresh one with a link at 07:30.
    static func fixture() throws -> DeliverFixture {
        let f = try DeliverFixture()
        try f.plan([
            DeliverFixture.item(
                "daily:2026-11-22", due: utc("2026-11-22T06:30:00Z"), deepLink: "https://example.org/today",
                fetched: utc("2026-11-22T05:00:00Z")),
            DeliverFixture.item("extra", due: utc("2026-11-22T06:00:00Z"), title: "Café \"Zeit\"", staleness: .stale),
        ])
        return f
    }

    @Test("JSON lines: one object per item, earliest first, times with Berlin's +01:00")
    func jsonLines() async throws {
        let f = try Self.fixture()
        let outcome = try await f.run(now: Self.now, channel: f.channel(.json))
        #expect(outcome.delivered == 2)
        #expect(f.output.writes == 1)
        let lines = f.output.lines
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("{\"id\":\"extra\",\"kind\":\"daily\",\"category\":\"system\","))
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["id"] as? String } == ["extra", "daily:2026-11-22"])
        #expect(objects.map { $0["scheduledAt"] as? String } == ["2026-11-22T07:00:00+01:00", "2026-11-22T07:30:00+01:00"])
        #expect(objects.map { $0["deliveredAt"] as? String } == ["2026-11-22T07:31:00+01:00", "2026-11-22T07:31:00+01:00"])
        #expect(objects.map { $0["title"] as? String } == ["Café \"Zeit\"", "Morning news"])
        #expect(objects.map { $0["body"] as? String } == ["Today's headline.", "Today's headline."])
        #expect(objects.map { $0["staleness"] as? String } == ["stale", "fresh"])
        #expect(objects.map { $0["state"] as? String } == ["delivered", "delivered"])
        #expect(objects[0]["deepLink"] is NSNull)
        #expect(objects[1]["deepLink"] as? String == "https://example.org/today")
        #expect(
            objects.allSatisfy {
                Set($0.keys) == [
                    "id", "kind", "category", "title", "body", "scheduledAt", "deliveredAt", "staleness", "deepLink", "state", "replaces",
                ]
            })
    }

    @Test(
        "JSON timestamps carry the channel zone's offset at that instant",
        arguments: [
            ("Europe/Berlin", "2026-07-01T05:30:00Z", "2026-07-01T07:30:00+02:00"),
            ("America/New_York", "2026-11-22T12:30:00Z", "2026-11-22T07:30:00-05:00"),
            ("Asia/Kolkata", "2026-11-22T02:00:00Z", "2026-11-22T07:30:00+05:30"),
            ("UTC", "2026-11-22T07:30:00Z", "2026-11-22T07:30:00+00:00"),
        ])
    func zoneOffsets(zone: String, due: String, expected: String) async throws {
        let f = try DeliverFixture()
        try f.plan([DeliverFixture.item("a", due: utc(due))])
        try await f.run(now: utc(due), channel: f.channel(.json, zone: Zone.named(zone)), zone: Zone.named(zone))
        let line = try #require(f.output.lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["scheduledAt"] as? String == expected)
        #expect(object["deliveredAt"] as? String == expected)
    }

    @Test("Text lines: local date and time, title — body, [staleness] unless fresh, <link> when any")
    func textLines() async throws {
        let f = try Self.fixture()
        try await f.run(now: Self.now, channel: f.channel(.text))
        #expect(
            f.output.lines == [
                "2026-11-22 07:00  Café \"Zeit\" — Today's headline.  [stale]",
                "2026-11-22 07:30  Morning news — Today's headline.  <https://example.org/today>",
            ])
        #expect(f.output.text.hasSuffix("\n"))
        #expect(f.output.writes == 1)
    }

    @Test("Items due together go out highest priority first, then by id")
    func priorityOrder() async throws {
        let f = try DeliverFixture()
        let due = utc("2026-11-22T06:30:00Z")
        try f.plan([
            DeliverFixture.item("b-low", due: due, title: "Low", priority: 1),
            DeliverFixture.item("a-low", due: due, title: "Low too", priority: 1),
            DeliverFixture.item("c-high", due: due, title: "High", priority: 5),
        ])
        try await f.run(now: due, channel: f.channel(.text))
        #expect(f.output.lines.map { $0.split(separator: " ")[2] } == ["High", "Low", "Low"])
        #expect(f.output.lines[1].contains("Low too"))
    }

    @Test("The channel describes itself, and an empty batch writes nothing")
    func channelInfo() async throws {
        let f = try DeliverFixture()
        let channel = f.channel(.json)
        #expect(channel.name == .stdout)
        #expect(channel.reportsEngagement == false)
        #expect(channel.platformInfo == "{\"channel\":\"stdout\",\"format\":\"json\"}")
        #expect(f.channel(.text).platformInfo == "{\"channel\":\"stdout\",\"format\":\"text\"}")
        #expect(await channel.send([], now: StdoutChannelTests.now).isEmpty)
        #expect(f.output.writes == 0)
    }

    @Test("A writer that takes nothing: every item not sent, with the writer's reason")
    func sendReportsFailure() async throws {
        let f = try DeliverFixture()
        f.output.fail(with: "standard output: broken pipe")
        let items = [DeliverFixture.item("a", due: Self.now), DeliverFixture.item("b", due: Self.now)]
        let results = await f.channel(.text).send(items.messages, now: Self.now)
        #expect(results.map(\.id) == ["a", "b"])
        #expect(results.map(\.outcome) == [.notSent("standard output: broken pipe"), .notSent("standard output: broken pipe")])
        #expect(f.output.writes == 1)
    }
}
