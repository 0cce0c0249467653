import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// Items that expired before they could be sent count against the delivery rate, in every
/// format.
@Suite struct ReportExpiredTests {
    static let since = TestClock.at("2026-11-21T00:00:00Z")
    static let until = TestClock.at("2026-11-22T00:00:00Z")
    static let hour: Int64 = 3_600_000

    static func item(_ id: String, due: EpochMillis, expires: EpochMillis? = nil) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .meeting, category: .transactional, title: "Stand-up", body: "In 10 minutes.", deepLink: nil,
            dueAt: due, plannedLocal: "2026-11-21T09:50", plannedZone: "UTC", staleness: .fresh,
            contentFetchTime: nil, expiresAt: expires, now: since)
    }

    /// Given: three items due in the window, one delivered on stdout, one expired before a
    /// run reached it, one missed.
    static func report() throws -> Report {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        _ = try db.applyPlan(
            [
                item("sent", due: since + 6 * hour),
                item("late", due: since + 7 * hour, expires: since + 7 * hour + 1_800_000),
                item("lost", due: since + 8 * hour),
            ], now: since)
        #expect(try db.claimDue(at: since + 6 * hour).map(\.id) == ["sent"])
        try db.recordDeliveries(
            [
                DeliveryRecord(
                    notificationId: "sent", scheduledTime: since + 6 * hour, actualDeliveryTime: since + 6 * hour, contentAge: nil,
                    staleness: .fresh, channel: .stdout, outcome: .delivered)
            ], now: since + 6 * hour)
        #expect(try db.markExpired(now: since + 8 * hour, zone: .utc).map(\.id) == ["late"])
        _ = try db.markMissed(dueBefore: since + 9 * hour, now: since + 11 * hour) { _ in "missed" }
        return try Report.build(database: db, since: since, until: until, engagementChannels: [], breakdown: .channel)
    }

    @Test("delivery rate = delivered / (delivered + missed + failed + expired)")
    func rate() throws {
        let report = try Self.report()
        #expect(report.delivered == 1)
        #expect(report.missed == 1)
        #expect(report.expired == 1)
        #expect(report.deliveryRate == 1.0 / 3.0)
        #expect(report.channels == [ChannelDeliveries(channel: "stdout", delivered: 1)], "expired and missed reach no channel")
    }

    @Test("expired shows in the table, JSON, Prometheus and Nagios")
    func formats() throws {
        let report = try Self.report()
        #expect(report.table(zone: .utc).contains("\nDelivery         33.3%   1 delivered, 1 missed, 0 failed, 1 expired\n"))
        let counts = try #require(try parseObject(report.json(zone: .utc))["counts"] as? [String: Any])
        #expect(counts["expired"] as? Int == 1)
        let prometheus = report.prometheus(generatedAt: Self.until)
        #expect(prometheus.contains("tidings_notifications{state=\"expired\"} 1\n"))
        #expect(prometheus.contains("tidings_delivery_ratio 0.3333333333333333\n"))
        let nagios = report.nagios(warn: 0.95, crit: 0.8, expected: [:], now: Self.until)
        #expect(nagios.status == 2)
        #expect(nagios.line.contains(", delivery 33.3% (1/3), "))
        #expect(nagios.line.contains(" delivered=1 missed=1 capped_missed=0 failed=0 expired=1 "))
    }
}
