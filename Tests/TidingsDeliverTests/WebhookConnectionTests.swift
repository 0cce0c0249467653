import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// A target's connections are kept alive from one step to the next, and every answer in a
/// step still gets its own outcome.
@Suite struct WebhookConnectionTests {
    typealias F = WebhookFixture

    @Test("Three steps of 16 items at concurrency 4 reach the receiver over at most 4 connections")
    func connectionsOutliveTheStep() async throws {
        let server = try HTTPTestServer(keepAlive: .always) { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/hook", .json, concurrency: 4), environment: [:])
        for step in 0..<3 {
            let items = (0..<16).map { F.item("step-\(step)-\($0)") }
            let results = await channel.send(items.messages, now: F.now)
            #expect(results.map(\.id) == items.map(\.id))
            #expect(results.allSatisfy { $0.outcome == .delivered })
        }
        #expect(server.requests.count == 48)
        #expect(Set(server.requests.compactMap { $0.header("Idempotency-Key") }).count == 48)
        #expect(server.connections >= 1)
        #expect(server.connections <= 4)
    }

    @Test("2xx, 429, 5xx, a timeout and a redirect in one step each get their own outcome")
    func mixedStep() async throws {
        let server = try HTTPTestServer(keepAlive: .always) { request in
            switch request.header("Idempotency-Key") {
            case "busy": TestHTTPResponse(status: 429, headers: [("Retry-After", "7")])
            case "down": .text("maintenance", status: 503)
            case "slow": TestHTTPResponse(status: 200, delay: 5)
            case "moved": TestHTTPResponse(status: 302, headers: [("Location", "/elsewhere")])
            default: TestHTTPResponse(status: 204)
            }
        }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/hook", .json, timeout: 300, concurrency: 3), environment: [:])
        let ids = ["ok-1", "busy", "ok-2", "down", "slow", "moved", "ok-3"]
        let results = await channel.send(ids.map { F.item($0) }.messages, now: F.now)
        #expect(results.map(\.id) == ids)
        let outcomes = Dictionary(uniqueKeysWithValues: results.map { ($0.id, $0.outcome) })
        #expect(outcomes["ok-1"] == .delivered)
        #expect(outcomes["ok-2"] == .delivered)
        #expect(outcomes["ok-3"] == .delivered)
        #expect(outcomes["busy"] == .transient("HTTP 429 from 127.0.0.1", retryAfter: 7_000))
        #expect(outcomes["down"] == .transient("HTTP 503 from 127.0.0.1: maintenance", retryAfter: nil))
        #expect(outcomes["slow"] == .transient("timed out after 0.3 s posting to 127.0.0.1", retryAfter: nil))
        #expect(outcomes["moved"] == .failed("127.0.0.1 answered with a redirect, which webhooks do not follow: configure the final url"))
        // The redirect was not followed.
        #expect(server.requests.count == 7)
    }

    @Test("A receiver that closes kept-alive connections mid-run without saying so gets every item once")
    func receiverClosesConnections() async throws {
        let server = try HTTPTestServer(keepAlive: .closingAfter(2)) { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/hook", .json, concurrency: 3), environment: [:])
        for step in 0..<2 {
            let items = (0..<15).map { F.item("close-\(step)-\($0)") }
            let results = await channel.send(items.messages, now: F.now)
            #expect(
                results.allSatisfy { $0.outcome == .delivered }, "\(results.filter { $0.outcome != .delivered }.map { "\($0.id): \($0.outcome)" })")
        }
        let keys = server.requests.compactMap { $0.header("Idempotency-Key") }
        #expect(keys.count == 30)
        #expect(Set(keys).count == 30)
        #expect(server.connections >= 15)
    }
}
