import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// How statuses, Retry-After, timeouts and network errors become outcomes.
@Suite struct WebhookOutcomeTests {
    typealias F = WebhookFixture

    static func channel(_ server: HTTPTestServer, timeout: Int64 = 5_000) -> WebhookChannel {
        WebhookChannel(target: F.target(server.baseURL + "/hook", .json, timeout: timeout), environment: [:])
    }

    @Test("500 is transient without a wait")
    func serverError() async throws {
        let server = try F.server(status: 500, body: "boom")
        defer { server.stop() }
        let result = try await F.sendOne(Self.channel(server))
        #expect(result.outcome == .transient("HTTP 500 from 127.0.0.1: boom", retryAfter: nil))
    }

    @Test("429 with Retry-After: 120 waits 120 000 ms")
    func tooManyRequests() async throws {
        let server = try F.server(status: 429, headers: [("Retry-After", "120")])
        defer { server.stop() }
        let result = try await F.sendOne(Self.channel(server))
        #expect(result.outcome == .transient("HTTP 429 from 127.0.0.1", retryAfter: 120_000))
    }

    @Test("503 with Retry-After as an HTTP date waits until that date, measured from now")
    func retryAfterDate() async throws {
        let server = try F.server(status: 503, headers: [("Retry-After", "Sun, 22 Nov 2026 06:35:05 GMT")])
        defer { server.stop() }
        let result = try await F.sendOne(Self.channel(server))
        #expect(result.outcome == .transient("HTTP 503 from 127.0.0.1", retryAfter: 300_000))
    }

    @Test("400 fails with the status, host and the start of the body on one line")
    func badRequest() async throws {
        let long = String(repeating: "x", count: 300)
        let server = try F.server(status: 400, body: "invalid\r\n  payload: \(long)")
        defer { server.stop() }
        let result = try await F.sendOne(Self.channel(server))
        let reason = "HTTP 400 from 127.0.0.1: " + String("invalid payload: \(long)".prefix(200))
        #expect(result.outcome == .failed(reason))
    }

    @Test("A redirect is not followed and fails")
    func redirect() async throws {
        let server = try F.server(status: 302, headers: [("Location", "/elsewhere")])
        defer { server.stop() }
        let result = try await F.sendOne(Self.channel(server))
        guard case .failed(let reason) = result.outcome else {
            Issue.record("expected failed, got \(result.outcome)")
            return
        }
        #expect(reason.contains("redirect"))
        #expect(server.requests.count == 1)
    }

    @Test("An answer slower than the timeout is transient")
    func timeout() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200, delay: 2) }
        defer { server.stop() }
        // The server answers after 2 s; a 200 ms timeout turns that into a transient failure.
        let result = try await F.sendOne(Self.channel(server, timeout: 200))
        guard case .transient(let reason, let wait) = result.outcome else {
            Issue.record("expected transient, got \(result.outcome)")
            return
        }
        #expect(wait == nil)
        #expect(reason.contains("timed out"))
        #expect(reason.contains("posting to 127.0.0.1"))
        #expect(!reason.contains("/hook"))
    }

    @Test("A refused connection is transient; refused URLs fail")
    func networkAndRefused() async throws {
        let closed = try F.server()
        let url = closed.baseURL
        closed.stop()
        let down = WebhookChannel(target: F.target(url + "/hook", .json), environment: [:])
        let result = try await F.sendOne(down)
        guard case .transient(_, nil) = result.outcome else {
            Issue.record("expected transient, got \(result.outcome)")
            return
        }
        for refused in ["http://example.com/hook", "file:///etc/hostname", "ftp://127.0.0.1/x"] {
            let channel = WebhookChannel(target: F.target(refused, .json), environment: [:])
            let outcome = try await F.sendOne(channel).outcome
            guard case .failed(let reason) = outcome else {
                Issue.record("expected failed for \(refused), got \(outcome)")
                continue
            }
            #expect(reason.hasPrefix("refused url of webhook:phone: "))
        }
    }
}
