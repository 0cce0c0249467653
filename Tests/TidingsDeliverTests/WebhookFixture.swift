import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Notifications, targets and request helpers shared by the webhook tests.
enum WebhookFixture {
    /// The send time of every test: five seconds after the 07:30 Berlin due time.
    static let now = TestClock.at("2026-11-22T06:30:05Z")
    static let due = TestClock.at("2026-11-22T06:30:00Z")
    static let link = "https://example.com/today"

    /// A delivering notification.
    static func item(
        _ id: String = "daily:2026-11-22", category: TidingsCore.Category = .system, title: String = "Morning news",
        body: String = "Today's headline.", deepLink: String? = nil, staleness: Staleness = .fresh
    ) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: category, title: title, body: body, deepLink: deepLink, dueAt: due,
            plannedLocal: "2026-11-22T07:30", plannedZone: "Europe/Berlin", staleness: staleness,
            contentFetchTime: due - 3_600_000, now: due - 86_400_000)
    }

    /// A target named `phone` at `url`.
    static func target(
        _ url: String, _ format: WebhookFormat, token: SecretSource? = nil, secret: SecretSource? = nil,
        timeout: Int64 = 5_000, concurrency: Int = 8
    ) -> TidingsConfig.Webhook {
        var target = TidingsConfig.Webhook(name: "phone", url: url, format: format)
        target.token = token
        target.secret = secret
        target.timeout = timeout
        target.concurrency = concurrency
        return target
    }

    /// A server answering every request with `status` and `body`.
    static func server(status: Int = 200, body: String = "", headers: [(String, String)] = []) throws -> HTTPTestServer {
        try HTTPTestServer { _ in TestHTTPResponse(status: status, headers: headers, body: Array(body.utf8)) }
    }

    /// The only request `server` received.
    static func onlyRequest(_ server: HTTPTestServer) throws -> TestHTTPRequest {
        let requests = server.requests
        try #require(requests.count == 1)
        return requests[0]
    }

    /// The body as a JSON object.
    static func object(_ body: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    /// The body as text.
    static func text(_ body: [UInt8]) -> String { String(decoding: body, as: UTF8.self) }

    /// The one result of sending `item` through `channel`.
    static func sendOne(_ channel: WebhookChannel, _ item: NotificationRecord = item()) async throws -> ChannelResult {
        let results = await channel.send([item].messages, now: now)
        try #require(results.count == 1)
        #expect(results[0].id == item.id)
        return results[0]
    }

    /// The reason of a failed or transient outcome, or nil.
    static func reason(_ outcome: ChannelResult.Outcome) -> String? {
        switch outcome {
        case .delivered: nil
        case .failed(let reason), .transient(let reason, _), .unavailable(let reason), .noSession(let reason), .notSent(let reason): reason
        }
    }
}

/// Counts requests a test server is handling at once, and the most it saw.
final class WebhookInFlight: Sendable {
    private let state = Mutex((now: 0, most: 0))

    /// Marks a request as started, holds it for `seconds`, then marks it ended.
    func hold(_ seconds: Double) {
        started()
        usleep(UInt32(seconds * 1_000_000))
        state.withLock { $0.now -= 1 }
    }

    /// Marks a request as started and holds it until `count` requests were seen in flight
    /// together (at once when that happened before), or a minute passed (a client that never
    /// sends them together), then marks it ended.
    func hold(untilSeen count: Int) {
        started()
        let deadline = ContinuousClock.now + .seconds(60)
        while most < count, ContinuousClock.now < deadline { usleep(5_000) }
        state.withLock { $0.now -= 1 }
    }

    private func started() {
        state.withLock { state in
            state.now += 1
            state.most = max(state.most, state.now)
        }
    }

    /// The most requests seen in flight at once.
    var most: Int { state.withLock { $0.most } }
}
