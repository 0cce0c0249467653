import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// `report --by channel`: the sends per channel from a real database, and how each format
/// shows them.
@Suite struct ReportChannelsTests {
    static let since = TestClock.at("2026-11-21T00:00:00Z")
    static let until = TestClock.at("2026-11-22T00:00:00Z")
    static let hour: Int64 = 3_600_000
    static let unavailable = "desktop unavailable: no session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no bus socket in "

    static func row(_ id: String, due: EpochMillis, channel: ChannelName?, outcome: DeliveryOutcome, reason: String? = nil) -> DeliveryRecord {
        DeliveryRecord(
            notificationId: id, scheduledTime: due, actualDeliveryTime: due, contentAge: nil,
            staleness: .fresh, channel: channel, outcome: outcome, failureReason: reason)
    }

    /// Given: in the window, desktop 2 delivered and 3 failed (two reasons that differ only
    /// after 80 characters, one other), webhook:phone 1 retry then 1 failed, inbox 1
    /// delivered, one missed row without a channel; outside it, a desktop failure.
    static func seeded(_ db: TidingsDatabase) throws {
        let due = since + 7 * hour
        try db.recordDeliveries(
            [
                row("a", due: due, channel: .desktop, outcome: .delivered),
                row("b", due: due, channel: .desktop, outcome: .delivered),
                row("c", due: due, channel: .desktop, outcome: .failed, reason: unavailable + "/run/user/1000/bus"),
                row("d", due: due, channel: .desktop, outcome: .failed, reason: unavailable + "/run/user/1001/bus"),
                row("e", due: due, channel: .desktop, outcome: .failed, reason: "  the daemon refused the call  "),
                row("f", due: due, channel: .webhook("phone"), outcome: .retry, reason: "HTTP 503 from ntfy.example.org"),
                row("f", due: due, channel: .webhook("phone"), outcome: .failed, reason: "gave up after 2 attempts: HTTP 503"),
                row("g", due: due, channel: .inbox, outcome: .delivered),
                row("h", due: due, channel: nil, outcome: .missed, reason: "missed: due 2026-11-21T07:00:00+00:00, 3h late"),
                row("i", due: until, channel: .desktop, outcome: .failed, reason: "after the window"),
            ], now: since + 8 * hour)
    }

    static func report() throws -> (TemporaryDirectory, Report) {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try seeded(db)
        return (directory, try Report.build(database: db, since: since, until: until, engagementChannels: [], breakdown: .channel))
    }

