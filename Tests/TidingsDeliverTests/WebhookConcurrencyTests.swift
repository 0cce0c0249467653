import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Requests in flight stay within the target's concurrency, and a batch runs in parallel.
@Suite struct WebhookConcurrencyTests {
    typealias F = WebhookFixture

    @Test("20 items at concurrency 4: all delivered, several but at most 4 in flight")
    func boundedParallelism() async throws {
        let inFlight = WebhookInFlight()
        let server = try HTTPTestServer { _ in
            inFlight.hold(untilSeen: 2)
            return TestHTTPResponse(status: 200)
        }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/hook", .json, concurrency: 4), environment: [:])
        let items = (1...20).map { F.item("item-\($0)") }

        let results = await channel.send(items.messages, now: F.now)

        #expect(results.map(\.id) == items.map(\.id))
        #expect(results.allSatisfy { $0.outcome == .delivered })
        #expect(server.requests.count == 20)
        #expect(inFlight.most <= 4)
        // The first request is held until a second one comes: only workers in parallel send it.
        // (Throughput is measured by scripts/bench, not by a timed test.)
        #expect(inFlight.most >= 2)
    }

    @Test("Concurrency 1 sends one request at a time")
    func serial() async throws {
        let inFlight = WebhookInFlight()
        let server = try HTTPTestServer { _ in
            inFlight.hold(0.01)
            return TestHTTPResponse(status: 200)
        }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .ntfy, concurrency: 1), environment: [:])
        let results = await channel.send((1...5).map { F.item("item-\($0)") }.messages, now: F.now)
        #expect(results.count == 5)
        #expect(results.allSatisfy { $0.outcome == .delivered })
        #expect(inFlight.most == 1)
    }

    @Test("Mixed answers in one batch each get their own outcome")
    func mixedOutcomes() async throws {
        let server = try HTTPTestServer { request in
            switch request.header("Idempotency-Key") {
            case "ok": TestHTTPResponse(status: 201)
            case "busy": TestHTTPResponse(status: 429, headers: [("Retry-After", "7")])
            default: TestHTTPResponse.text("nope", status: 404)
            }
        }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .json, concurrency: 2), environment: [:])
        let results = await channel.send([F.item("ok"), F.item("busy"), F.item("gone")].messages, now: F.now)
        #expect(
            results.map(\.outcome) == [
                .delivered, .transient("HTTP 429 from 127.0.0.1", retryAfter: 7_000), .failed("HTTP 404 from 127.0.0.1: nope"),
            ])
    }
}
