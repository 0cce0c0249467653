import Foundation
import Testing
import TidingsTestSupport

/// Updates in place and expiry through the built programs.
@Suite struct UpdatesAndExpiryEndToEndTests {
    static func config(_ extra: String = "") -> String {
        """
        [delivery]
        grace = "2d"
        [routes]
        system = ["stdout", "inbox"]
        [[sources]]
        name = "daily"
        url = "file:today.json"
        \(extra)
        """
    }

    func report(_ pipeline: Pipeline) async throws -> JSONObject {
        try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00"))
    }

    @Test("A corrected content item after delivery goes out once more as an update: replaces, one inbox entry, counted once")
    func correctedDaily() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: Self.config(
                """
                [[webhooks]]
                name = "hook"
                url = "\(server.baseURL)/hook"
                format = "json"
                """
            ).replacingOccurrences(of: #"system = ["stdout", "inbox"]"#, with: #"system = ["stdout", "inbox", "webhook:hook"]"#))
        try pipeline.folder.write(Feed.item(id: "42", title: "Monday news", body: "Shop opens at 9"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        let first = try JSONObject.lines(try await pipeline.succeed("deliver", "--now", "2026-11-23T07:30", "--format", "json"))
        #expect(first.count == 1)
        #expect(first.first?.isNull("replaces") == true)

        // Nothing changed: planning again sends nothing.
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        #expect(try await pipeline.succeed("deliver", "--now", "2026-11-23T08:01", "--format", "json").isEmpty)

        // The publisher corrects the same item.
        try pipeline.folder.write(Feed.item(id: "42", title: "Monday news", body: "Shop opens at 10"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T09:00")
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T09:00", "-v")
        #expect(plan.stderr.contains("1 delivered to update in place"), "\(plan.stderr)")
        let update = try JSONObject.lines(try await pipeline.succeed("deliver", "--now", "2026-11-23T09:01", "--format", "json"))
        #expect(update.count == 1)
        #expect(update.first?.string("body") == "Shop opens at 10")
        #expect(update.first?.string("replaces") == "daily:2026-11-23")
        // And it is not sent a third time.
        try await pipeline.succeed("plan", "--now", "2026-11-23T09:30")
        #expect(try await pipeline.succeed("deliver", "--now", "2026-11-23T09:31").isEmpty)

        // The webhook got the first send and the update, with distinct idempotency keys.
        let requests = server.requests
        #expect(requests.compactMap { $0.header("Idempotency-Key") } == ["daily:2026-11-23", "daily:2026-11-23#1"])
        let last = try JSONObject(String(decoding: try #require(requests.last).body, as: UTF8.self))
        #expect(last.string("replaces") == "daily:2026-11-23")
        #expect(last.string("body") == "Shop opens at 10")

        // One inbox entry, with the corrected text; one delivered notification in the rates.
        let inbox = try JSONObject.lines(try await pipeline.succeed("tidings", "inbox", "--format", "json"))
        #expect(inbox.map { $0.string("body") } == ["Shop opens at 10"])
        let counts = try #require(try await report(pipeline).object("counts"))
        #expect(counts.int("delivered") == 1)
        #expect(counts.int("engageableNotifications") == 1)
    }

    @Test("Content replaced by another item is no correction: no update")
    func otherItemIsNoUpdate() async throws {
        let pipeline = try Pipeline(config: Self.config())
        try pipeline.folder.write(Feed.item(id: "1", title: "Old", body: "Yesterday's"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("deliver", "--now", "2026-11-23T07:30")
        try pipeline.folder.write(
            Feed.list(
                Feed.item(id: "1", title: "Old", body: "Yesterday's"),
                Feed.item(id: "2", title: "New", body: "Today's", scheduled: "2026-11-23T05:00:00Z")), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T09:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T09:00")
        #expect(try await pipeline.succeed("deliver", "--now", "2026-11-23T09:01").isEmpty)
    }

    @Test("Nothing goes out after its expiry, whatever the grace: the end of the day, and the content's own expiresAt")
    func expiry() async throws {
        // The daily update expires at the end of its day; grace is 2 days.
        let pipeline = try Pipeline(config: Self.config())
        try pipeline.folder.write(Feed.item(id: "1", title: "News", body: "Body"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00", "--horizon", "1h30m")
        let late = try await pipeline.run("deliver", "--now", "2026-11-24T00:30", "-v")
        #expect(late.status == 0, "\(late.stderr)")
        #expect(late.stdout.isEmpty)
        #expect(late.stderr.contains("1 expired"), "\(late.stderr)")
        let counts = try #require(try await report(pipeline).object("counts"))
        #expect(counts.int("expired") == 1)
        #expect(counts.int("delivered") == 0)

        // Content that says it expires at 09:00 is not shown after 09:00.
        let second = try Pipeline(config: Self.config())
        let expires = Int64(ISO8601DateFormatter().date(from: "2026-11-23T08:00:00Z")!.timeIntervalSince1970 * 1000)
        try second.folder.write(Feed.item(id: "1", title: "Flash sale", body: "Until nine", extra: #","expiresAt":\#(expires)"#), to: "today.json")
        try await second.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await second.succeed("plan", "--now", "2026-11-23T06:00", "--horizon", "1h30m")
        #expect(try await second.succeed("deliver", "--now", "2026-11-23T09:30").isEmpty)
        #expect(try #require(try await report(second).object("counts")).int("expired") == 1)
    }

    @Test("A webhook retry whose item expired meanwhile is not tried again")
    func retryAfterExpiry() async throws {
        let server = try HTTPTestServer { _ in .text("down", status: 503) }
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: Self.config(
                """
                [[webhooks]]
                name = "hook"
                url = "\(server.baseURL)/hook"
                format = "json"
                fallback = "none"
                """
            ).replacingOccurrences(of: #"system = ["stdout", "inbox"]"#, with: #"system = ["webhook:hook"]"#))
        try pipeline.folder.write(Feed.item(id: "1", title: "News", body: "Body"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00", "--horizon", "1h30m")
        try await pipeline.succeed("deliver", "--now", "2026-11-23T23:59")
        #expect(server.requests.count == 1)
        try await pipeline.succeed("deliver", "--now", "2026-11-24T00:30")
        #expect(server.requests.count == 1, "expired: not retried")
        let counts = try #require(try await report(pipeline).object("counts"))
        #expect(counts.int("expired") == 1)
    }
}
