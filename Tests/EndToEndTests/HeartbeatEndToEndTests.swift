import Foundation
import Synchronization
import Testing
import TidingsTestSupport

/// `[monitoring] ping_url`: the stages' runs ping a watcher on loopback in healthchecks.io's
/// and Uptime Kuma's URL schemes; a failed run says its status and error; an idle `deliver`
/// pings at most once per `idle_ping_every`; a ping that fails never fails the run.
@Suite struct HeartbeatEndToEndTests {
    /// What a watcher received: each request as `METHOD path?query`, and its body.
    final class Received: Sendable {
        let requests = Mutex<[(line: String, body: String)]>([])
    }

    /// A watcher on loopback answering every ping with `status`.
    struct Watcher {
        let received = Received()
        let server: HTTPTestServer

        init(status: Int = 200) throws {
            let received = self.received
            server = try HTTPTestServer { request in
                received.requests.withLock { $0.append(("\(request.method) \(request.path)", String(decoding: request.body, as: UTF8.self))) }
                return TestHTTPResponse(status: status)
            }
        }

        var seen: [(line: String, body: String)] { received.requests.withLock { $0 } }
        var lines: [String] { seen.map(\.line) }
        func clear() { received.requests.withLock { $0 = [] } }
    }

    @Test("healthchecks: /start then success with one run id; a failure pings its exit status with its error")
    func healthchecks() async throws {
        let watcher = try Watcher()
        defer { watcher.server.stop() }
        let pipeline = try Pipeline(config: "[monitoring]\nping_url = \"\(watcher.server.baseURL)/ping/5f3c-uuid\"\n")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        let lines = watcher.lines
        #expect(lines.count == 2, "\(lines)")
        let rid = try #require(lines.first?.components(separatedBy: "?rid=").last)
        #expect(lines == ["GET /ping/5f3c-uuid/start?rid=\(rid)", "GET /ping/5f3c-uuid?rid=\(rid)"])
        #expect(rid.count == 36)

        watcher.clear()
        let failed = try await pipeline.run("prefetch", "--db", pipeline.folder.path, "--now", "2026-11-23T06:05")
        #expect(failed.status != 0)
        let pings = watcher.seen
        #expect(pings.count == 2 && pings[1].line.hasPrefix("POST /ping/5f3c-uuid/\(failed.status)?rid="), "\(pings.map(\.line))")
        #expect(pings.last.map { !$0.body.isEmpty && failed.stderr.contains($0.body) } == true, "the error goes with the ping: \(pings)")
    }

    @Test("an idle deliver pings at most once per idle_ping_every, counted from its last ping")
    func idleDeliver() async throws {
        let watcher = try Watcher()
        defer { watcher.server.stop() }
        let pipeline = try Pipeline(
            config:
                "[daily]\nenabled = false\n[monitoring]\ndeliver_ping_url = \"\(watcher.server.baseURL)/ping/d-uuid\"\nidle_ping_every = \"10m\"\n")
        try await pipeline.succeed("deliver")
        #expect(watcher.lines.count == 1 && watcher.lines.first?.hasPrefix("GET /ping/d-uuid?rid=") == true, "\(watcher.lines)")
        try await pipeline.succeed("deliver")
        try await pipeline.succeed("deliver")
        #expect(watcher.lines.count == 1, "idle runs within 10 minutes of a ping do not ping: \(watcher.lines)")
        let stamp = pipeline.localStem + ".deliver-pinged"
        let past = Date().addingTimeInterval(-11 * 60)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: stamp)
        try await pipeline.succeed("deliver")
        #expect(watcher.lines.count == 2, "\(watcher.lines)")
        try await pipeline.succeed("prefetch")
        #expect(watcher.lines.count == 2, "a stage without a ping URL pings nothing")
    }

    @Test("Uptime Kuma: one push at the end, up or down with the program's word; the configured query is replaced")
    func uptimeKuma() async throws {
        let watcher = try Watcher()
        defer { watcher.server.stop() }
        let pipeline = try Pipeline(
            config: "[monitoring]\nplan_ping_url = \"\(watcher.server.baseURL)/api/push/Ab12Cd?status=up&msg=OK&ping=\"\n")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        let lines = watcher.lines
        #expect(lines.count == 1 && lines[0].hasPrefix("GET /api/push/Ab12Cd?status=up&msg=plan%20ok&ping="), "\(lines)")
    }

    @Test("a watcher that refuses: a warning without the URL's secret, and the run succeeds")
    func failedPing() async throws {
        let watcher = try Watcher(status: 500)
        defer { watcher.server.stop() }
        let pipeline = try Pipeline(config: "[monitoring]\nping_url = \"\(watcher.server.baseURL)/ping/secret-uuid-77\"\n")
        let result = try await pipeline.run("plan", "--now", "2026-11-23T06:00")
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: the ping to \(watcher.server.baseURL) was answered with HTTP 500"), "\(result.stderr)")
        #expect(!result.stderr.contains("secret-uuid-77"))
        #expect(watcher.lines.count == 2, "each ping is sent once, never retried: \(watcher.lines)")
    }
}
