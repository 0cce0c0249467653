import Foundation
import Testing
import TidingsTestSupport

/// Routing to the inbox, and `tidings inbox` through the built programs.
@Suite struct InboxEndToEndTests {
    /// Three days of daily updates routed to the inbox only, each delivered on its day.
    func filledInbox() async throws -> Pipeline {
        let pipeline = try Pipeline(config: "[routes]\nsystem = [\"inbox\"]\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "3d")
        for day in 22...24 { try await pipeline.succeed("deliver", "--now", "2026-11-\(day)T07:30") }
        return pipeline
    }

    @Test("Items routed to the inbox are listed newest first, counted, read, dismissed and cleared")
    func lifecycle() async throws {
        let pipeline = try await filledInbox()
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "3\n")
        let listed = try JSONObject.lines(try await pipeline.succeed("tidings", "inbox", "--format", "json"))
        #expect(listed.compactMap { $0.string("id") }.count == 3)
        #expect(listed.allSatisfy { $0.isNull("engagement") })

        try await pipeline.succeed("tidings", "inbox", "read", "daily:2026-11-22", "--no-open", "--now", "2026-11-25T08:00")
        try await pipeline.succeed("tidings", "inbox", "dismiss", "daily:2026-11-23", "--now", "2026-11-25T08:00")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
        let all = try JSONObject.lines(try await pipeline.succeed("tidings", "inbox", "--all", "--format", "json"))
        let engagement = Dictionary(uniqueKeysWithValues: all.map { ($0.string("id") ?? "", $0.string("engagement") ?? "unread") })
        #expect(engagement == ["daily:2026-11-22": "TAPPED", "daily:2026-11-23": "DISMISSED", "daily:2026-11-24": "unread"])

        // Engagement is now measurable: one tap of three inbox deliveries.
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-26T00:00"))
        #expect(report.double("engagementRate") == 1.0 / 3.0)

        let again = try await pipeline.run("tidings", "inbox", "read", "daily:2026-11-22", "--no-open")
        #expect(again.status == 1)
        #expect(again.stderr.contains("no unread inbox item \"daily:2026-11-22\""))

        try await pipeline.succeed("tidings", "inbox", "clear")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n")
    }

    @Test("waybar gets its JSON: the unread count as text, a tooltip, a class")
    func waybar() async throws {
        let pipeline = try await filledInbox()
        let badge = try JSONObject(try await pipeline.succeed("tidings", "inbox", "--format", "waybar"))
        #expect(badge.string("text") == "3")
        #expect(badge.string("class") == "unread")
        #expect(badge.string("tooltip")?.hasPrefix("3 unread\n• ") == true)
        try await pipeline.succeed("tidings", "inbox", "clear")
        let empty = try JSONObject(try await pipeline.succeed("tidings", "inbox", "--format", "waybar"))
        #expect(empty.string("text") == "")
        #expect(empty.string("class") == "empty")
    }

    @Test("A category routed nowhere is cancelled with the reason; a channel turned off is skipped")
    func routedNowhere() async throws {
        let pipeline = try Pipeline(config: "[routes]\nsystem = [\"stdout\", \"inbox\"]\n[channels]\ninbox = false\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let printed = try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30", "--format", "json")
        #expect(try JSONObject.lines(printed).count == 1)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n")

        let off = try Pipeline(config: "[routes]\nsystem = []\n")
        try await off.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await off.succeed("deliver", "--now", "2026-11-22T07:30")
        let log = try await off.succeed("tidings", "log", "--stage", "deliver")
        #expect(log.contains("1 routed nowhere"))
    }
}
