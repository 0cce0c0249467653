import Foundation
import Synchronization
import Testing
import TidingsTestSupport

/// prefetch against a real HTTP server on 127.0.0.1, through the built programs.
@Suite struct PrefetchEndToEndTests {
    @Test("200 with ETag, then 304, 500, a timeout and invalid JSON: each recorded, the cache kept")
    func scriptedServer() async throws {
        // Given a server that answers five requests in turn
        let count = Mutex(0)
        let server = try HTTPTestServer { request in
            let n = count.withLock { value in
                value += 1
                return value
            }
            switch n {
            case 1: return .text(Feed.item(id: "a", title: "Morning", body: "First edition"), headers: [("ETag", "\"v1\"")])
            case 2 where request.header("If-None-Match") == "\"v1\"": return TestHTTPResponse(status: 304)
            case 2: return .text("expected If-None-Match", status: 400)
            case 3: return .text("oops", status: 500)
            case 4: return TestHTTPResponse(status: 200, body: Array("{}".utf8), delay: 3)
            default: return .text("{\"id\": \"b\", \"title\": ")
            }
        }
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: """
                [[sources]]
                name = "today"
                url = "\(server.baseURL)/today.json"
                timeout = "1s"
                """)

        // When prefetch runs five times, then plan
        for hour in 1...5 {
            let result = try await pipeline.run("prefetch", "--now", "2026-11-22T0\(hour):00")
            #expect(result.status == 0, "prefetch run \(hour): \(result.stderr)")
            if hour >= 3 { #expect(result.stderr.contains("prefetch: warning: source today:")) }
        }
        #expect(server.requests.count == 5)
        #expect(server.requests.first?.header("User-Agent")?.hasPrefix("Tidings/") == true)

        // Then every attempt is a row with its outcome
        let log = try JSONObject.lines(try await pipeline.succeed("tidings", "log", "--stage", "prefetch", "--format", "json"))
        #expect(
            log.map { $0.string("summary") ?? "" } == [
                "1 source: 1 invalid", "1 source: 1 timeout", "1 source: 1 http_status", "1 source: 1 not_modified", "1 source: 1 ok",
            ])
        let report = try JSONObject(try await pipeline.succeed("report", "--format", "json", "--now", "2026-11-22T06:00"))
        #expect(report.double("fetchSuccessRate") == 0.4)
        #expect(report.object("counts")?.int("fetchAttempts") == 5)
        #expect(report.object("counts")?.int("fetch_invalid") == 1)
        #expect(report.object("counts")?.int("fetch_timeout") == 1)

        // And the last-known-good survived the failures: planned as stale, not emergency
        let schedule = try JSONObject.array(
            try await pipeline.succeed(
                "plan", "--now", "2026-11-22T06:00", "--horizon", "1d", "--dry-run", "--format", "json"))
        let first = try #require(schedule.first)
        #expect(first.string("title") == "Morning")
        // Fetched at 01:00, confirmed by the 304 at 02:00; due 07:30: 5h30m old, within stale_after (12h).
        #expect(first.string("staleness") == "fresh")
    }

    @Test("A file: source next to the config, relative path")
    func fileSource() async throws {
        let pipeline = try Pipeline(
            config: """
                [[sources]]
                name = "local"
                url = "file:today.json"
                """)
        try pipeline.folder.write(Feed.item(id: "x", title: "From a file", body: "Local"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        let schedule = try JSONObject.array(
            try await pipeline.succeed(
                "plan", "--now", "2026-11-22T06:00", "--horizon", "1d", "--format", "json"))
        #expect(schedule.first?.string("title") == "From a file")
    }

    @Test("A source over http: to another host is a config error, exit 64, naming file and key")
    func refusedSource() async throws {
        let pipeline = try Pipeline(
            config: """
                [[sources]]
                name = "remote"
                url = "http://example.org/today.json"
                """)
        let result = try await pipeline.run("prefetch")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("prefetch: error: config \(pipeline.config): line 3: sources[0].url: http: is only allowed"))
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: pipeline.database))
    }
}
