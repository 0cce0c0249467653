import Foundation
import Testing
import TidingsTestSupport

/// A letter with 50,000 combining marks (100 KB, one character) through every way text comes
/// in: what is stored and what is printed stay small, in bytes.
@Suite struct TextBoundEndToEndTests {
    /// `letter` and 50,000 combining acute accents: 100,001 bytes, one character.
    static func flood(_ letter: String) -> String { letter + String(repeating: "\u{0301}", count: 50_000) }

    /// The pending items as JSON objects.
    static func pending(_ pipeline: Pipeline, at now: String) async throws -> [JSONObject] {
        try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", now))
    }

    /// Checks that `item` and `printed` are bounded, and that the marks were cut, not refused.
    static func expectBounded(_ item: JSONObject?, printed: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let title = item?.string("title") ?? ""
        let body = item?.string("body") ?? ""
        #expect(title.utf8.count <= 512 && body.utf8.count <= 2048, sourceLocation: sourceLocation)
        #expect(title.contains("\u{0301}\u{0301}\u{0301}\u{0301}"), "four marks kept: \(title)", sourceLocation: sourceLocation)
        #expect(!title.contains("\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}"), sourceLocation: sourceLocation)
        #expect(!printed.isEmpty && printed.utf8.count < 1_000, "\(printed.utf8.count) bytes printed", sourceLocation: sourceLocation)
    }

    @Test("tidings add: a flooded title and body are stored and printed with four marks a letter")
    func add() async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed(
            "tidings", "add", Self.flood("T") + "ea", "--body", Self.flood("b") + "ody", "--in", "10m", "--channel", "stdout",
            "--now", "2026-11-23T10:00")
        let item = try await Self.pending(pipeline, at: "2026-11-23T10:01").first { $0.string("kind") == "reminder" }
        #expect(item?.string("title") == "T\u{0301}\u{0301}\u{0301}\u{0301}ea")
        #expect(item?.string("body") == "b\u{0301}\u{0301}\u{0301}\u{0301}ody")
        let printed = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T10:10")
        Self.expectBounded(item, printed: printed)
        #expect(printed.contains("T\u{0301}\u{0301}\u{0301}\u{0301}ea"), "\(printed)")
    }

    @Test("tidings pending update: a flooded title is cut the same way")
    func update() async throws {
        let pipeline = try Pipeline()
        let id = try await pipeline.succeed("tidings", "add", "Tea", "--in", "10m", "--channel", "stdout", "--now", "2026-11-23T10:00")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try await pipeline.succeed("tidings", "pending", "update", id, "--title", Self.flood("C") + "offee", "--now", "2026-11-23T10:01")
        let item = try await Self.pending(pipeline, at: "2026-11-23T10:02").first { $0.string("id") == id }
        #expect(item?.string("title") == "C\u{0301}\u{0301}\u{0301}\u{0301}offee")
    }

    @Test("a feed: a flooded title and body are cut, stored and printed small")
    func feed() async throws {
        let item: [String: Any] = [
            "id": "1", "title": Self.flood("N") + "ews", "body": Self.flood("B") + "ody", "scheduledTime": 1_795_000_000_000,
        ]
        let feed = String(decoding: try JSONSerialization.data(withJSONObject: ["version": 1, "items": [item]]), as: UTF8.self)
        #expect(feed.utf8.count > 200_000)
        let pipeline = try Pipeline(config: "[[sources]]\nname = \"daily\"\nurl = \"file:today.json\"\n")
        try pipeline.folder.write(feed, to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let stored = try await Self.pending(pipeline, at: "2026-11-22T06:01").first { $0.string("kind") == "daily" }
        #expect(stored?.string("title") == "N\u{0301}\u{0301}\u{0301}\u{0301}ews")
        let printed = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:30")
        Self.expectBounded(stored, printed: printed)
    }

    @Test("a calendar: a flooded meeting title and location are cut, stored and printed small")
    func calendar() async throws {
        let event = CalendarEndToEndTests.standup
            .replacingOccurrences(of: "SUMMARY:Client review", with: "SUMMARY:" + Self.flood("R") + "eview")
        let pipeline = try Pipeline(config: CalendarEndToEndTests.config)
        try pipeline.folder.write(CalendarEndToEndTests.calendar([event]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        let stored = try await Self.pending(pipeline, at: "2026-11-23T08:01").first { $0.string("kind") == "meeting" }
        #expect(stored?.string("title")?.hasPrefix("R\u{0301}\u{0301}\u{0301}\u{0301}eview") == true, "\(String(describing: stored?.fields))")
        let printed = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T08:50")
        Self.expectBounded(stored, printed: printed)
    }
}