    @Test("the database counts each channel's sends in the window and groups its failure reasons")
    func counts() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try Self.seeded(db)
        let report = try Report.build(database: db, since: Self.since, until: Self.until, engagementChannels: [], breakdown: .channel)
        let channels = try #require(report.channels)
        let cut = String(Self.unavailable.prefix(ChannelDeliveries.reasonLength)) + "…"
        #expect(
            channels == [
                ChannelDeliveries(
                    channel: "desktop", delivered: 2, failed: 3,
                    reasons: [
                        .init(reason: cut, count: 2), .init(reason: "the daemon refused the call", count: 1),
                    ]),
                ChannelDeliveries(channel: "inbox", delivered: 1),
                ChannelDeliveries(
                    channel: "webhook:phone", failed: 1, retried: 1,
                    reasons: [
                        .init(reason: "gave up after 2 attempts: HTTP 503", count: 1)
                    ]),
            ])
        #expect(channels[0].deliveryRate == 0.4)
        #expect(channels[2].deliveryRate == 0.0)
        let plain = try Report.build(database: db, since: Self.since, until: Self.until, engagementChannels: [])
        #expect(plain.channels == nil, "without --by there is no breakdown")
    }

    @Test(
        "reasons group on their first 80 characters",
        arguments: [
            (nil, "no reason given"), ("   ", "no reason given"), (" short ", "short"),
            (String(repeating: "x", count: 80), String(repeating: "x", count: 80)),
            (String(repeating: "x", count: 81), String(repeating: "x", count: 80) + "…"),
            (String(repeating: "é", count: 79) + " tail", String(repeating: "é", count: 79) + "…"),
        ] as [(String?, String)])
    func grouping(reason: String?, key: String) {
        #expect(ChannelDeliveries.groupingKey(reason) == key)
    }

    @Test("table: the rates, then a section per channel with its rate, counts and reasons")
    func table() throws {
        let (_, report) = try Self.report()
        let text = report.table(zone: .utc)
        let cut = String(Self.unavailable.prefix(ChannelDeliveries.reasonLength)) + "…"
        #expect(
            text.hasSuffix(
                """
                Delivery           n/a   0 delivered, 0 missed, 0 failed, 0 expired
                Engagement         n/a   0 tapped of 0
                Stale content      n/a   0 of 0 delivered
                LLM text           n/a   0 of 0 generated (template 0, llm-fallback 0)

                By channel (sends of items due in the window; missed and expired items reach no channel)

                desktop          40.0%   2 of 5 delivered, 3 failed, 0 retries
                                     2   \(cut)
                                     1   the daemon refused the call
                inbox           100.0%   1 of 1 delivered, 0 failed, 0 retries
                webhook:phone     0.0%   0 of 1 delivered, 1 failed, 1 retry
                                     1   gave up after 2 attempts: HTTP 503

                """))
        var empty = Sample.empty
        empty.channels = []
        #expect(empty.table(zone: .utc).hasSuffix("missed and expired items reach no channel)\n\nNo sends in the window.\n"))
    }

    @Test("table: more than ten reasons end in one line counting the rest")
    func manyReasons() {
        var report = Sample.empty
        let reasons = (1...13).map { ChannelDeliveries.Reason(reason: "reason \($0)", count: 14 - $0) }
        report.channels = [ChannelDeliveries(channel: "webhook:a-very-long-name", failed: 91, reasons: reasons)]
        let text = report.table(zone: .utc)
        #expect(text.contains("\nwebhook:a-very-long-name    0.0%   0 of 91 delivered, 91 failed, 0 retries\n"))
        #expect(text.contains("                    13   reason 1\n"))
        #expect(text.contains("                     4   reason 10\n"))
        #expect(!text.contains("reason 11"))
        #expect(text.hasSuffix("                     6   (3 other reasons)\n"))
    }

    @Test("json: a channels array with counts and every reason")
    func json() throws {
        let (_, report) = try Self.report()
        let object = try parseObject(report.json(zone: .utc))
        let channels = try #require(object["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == ["desktop", "inbox", "webhook:phone"])
        #expect(channels[0]["delivered"] as? Int == 2)
        #expect(channels[0]["failed"] as? Int == 3)
        #expect(channels[2]["retried"] as? Int == 1)
        let reasons = try #require(channels[0]["reasons"] as? [[String: Any]])
        #expect(reasons.map { $0["count"] as? Int } == [2, 1])
        #expect(reasons[1]["reason"] as? String == "the daemon refused the call")
        #expect((channels[1]["reasons"] as? [Any])?.isEmpty == true)
    }

    @Test("prometheus: tidings_deliveries by channel and outcome")
    func prometheus() throws {
        let (_, report) = try Self.report()
        let text = report.prometheus(generatedAt: Self.until)
        #expect(
            text.contains(
                """
                # TYPE tidings_deliveries gauge
                tidings_deliveries{channel="desktop",outcome="delivered"} 2
                tidings_deliveries{channel="desktop",outcome="failed"} 3
                tidings_deliveries{channel="desktop",outcome="retry"} 0
                tidings_deliveries{channel="inbox",outcome="delivered"} 1
                tidings_deliveries{channel="inbox",outcome="failed"} 0
                tidings_deliveries{channel="inbox",outcome="retry"} 0
                tidings_deliveries{channel="webhook:phone",outcome="delivered"} 0
                tidings_deliveries{channel="webhook:phone",outcome="failed"} 1
                tidings_deliveries{channel="webhook:phone",outcome="retry"} 1

                """))
        #expect(Report.labelValue("a\"b\\c\nd") == "a\\\"b\\\\c\\nd")
    }
}
