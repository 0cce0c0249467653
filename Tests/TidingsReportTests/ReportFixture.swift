import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// Reports built from hand-written counts.
enum Sample {
    /// Saturday 2026-11-21 00:00 to Sunday 00:00, Berlin time.
    static let since = TestClock.at("2026-11-20T23:00:00Z")
    static let until = TestClock.at("2026-11-21T23:00:00Z")
    static let berlin = Zone.named("Europe/Berlin")

    /// Fetch 4 of 6 (3 ok + 1 not modified), delivery 4 of 8 (2 delivered + 1 read + 1
    /// dismissed, over those 4 + 3 missed + 1 failed), engagement 1 of 4 tapped, stale 3 of 4
    /// (2 stale + 1 emergency); 2 snoozes, outside the engagement rate.
    static var counts: ReportCounts {
        var counts = ReportCounts()
        counts.fetchOutcomes = [.ok: 3, .notModified: 1, .timeout: 1, .invalid: 1]
        counts.notificationStates = [
            .delivered: 2, .read: 1, .dismissed: 1, .missed: 3, .failed: 1, .pending: 5, .cancelled: 2,
        ]
        counts.deliveredStaleness = [.fresh: 1, .stale: 2, .emergency: 1]
        counts.engageableNotifications = 4
        counts.tapped = 1
        counts.snoozed = 2
        counts.generators = ["template": 6, "llm": 3, "llm-fallback": 1]
        return counts
    }

    static var report: Report { Report(since: since, until: until, counts: counts) }

    /// The sample without engagement data.
    static var withoutEngagement: Report {
        var counts = counts
        counts.engageableNotifications = 0
        counts.tapped = 0
        counts.snoozed = 0
        return Report(since: since, until: until, counts: counts)
    }

    static var empty: Report { Report(since: since, until: until, counts: ReportCounts()) }

    /// A report whose only counts are `fetch` (ok, failed) attempts and `delivery`
    /// (delivered, missed) items.
    static func rates(fetch: (ok: Int, failed: Int)? = nil, delivery: (delivered: Int, missed: Int)? = nil) -> Report {
        var counts = ReportCounts()
        if let fetch { counts.fetchOutcomes = [.ok: fetch.ok, .network: fetch.failed] }
        if let delivery {
            counts.notificationStates = [.delivered: delivery.delivered, .missed: delivery.missed]
            counts.deliveredStaleness = [.fresh: delivery.delivered]
        }
        return Report(since: since, until: until, counts: counts)
    }
}

/// Parses a JSON object document.
func parseObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
