import Foundation
import Testing
import TidingsTestSupport

/// Nag until seen through the built programs: a reminder added with `--nag 5m` is shown again
/// every five minutes, replacing itself on ntfy (the same sequence id) and on the desktop
/// (real dunst under Xvfb), until `tidings inbox read`; at most `--nag-times` times; a snooze
/// pauses it; the report counts it once.
@Suite(.serialized) struct NagEndToEndTests {
    static func config(_ url: String, extra: String = "") -> String {
        """
        [delivery]
        grace = "1d"

        [desktop]
        deadline = "10s"
        expire = "1d"

        [[webhooks]]
        name = "phone"
        url = "\(url)/pills"
        format = "ntfy"
        \(extra)
        """
    }

    /// Adds the reminder at 08:00 (Europe/Berlin) with `options`, and returns its id.
    func add(_ pipeline: Pipeline, _ options: [String]) async throws -> String {
        let added = try await pipeline.runner.run(
            "tidings", ["add", "Take the pills", "--at", "2026-11-23T08:00", "--now", "2026-11-23T07:00"] + options)
        #expect(added.status == 0, "\(added.stderr)")
        return added.stdout.trimmingCharacters(in: .newlines)
    }

    func deliver(_ pipeline: Pipeline, at time: String) async throws -> String {
        let run = try await pipeline.run("deliver", "--now", "2026-11-23T\(time)", "-v")
        #expect(run.status == 0, "\(run.stderr)")
        return run.stderr
    }

    func count(_ session: DesktopSession, _ what: String) async throws -> String {
        try await session.dunstctl(["count", what]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("--nag 5m repeats every 5 minutes until tidings inbox read, replacing itself on ntfy and on the desktop; the report counts it once")
    func nagUntilRead() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        var pipeline = try Pipeline(config: Self.config(server.baseURL))
        pipeline.runner.environment.merge(session.environment) { $1 }
        let id = try await add(
            pipeline, ["--nag", "5m", "--nag-times", "5", "--channel", "desktop", "--channel", "inbox", "--channel", "webhook:phone"])

        // Given: the reminder went out at 08:00 on the three channels.
        let first = try await deliver(pipeline, at: "08:00")
        #expect(first.contains("3 delivered"), "\(first)")
        #expect(try await count(session, "displayed") == "1")
        _ = try await deliver(pipeline, at: "08:04")
        #expect(server.requests.count == 1, "nothing before five minutes")

        // When: five and ten minutes later it is not read yet.
        let repeat1 = try await deliver(pipeline, at: "08:05")
        #expect(repeat1.contains("0 delivered") && repeat1.contains("2 repeated (nag until seen)"), "\(repeat1)")
        #expect(try await count(session, "displayed") == "1", "the popup is replaced, not piled up")
        let repeat2 = try await deliver(pipeline, at: "08:10")
        #expect(repeat2.contains("2 repeated"), "\(repeat2)")
        #expect(try await count(session, "displayed") == "1")
        #expect(try await count(session, "waiting") == "0")
        #expect(try await count(session, "history") == "0", "no copy was closed: each repeat replaced the popup")

        // Then: read in the inbox, it stops.
        try await pipeline.succeed("tidings", "inbox", "read", id, "--now", "2026-11-23T08:12")
        _ = try await deliver(pipeline, at: "08:15")
        _ = try await deliver(pipeline, at: "08:20")

        let posts = server.requests
        try #require(posts.count == 3, "\(posts.map { $0.header("Idempotency-Key") ?? "-" })")
        let sequence = try #require(posts[0].header("X-Sequence-ID"))
        #expect(posts.map { $0.header("X-Sequence-ID") } == [sequence, sequence, sequence], "each repeat replaces the message on the phone")
        #expect(posts.map { $0.header("Idempotency-Key") } == [id, "\(id)!1", "\(id)!2"])
        #expect(posts.allSatisfy { String(decoding: $0.body, as: UTF8.self).contains("Take the pills") || $0.header("Title") != nil })

        // The report counts it once: one delivered notification, read, a 100 % rate.
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--by", "channel", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00",
                "--now", "2026-11-23T09:00"))
        let counts = try #require(report.object("counts"))
        #expect(counts.int("delivered") == 1)
        #expect(counts.int("engageableNotifications") == 1)
        #expect(counts.int("tapped") == 1)
        #expect(counts.int("nagRepeats") == 4, "two repeats on the desktop and two on the phone")
        #expect(report.double("engagementRate") == 1.0)
        let channels = try #require(report["channels"] as? [[String: Any]])
        #expect(channels.map { $0["delivered"] as? Int } == [1, 1, 1], "\(channels)")
    }

    @Test("It repeats at most --nag-times times, then stops by itself")
    func atMostTimes() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        let id = try await add(pipeline, ["--nag", "5m", "--nag-times", "2", "--channel", "webhook:phone"])
        for time in ["08:00", "08:05", "08:10", "08:15", "08:20", "08:25"] { _ = try await deliver(pipeline, at: time) }
        #expect(server.requests.map { $0.header("Idempotency-Key") } == [id, "\(id)!1", "\(id)!2"])
        // Nothing waits any more: the next run is idle.
        let idle = try await deliver(pipeline, at: "09:00")
        #expect(!idle.contains("repeated"), "\(idle)")
    }

    @Test("tidings inbox snooze pauses it; when the snooze ends it comes back and nags again")
    func snoozePauses() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        let id = try await add(pipeline, ["--nag", "5m", "--channel", "inbox", "--channel", "webhook:phone"])
        _ = try await deliver(pipeline, at: "08:00")
        try await pipeline.succeed("tidings", "inbox", "snooze", id, "30m", "--now", "2026-11-23T08:02")
        for time in ["08:05", "08:10", "08:15", "08:25"] { _ = try await deliver(pipeline, at: time) }
        #expect(server.requests.count == 1, "paused while snoozed")
        _ = try await deliver(pipeline, at: "08:32")
        _ = try await deliver(pipeline, at: "08:37")
        #expect(server.requests.map { $0.header("Idempotency-Key") } == [id, "\(id)#1", "\(id)#1!1"])
    }

    @Test("A repeat due in quiet hours waits for their end; [nag] makes a category nag, and bad values are refused")
    func quietHoursAndConfig() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let extra = """

            [quiet_hours]
            enabled = true
            start = "08:03"
            end = "08:30"

            [nag]
            system = "5m"
            times = 2
            """
        let pipeline = try Pipeline(config: Self.config(server.baseURL, extra: extra))
        let id = try await add(pipeline, ["--channel", "webhook:phone"])
        for time in ["08:00", "08:05", "08:10", "08:29"] { _ = try await deliver(pipeline, at: time) }
        #expect(server.requests.count == 1, "the repeat waits in quiet hours")
        _ = try await deliver(pipeline, at: "08:30")
        _ = try await deliver(pipeline, at: "08:35")
        _ = try await deliver(pipeline, at: "08:40")
        #expect(server.requests.map { $0.header("Idempotency-Key") } == [id, "\(id)!1", "\(id)!2"])

        let broken = try Pipeline(config: "[nag]\nsystem = \"10s\"\n")
        let refused = try await broken.run("deliver", "--now", "2026-11-23T08:00")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("nag.system") && refused.stderr.contains("between 1m and 1d"), "\(refused.stderr)")
        let wrongTimes = try await pipeline.run("tidings", "add", "x", "--in", "5m", "--nag", "5m", "--nag-times", "0")
        #expect(wrongTimes.status == 64)
        #expect(wrongTimes.stderr.contains("--nag-times: must be between 1 and 20, found 0"), "\(wrongTimes.stderr)")
    }
}
