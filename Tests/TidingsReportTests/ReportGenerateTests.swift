import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// Reports built from a real database, and the stage run `report` leaves.
@Suite struct ReportGenerateTests {
    static let since = TestClock.at("2026-11-21T00:00:00Z")
    static let until = TestClock.at("2026-11-22T00:00:00Z")
    static let now = TestClock.at("2026-11-22T06:00:00Z")
    static let hour: Int64 = 3_600_000

    static func item(_ id: String, due: EpochMillis) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: .system, title: "Morning news", body: "Today's headline.", deepLink: nil,
            dueAt: due, plannedLocal: "2026-11-21T07:30", plannedZone: "UTC", staleness: .fresh,
            contentFetchTime: nil, now: since)
    }

    /// Two fetch attempts in the window (ok, timeout) and one after it; two items due in the
    /// window, one delivered on stdout and one failed, and one due after the window.
    static func seeded(_ db: TidingsDatabase) throws {
        let url = "https://example.org/daily.json"
        for (at, outcome) in [(since + hour, FetchOutcome.ok), (since + 2 * hour, .timeout), (until, .network)] {
            try db.recordFetch(url: url, attempt: FetchAttempt(source: "daily", startedAt: at, durationMs: 3, outcome: outcome), update: .keep)
        }
        _ = try db.applyPlan([item("a", due: since + 6 * hour), item("b", due: since + 7 * hour), item("c", due: until)], now: since)
        let claimed = try db.claimDue(at: since + 8 * hour)
        #expect(claimed.map(\.id) == ["a", "b"])
        try db.recordDeliveries(
            [
                DeliveryRecord(
                    notificationId: "a", scheduledTime: since + 6 * hour, actualDeliveryTime: since + 8 * hour, contentAge: nil,
                    staleness: .fresh, channel: .stdout, outcome: .delivered),
                DeliveryRecord(
                    notificationId: "b", scheduledTime: since + 7 * hour, actualDeliveryTime: since + 8 * hour, contentAge: nil,
                    staleness: .fresh, channel: .stdout, outcome: .failed, failureReason: "standard output: broken pipe"),
            ], now: since + 8 * hour)
    }

    @Test("generate counts the window's history and records one ok stage run of stage report")
    func generate() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try Self.seeded(db)
        let report = try Report.generate(
            database: db, since: Self.since, until: Self.until, engagementChannels: ["stdout"], now: Self.now)
        #expect(report.fetchAttempts == 2)
        #expect(report.fetchSuccessRate == 0.5)
        #expect(report.delivered == 1)
        #expect(report.failed == 1)
        #expect(report.deliveryRate == 0.5)
        #expect(report.engagementRate == 0.0)
        #expect(report.staleContentRate == 0.0)
        #expect(report.activity == StageActivity(), "read before this run was logged")
        let again = try Report.build(database: db, since: Self.since, until: Self.until, engagementChannels: ["stdout"])
        #expect(again.counts == report.counts)
        #expect(again.activity == StageActivity(lastSuccess: [.report: Self.now], firstSeen: Self.now))

        let runs = try db.recentStageRuns(limit: 10)
        try #require(runs.count == 1)
        #expect(runs[0].stage == .report)
        #expect(runs[0].outcome == .ok)
        #expect(runs[0].startedAt == Self.now)
        #expect(runs[0].endedAt >= Self.now)
        #expect(runs[0].summary == "fetch success 50.0%, delivery 50.0%, engagement 0.0%, stale content 0.0%")
    }

    @Test("generate on an empty database: every rate n/a, still one stage run; build alone records none")
    func generateEmpty() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        _ = try Report.build(database: db, since: Self.since, until: Self.until, engagementChannels: [])
        #expect(try db.recentStageRuns(limit: 10).isEmpty)
        let report = try Report.generate(database: db, since: Self.since, until: Self.until, engagementChannels: [], now: Self.now)
        #expect(report.counts == ReportCounts())
        let runs = try db.recentStageRuns(limit: 10, stage: .report)
        #expect(runs.map(\.summary) == ["fetch success n/a, delivery n/a, engagement n/a, stale content n/a"])
    }
}
