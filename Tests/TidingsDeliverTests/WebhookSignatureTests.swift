import Crypto
import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Signatures and idempotency keys, checked the way a receiver would.
@Suite struct WebhookSignatureTests {
    typealias F = WebhookFixture

    @Test("The signature is HMAC-SHA256 of \"<timestamp>.<body>\", the timestamp the send time", arguments: WebhookFormat.allCases)
    func signature(format: WebhookFormat) async throws {
        let server = try F.server()
        defer { server.stop() }
        let secret = "s3cret-signing-key"
        let channel = WebhookChannel(
            target: F.target(server.baseURL + "/hook", format, secret: .environment("SIGN")), environment: ["SIGN": secret])
        #expect(try await F.sendOne(channel, F.item(deepLink: F.link)).outcome == .delivered)

        let request = try F.onlyRequest(server)
        let timestamp = try #require(request.header("X-Tidings-Timestamp"))
        #expect(timestamp == String(F.now / 1000))
        let signature = try #require(request.header("X-Tidings-Signature"))
        let code = HMAC<SHA256>.authenticationCode(
            for: Array("\(timestamp).".utf8) + request.body, using: SymmetricKey(data: Array(secret.utf8)))
        let expected = "sha256=" + code.map { String(format: "%02x", $0) }.joined()
        #expect(signature == expected)
    }

    @Test("Without a secret no timestamp or signature header is sent")
    func unsigned() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .json), environment: ["SIGN": "unused"])
        #expect(try await F.sendOne(channel).outcome == .delivered)
        let request = try F.onlyRequest(server)
        #expect(request.header("X-Tidings-Timestamp") == nil)
        #expect(request.header("X-Tidings-Signature") == nil)
    }

    @Test("Each request's Idempotency-Key is its notification's id; results come back in item order")
    func idempotencyKeys() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .json, concurrency: 3), environment: [:])
        let items = (1...6).map { F.item("daily:2026-11-2\($0)") }
        let results = await channel.send(items.messages, now: F.now)
        #expect(results.map(\.id) == items.map(\.id))
        #expect(results.allSatisfy { $0.outcome == .delivered })
        let requests = server.requests
        #expect(requests.count == items.count)
        for request in requests {
            let id = try F.object(request.body)["id"] as? String
            #expect(request.header("Idempotency-Key") == id)
        }
        #expect(Set(requests.compactMap { $0.header("Idempotency-Key") }) == Set(items.map(\.id)))
    }

    @Test("An empty batch sends nothing")
    func emptyBatch() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .json), environment: [:])
        #expect(await channel.send([], now: F.now).isEmpty)
        #expect(server.requests.isEmpty)
    }
}
