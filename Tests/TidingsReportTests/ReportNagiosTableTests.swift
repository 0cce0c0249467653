import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// The Nagios plugin line and status, and the table for people.
@Suite struct ReportNagiosTableTests {
    struct StatusCase: Sendable, CustomTestStringConvertible {
        var fetch: (ok: Int, failed: Int)?
        var delivery: (delivered: Int, missed: Int)?
        var status: Int32
        var testDescription: String {
            "fetch \(fetch.map { "\($0.ok)/\($0.ok + $0.failed)" } ?? "none"), "
                + "delivery \(delivery.map { "\($0.delivered)/\($0.delivered + $0.missed)" } ?? "none") → \(status)"
        }
    }

    static let statusCases: [StatusCase] = [
        StatusCase(fetch: (10, 0), delivery: (10, 0), status: 0),
        StatusCase(fetch: (19, 1), delivery: (10, 0), status: 0),  // 0.95: not below warn
        StatusCase(fetch: (9, 1), delivery: (10, 0), status: 1),  // 0.9
        StatusCase(fetch: (4, 1), delivery: (10, 0), status: 1),  // 0.8: not below crit
        StatusCase(fetch: (3, 1), delivery: (10, 0), status: 2),  // 0.75
        StatusCase(fetch: (10, 0), delivery: (1, 1), status: 2),  // delivery 0.5
        StatusCase(fetch: (9, 1), delivery: (1, 1), status: 2),  // the worse one wins
        StatusCase(fetch: nil, delivery: (9, 1), status: 1),
        StatusCase(fetch: (0, 2), delivery: nil, status: 2),
        StatusCase(fetch: nil, delivery: nil, status: 0),  // undefined rates are not judged
    ]

    @Test("nagios status: below warn is WARNING, below crit CRITICAL, undefined is OK", arguments: statusCases)
    func status(c: StatusCase) {
        let (line, status) = Sample.rates(fetch: c.fetch, delivery: c.delivery).nagios(warn: 0.95, crit: 0.8, expected: [:], now: Sample.until)
        #expect(status == c.status)
        #expect(line.hasPrefix("TIDINGS \(["OK", "WARNING", "CRITICAL"][Int(c.status)]) - "))
        #expect(line.hasSuffix("\n"))
    }

