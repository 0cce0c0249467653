import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// The machine-readable shapes: one JSON document, and Prometheus text exposition.
@Suite struct ReportJSONPrometheusTests {
    @Test("json: the window in the zone, the four rates, the generator shares, and every count")
    func json() throws {
        let text = Sample.report.json(zone: Sample.berlin)
        #expect(text.hasSuffix("}\n"))
        #expect(text.dropLast().contains("\n") == false)
        #expect(text.contains("\"fetchSuccessRate\":0.6666666666666666,\"deliveryRate\":0.5,"))
        let object = try parseObject(text)
        #expect(
            Set(object.keys) == [
                "since", "until", "fetchSuccessRate", "deliveryRate", "engagementRate", "staleContentRate", "generatorShares", "counts",
                "configError",
            ])
        #expect(!text.contains("\"channels\""), "no breakdown was asked for")
        #expect(object["since"] as? String == "2026-11-21T00:00:00+01:00")
        #expect(object["until"] as? String == "2026-11-22T00:00:00+01:00")
        #expect(object["fetchSuccessRate"] as? Double == 4.0 / 6.0)
        #expect(object["deliveryRate"] as? Double == 0.5)
        #expect(object["engagementRate"] as? Double == 0.25)
        #expect(object["staleContentRate"] as? Double == 0.75)
        let counts = try #require(object["counts"] as? [String: Any])
        let expected: [String: Int] = [
            "fetchAttempts": 6, "fetchSucceeded": 4,
            "fetch_ok": 3, "fetch_not_modified": 1, "fetch_timeout": 1, "fetch_network": 0,
            "fetch_http_status": 0, "fetch_invalid": 1, "fetch_too_large": 0,
            "delivered": 4, "missed": 3, "cappedMissed": 0, "failed": 1, "expired": 0, "stale": 2, "emergency": 1,
            "engageableNotifications": 4, "tapped": 1, "snoozed": 2, "nagRepeats": 0, "suspectedDuplicates": 0,
        ]
        #expect(Set(counts.keys) == Set(expected.keys).union(["generated"]))
        for (key, value) in expected {
            #expect(counts[key] as? Int == value, "\(key)")
        }
        #expect(counts["generated"] as? [String: Int] == ["template": 6, "llm": 3, "llm-fallback": 1])
        #expect(object["generatorShares"] as? [String: Double] == ["template": 0.6, "llm": 0.3, "llm-fallback": 0.1])
        #expect(text.contains("\"generatorShares\":{\"template\":0.6,\"llm\":0.3,\"llm-fallback\":0.1}"))
    }

    @Test("json: an undefined rate is null, a whole one has no fraction")
    func jsonNulls() throws {
        let object = try parseObject(Sample.withoutEngagement.json(zone: Sample.berlin))
        #expect(object["engagementRate"] is NSNull)
        #expect(object["deliveryRate"] as? Double == 0.5)

        let empty = try parseObject(Sample.empty.json(zone: .utc))
        for key in ["fetchSuccessRate", "deliveryRate", "engagementRate", "staleContentRate"] {
            #expect(empty[key] is NSNull, "\(key)")
        }
        #expect(empty["since"] as? String == "2026-11-20T23:00:00+00:00")
        #expect(empty["generatorShares"] is NSNull, "nothing generated: no shares")

        let whole = Sample.rates(fetch: (5, 0)).json(zone: .utc)
        #expect(whole.contains("\"fetchSuccessRate\":1,\"deliveryRate\":null,"))
    }

    static let generatedAt = TestClock.at("2026-11-22T06:00:00.789Z")

    @Test("Suspected duplicate sends (late outcomes of a worker whose lease was taken over) show in the table, JSON and Prometheus")
    func suspectedDuplicates() throws {
        var report = Sample.report
        report.counts.suspectedDuplicates = 3
        #expect(report.table(zone: Sample.berlin).contains("1 failed, 0 expired (3 suspected duplicate sends)\n"))
        let counts = try #require(try parseObject(report.json(zone: Sample.berlin))["counts"] as? [String: Any])
        #expect(counts["suspectedDuplicates"] as? Int == 3)
        #expect(report.prometheus(generatedAt: Self.generatedAt).contains("\ntidings_suspected_duplicate_sends 3\n"))
        report.counts.suspectedDuplicates = 1
        #expect(report.table(zone: Sample.berlin).contains("(1 suspected duplicate send)\n"))
        #expect(!Sample.report.table(zone: Sample.berlin).contains("suspected"), "none: nothing said")
    }

    @Test("prometheus: HELP and TYPE before each metric, rates as gauges, counts with labels")
    func prometheus() {
        let text = Sample.report.prometheus(generatedAt: Self.generatedAt)
        let lines = text.split(separator: "\n").map(String.init)
        let expected = [
            "# HELP tidings_fetch_success_ratio Fetch attempts that succeeded (ok or not modified) over all attempts in the window.",
            "# TYPE tidings_fetch_success_ratio gauge",
            "tidings_fetch_success_ratio 0.6666666666666666",
            "# TYPE tidings_delivery_ratio gauge",
            "tidings_delivery_ratio 0.5",
            "tidings_engagement_ratio 0.25",
            "tidings_stale_content_ratio 0.75",
            "# HELP tidings_fetch_attempts Fetch attempts in the window by outcome.",
            "# TYPE tidings_fetch_attempts gauge",
            "tidings_fetch_attempts{outcome=\"ok\"} 3",
            "tidings_fetch_attempts{outcome=\"not_modified\"} 1",
            "tidings_fetch_attempts{outcome=\"network\"} 0",
            "tidings_fetch_attempts{outcome=\"too_large\"} 0",
            "tidings_notifications{state=\"pending\"} 5",
            "tidings_notifications{state=\"delivering\"} 0",
            "tidings_notifications{state=\"read\"} 1",
            "tidings_notifications{state=\"cancelled\"} 2",
            "tidings_delivered_notifications{staleness=\"fresh\"} 1",
            "tidings_delivered_notifications{staleness=\"stale\"} 2",
            "tidings_delivered_notifications{staleness=\"emergency\"} 1",
            "# TYPE tidings_engageable_notifications gauge",
            "tidings_engageable_notifications 4",
            "tidings_tapped_notifications 1",
            "# TYPE tidings_snoozed_notifications gauge",
            "tidings_snoozed_notifications 2",
            "# TYPE tidings_suspected_duplicate_sends gauge",
            "tidings_suspected_duplicate_sends 0",
            "# HELP tidings_notifications_by_generator Notifications due in the window (except cancelled ones) by the generator of their text.",
            "tidings_notifications_by_generator{generator=\"template\"} 6",
            "tidings_notifications_by_generator{generator=\"llm\"} 3",
            "tidings_notifications_by_generator{generator=\"llm-fallback\"} 1",
            "# TYPE tidings_generator_share_ratio gauge",
            "tidings_generator_share_ratio{generator=\"template\"} 0.6",
            "tidings_generator_share_ratio{generator=\"llm\"} 0.3",
            "tidings_generator_share_ratio{generator=\"llm-fallback\"} 0.1",
            "tidings_report_window_seconds 86400",
            "# TYPE tidings_report_generated_timestamp_seconds gauge",
            "tidings_report_generated_timestamp_seconds 1795327200",
        ]
        // In this order, each once.
        var cursor = lines.startIndex
        for line in expected {
            guard let found = lines[cursor...].firstIndex(of: line) else {
                Issue.record("missing or out of order: \(line)")
                continue
            }
            cursor = found + 1
        }
        #expect(lines.filter { $0.hasPrefix("tidings_fetch_attempts{") }.count == 7)
        #expect(lines.filter { $0.hasPrefix("tidings_notifications{") }.count == NotificationState.allCases.count)
        #expect(lines.filter { $0.hasPrefix("# HELP ") }.count == 17)
        #expect(text.contains("tidings_capped_missed_notifications 0\n"))
        #expect(!text.contains("tidings_stage_last_success_timestamp_seconds"), "no stage ever succeeded")
        #expect(!text.contains("tidings_deliveries{"), "no breakdown was asked for")
        #expect(text.hasSuffix("\n"))
    }

    @Test("prometheus: undefined rates are left out entirely, never NaN")
    func prometheusUndefined() {
        let partial = Sample.withoutEngagement.prometheus(generatedAt: Self.generatedAt)
        #expect(!partial.contains("tidings_engagement_ratio"))
        #expect(partial.contains("tidings_delivery_ratio 0.5\n"))

        let empty = Sample.empty.prometheus(generatedAt: 1_500)
        #expect(!empty.contains("_ratio"))
        #expect(!empty.lowercased().contains("nan"))
        #expect(!empty.lowercased().contains("inf"))
        #expect(empty.contains("tidings_fetch_attempts{outcome=\"ok\"} 0\n"))
        #expect(empty.contains("tidings_report_generated_timestamp_seconds 1\n"))
        // Every sample's value is a finite number.
        for line in empty.split(separator: "\n") where !line.hasPrefix("#") {
            let value = line.split(separator: " ").last.flatMap { Double($0) }
            #expect(value?.isFinite == true, "\(line)")
        }
    }
}
