import Synchronization
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Clears go out a step at a time, like sends: what a kill can leave unrecorded (and the next
/// run repeats) is one step, `4 × concurrency` requests, however many clears are queued.
@Suite struct ClearStepTests {
    static let minute: Int64 = 60_000

    @Test("Ten clears at concurrency 1 go in steps of 4, 4 and 2, each committed before the next goes out")
    func steps() async throws {
        let fixture = try DeliverFixture()
        let db = fixture.db
        let start = TestClock.at("2026-11-23T08:00:00Z")
        let items = (0..<10).map { n in
            NotificationRecord(
                id: "meeting:m\(n)@10m", kind: .meeting, category: .transactional, title: "M\(n)", body: "Starts soon", deepLink: nil,
                dueAt: start + 50 * Self.minute, plannedLocal: "2026-11-23T08:50", plannedZone: "UTC", staleness: .fresh,
                contentFetchTime: start, expiresAt: start + 60 * Self.minute, now: start)
        }
        _ = try db.applyPlan(items, now: start)
        let sentAt = start + 50 * Self.minute
        let claimed = try db.claimDue(at: sentAt)
        try db.recordRun(
            deliveries: claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: sentAt, contentAge: nil, staleness: .fresh,
                    channel: .webhook("phone"), outcome: .delivered)
            },
            retries: [], cancelled: [:], now: sentAt)
        let now = sentAt + Self.minute
        try db.queueClears(items.map { ClearableLeg(notificationId: $0.id, channel: .webhook("phone")) }, reason: "gone", now: now)

        // The receiver notes, at each delete, how many clears the database has recorded so far.
        let seen = Mutex<[Int]>([])
        let server = try HTTPTestServer { request in
            let recorded = (try? db.channelDeliveries(from: 0, until: .max))?.first { $0.channel == "webhook:phone" }?.failed ?? -1
            seen.withLock { $0.append(recorded) }
            return .text("not found", status: 404)
        }
        defer { server.stop() }
        let target = WebhookFixture.target(server.baseURL + "/alerts", .ntfy, concurrency: 1)
        fixture.config.webhooks = [target]
        let channel = WebhookChannel(target: target, environment: [:])
        #expect(channel.chunkSize == 4)

        _ = try await Deliverer(database: db, config: fixture.config, channels: { _ in channel }).run(now: now, zone: DeliverFixture.berlin)

        #expect(server.requests.map(\.method) == Array(repeating: "DELETE", count: 10))
        #expect(seen.withLock { $0 } == [0, 0, 0, 0, 4, 4, 4, 4, 8, 8])
        let rows = try #require(try db.channelDeliveries(from: 0, until: .max).first { $0.channel == "webhook:phone" })
        #expect(rows.failed == 10)
        #expect(rows.reasons.allSatisfy { $0.reason.hasPrefix("clearing: ") }, "\(rows.reasons)")
    }
}