    @Test("nagios line: every rate in the summary with its counts, perfdata for the defined rates and every count")
    func sampleLine() {
        let (line, status) = Sample.report.nagios(warn: 0.95, crit: 0.8, expected: [:], now: Sample.until)
        #expect(status == 2)
        #expect(
            line == "TIDINGS CRITICAL - fetch success 66.7% (4/6), delivery 50.0% (4/8), engagement 25.0% (1/4), stale content 75.0% (3/4)"
                + " | fetch_success_rate=0.666667;0.95:;0.8:;0;1 delivery_rate=0.5;0.95:;0.8:;0;1"
                + " engagement_rate=0.25;;;0;1 stale_content_rate=0.75;;;0;1"
                + " fetch_attempts=6 fetch_succeeded=4 delivered=4 missed=3 capped_missed=0 failed=1 expired=0"
                + " engageable_notifications=4 tapped=1 snoozed=2 stale_delivered=3\n")
    }

    @Test("a config error: WARNING named first on the Nagios line (a | made /), a table row, JSON text and a Prometheus 1")
    func configError() throws {
        var report = Sample.empty
        report.configError = "/c.toml: line 9: daily.tme: unknown key \"a|b\""
        let (line, status) = report.nagios(warn: 0.95, crit: 0.8, expected: [:], now: Sample.until)
        #expect(status == 1)
        #expect(line.hasPrefix("TIDINGS WARNING - config error: /c.toml: line 9: daily.tme: unknown key \"a/b\"; fetch success n/a (0/0)"), "\(line)")
        #expect(line.split(separator: "|").count == 2)
        #expect(
            report.table(zone: .utc).contains(
                "\nConfig error   /c.toml: line 9: daily.tme: unknown key \"a|b\" (the programs go on with its last good version)\n"))
        #expect(try parseObject(report.json(zone: .utc))["configError"] as? String == report.configError)
        #expect(report.prometheus(generatedAt: 0).contains("\ntidings_config_error 1\n"))
        #expect(Sample.empty.prometheus(generatedAt: 0).contains("\ntidings_config_error 0\n"))
        #expect(try parseObject(Sample.empty.json(zone: .utc))["configError"] is NSNull)
    }

    @Test("nagios: stale content and engagement are never judged; no perfdata without defined rates")
    func notJudged() {
        var counts = ReportCounts()
        counts.notificationStates = [.delivered: 4]
        counts.deliveredStaleness = [.emergency: 4]
        counts.engageableNotifications = 4
        let (line, status) = Report(since: 0, until: 1, counts: counts).nagios(warn: 0.9, crit: 0.5, expected: [:], now: 1)
        #expect(status == 0)
        #expect(
            line == "TIDINGS OK - fetch success n/a (0/0), delivery 100.0% (4/4), engagement 0.0% (0/4), stale content 100.0% (4/4)"
                + " | delivery_rate=1;0.9:;0.5:;0;1 engagement_rate=0;;;0;1 stale_content_rate=1;;;0;1"
                + " fetch_attempts=0 fetch_succeeded=0 delivered=4 missed=0 capped_missed=0 failed=0 expired=0"
                + " engageable_notifications=4 tapped=0 snoozed=0 stale_delivered=4\n")

        let empty = Sample.empty.nagios(warn: 0.95, crit: 0.8, expected: [:], now: Sample.until)
        #expect(empty.status == 0)
        #expect(
            empty.line == "TIDINGS OK - fetch success n/a (0/0), delivery n/a (0/0), engagement n/a (0/0), stale content n/a (0/0)"
                + " | fetch_attempts=0 fetch_succeeded=0 delivered=0 missed=0 capped_missed=0 failed=0 expired=0"
                + " engageable_notifications=0 tapped=0 snoozed=0 stale_delivered=0\n")
    }

    @Test("table: the window in the zone, a row per rate, n/a when undefined")
    func table() {
        #expect(
            Sample.report.table(zone: Sample.berlin) == """
                Tidings report 2026-11-21T00:00:00+01:00 – 2026-11-22T00:00:00+01:00

                Fetch success    66.7%   4 of 6 attempts
                Delivery         50.0%   4 delivered, 3 missed, 1 failed, 0 expired
                Engagement       25.0%   1 tapped of 4, 2 snoozed
                Stale content    75.0%   3 of 4 delivered
                LLM text         30.0%   3 of 10 generated (template 6, llm-fallback 1)

                """)
        let partial = Sample.withoutEngagement.table(zone: Sample.berlin)
        #expect(partial.contains("\nEngagement         n/a   0 tapped of 0\n"))
        let empty = Sample.empty.table(zone: .utc)
        #expect(empty.hasPrefix("Tidings report 2026-11-20T23:00:00+00:00 – 2026-11-21T23:00:00+00:00\n\n"))
        #expect(empty.components(separatedBy: "n/a").count - 1 == 5)
        #expect(empty.contains("LLM text           n/a   0 of 0 generated (template 0, llm-fallback 0)\n"))
        #expect(empty.contains("Delivery           n/a   0 delivered, 0 missed, 0 failed, 0 expired\n"))
        #expect(!empty.contains("By channel"), "no breakdown was asked for")
    }

    @Test(
        "percent: one decimal, rounded half up; n/a for nil",
        arguments: [
            (2.0 / 3.0, "66.7%"), (1.0 / 3.0, "33.3%"), (0.125, "12.5%"), (0.0625, "6.3%"),
            (1.0, "100.0%"), (0.0, "0.0%"), (0.9999, "100.0%"),
        ] as [(Double?, String)] + [(nil, "n/a")])
    func percent(value: Double?, expected: String) {
        #expect(Report.percent(value) == expected)
    }
}
