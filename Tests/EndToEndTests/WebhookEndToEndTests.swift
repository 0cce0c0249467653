import Foundation
import Synchronization
import Testing
import TidingsTestSupport

/// deliver to a webhook on a real HTTP server: retries across runs, permanent failures.
@Suite struct WebhookEndToEndTests {
    func pipeline(_ server: HTTPTestServer, maxAttempts: Int = 5, fallback: String = "none") throws -> Pipeline {
        try Pipeline(
            config: """
                [routes]
                system = ["webhook:hook"]
                [[webhooks]]
                name = "hook"
                url = "\(server.baseURL)/hook"
                format = "json"
                timeout = "500ms"
                max_attempts = \(maxAttempts)
                fallback = "\(fallback)"
                """)
    }

    @Test("A 500, then a timeout the receiver did process, then 200: three runs, one Idempotency-Key, delivered once")
    func retriedUntilDelivered() async throws {
        let count = Mutex(0)
        let server = try HTTPTestServer { _ in
            let n = count.withLock { value in
                value += 1
                return value
            }
            switch n {
            case 1: return .text("busy", status: 500)
            case 2: return TestHTTPResponse(status: 200, delay: 1.5)  // processed, but too late to say so
            default: return TestHTTPResponse(status: 200)
            }
        }
        defer { server.stop() }
        let pipeline = try pipeline(server)
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")

        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30:10")  // the retry waits 24–36 s
        #expect(server.requests.count == 1)
        try await pipeline.succeed("deliver", "--now", "2026-11-22T08:30")
        #expect(server.requests.count == 2)
        try await pipeline.succeed("deliver", "--now", "2026-11-22T09:30")
        #expect(server.requests.count == 3)
        try await pipeline.succeed("deliver", "--now", "2026-11-22T10:30")
        #expect(server.requests.count == 3, "delivered: no more attempts")

        let keys = Set(server.requests.compactMap { $0.header("Idempotency-Key") })
        #expect(keys == ["daily:2026-11-22"])
        let body = try JSONObject(String(decoding: try #require(server.requests.last).body, as: UTF8.self))
        #expect(body.string("id") == "daily:2026-11-22")
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1)
        let log = try await pipeline.succeed("tidings", "log", "--stage", "deliver", "--limit", "1")
        #expect(log.contains("1 delivered"))
    }

    @Test("A 400 fails at once: exit 1, the reason recorded, never retried")
    func permanentFailure() async throws {
        let server = try HTTPTestServer { _ in .text("bad request: unknown topic", status: 400) }
        defer { server.stop() }
        let pipeline = try pipeline(server)
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let result = try await pipeline.run("deliver", "--now", "2026-11-22T07:30")
        #expect(result.status == 1)
        #expect(result.stderr.contains("HTTP 400 from 127.0.0.1"))
        try await pipeline.succeed("deliver", "--now", "2026-11-22T09:00")
        #expect(server.requests.count == 1)
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        #expect(report.object("counts")?.int("failed") == 1)
    }

    @Test("After max_attempts transient failures the item fails with the last reason")
    func givesUp() async throws {
        let server = try HTTPTestServer { _ in .text("down", status: 503) }
        defer { server.stop() }
        let pipeline = try pipeline(server, maxAttempts: 2)
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        let last = try await pipeline.run("deliver", "--now", "2026-11-22T09:00")
        #expect(last.status == 1)
        #expect(last.stderr.contains("gave up after 2 attempts"))
        #expect(server.requests.count == 2)
    }

    @Test("A webhook item that finally fails goes to the inbox: failed on the webhook, delivered on the inbox")
    func fallsBackToInbox() async throws {
        let server = try HTTPTestServer { _ in .text("bad request: unknown topic", status: 400) }
        defer { server.stop() }
        let pipeline = try pipeline(server, fallback: "inbox")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let result = try await pipeline.run("deliver", "--now", "2026-11-22T07:30")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.count == 1)
        let inbox = try JSONObject.lines(try await pipeline.succeed("tidings", "inbox", "--format", "json"))
        #expect(inbox.map { $0.string("id") } == ["daily:2026-11-22"])
        let log = try await pipeline.succeed("tidings", "log", "--stage", "deliver", "--limit", "1")
        #expect(log.contains("1 delivered, 1 failed"), "\(log)")
        #expect(log.contains("HTTP 400"))
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1)
        #expect(report.object("counts")?.int("failed") == 0)
    }

    @Test("Retries that run out fall back too, in the run that gives up")
    func givesUpToInbox() async throws {
        let server = try HTTPTestServer { _ in .text("down", status: 503) }
        defer { server.stop() }
        let pipeline = try pipeline(server, maxAttempts: 2, fallback: "inbox")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n", "not yet: a retry waits")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T09:00")
        #expect(server.requests.count == 2)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
    }

    @Test("Two ways to the inbox in one run (the desktop unavailable, the webhook failing) make one inbox entry")
    func oneInboxEntry() async throws {
        let server = try HTTPTestServer { _ in .text("bad request", status: 400) }
        defer { server.stop() }
        var pipeline = try Pipeline(
            config: """
                [routes]
                system = ["desktop", "webhook:hook"]
                [[webhooks]]
                name = "hook"
                url = "\(server.baseURL)/hook"
                format = "json"
                """)
        pipeline.runner.environment["XDG_RUNTIME_DIR"] = pipeline.folder.file("no-runtime-dir")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
    }

    @Test("A webhook falling back to an unavailable desktop: the item still reaches the inbox")
    func fallbackToUnavailableDesktop() async throws {
        let server = try HTTPTestServer { _ in .text("bad request", status: 400) }
        defer { server.stop() }
        var pipeline = try pipeline(server, fallback: "desktop")
        pipeline.runner.environment["XDG_RUNTIME_DIR"] = pipeline.folder.file("no-runtime-dir")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let result = try await pipeline.run("deliver", "--now", "2026-11-22T07:30")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
    }

    @Test("A content item's data object is in the json format's body, and in no other format's")
    func contentData() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: """
                [[sources]]
                name = "daily"
                url = "file:today.json"
                [routes]
                system = ["webhook:hook", "webhook:chat"]
                [[webhooks]]
                name = "hook"
                url = "\(server.baseURL)/hook"
                format = "json"
                [[webhooks]]
                name = "chat"
                url = "\(server.baseURL)/chat"
                format = "discord"
                """)
        try pipeline.folder.write(
            #"{"id":"1","title":"News","body":"B","scheduledTime":1767225600000,"data":{"room":"!abc:example.org","n":3}}"#, to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        let json = try #require(server.requests.first { $0.path == "/hook" })
        let body = try JSONObject(String(decoding: json.body, as: UTF8.self))
        #expect(body.string("title") == "News")
        #expect(body.object("data")?.string("room") == "!abc:example.org")
        #expect(body.object("data")?.int("n") == 3)
        let chat = try #require(server.requests.first { $0.path == "/chat?wait=true" })
        #expect(try JSONObject(String(decoding: chat.body, as: UTF8.self))["data"] == nil)
    }
}
