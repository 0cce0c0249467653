import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

/// report's rates, asserted exactly against a history made by the built programs.
@Suite struct ReportEndToEndTests {
    /// Four daily items (Nov 22–25): two delivered fresh/stale, one missed, one still pending;
    /// fetch attempts: ok, ok, invalid.
    func history() async throws -> Pipeline {
        let pipeline = try Pipeline(
            config: """
                [delivery]
                grace = "1h"
                [fallback]
                stale_after = "12h"
                [[sources]]
                name = "daily"
                url = "file:today.json"
                """)
        try pipeline.folder.write(Feed.item(id: "1", title: "News", body: "Body"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "4d")
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:30")  // fresh
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try pipeline.folder.write("not json", to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-24T06:00")  // invalid
        try await pipeline.succeed("plan", "--now", "2026-11-24T06:00", "--horizon", "4d")
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T12:00")  // Nov 23: 4h30m late → missed
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-24T07:30")  // stale: fetched 23rd 06:00
        return pipeline
    }

    @Test("JSON: the four rates and their counts")
    func json() async throws {
        let pipeline = try await history()
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-26T00:00"))
        #expect(report.double("fetchSuccessRate") == 2.0 / 3.0)
        #expect(report.double("deliveryRate") == 2.0 / 3.0)
        #expect(report.isNull("engagementRate"))
        #expect(report.double("staleContentRate") == 0.5)
        let counts = try #require(report.object("counts"))
        #expect(counts.int("delivered") == 2)
        #expect(counts.int("missed") == 1)
        #expect(counts.int("failed") == 0)
        #expect(counts.int("stale") == 1)
        #expect(counts.int("fetchAttempts") == 3)
    }

    @Test("An empty window: every rate null / n/a, never NaN")
    func empty() async throws {
        let pipeline = try Pipeline()
        // report creates no database: an empty one, as a first run leaves it.
        _ = try TidingsDatabase(path: pipeline.database)
        let json = try await pipeline.succeed("report", "--format", "json", "--now", "2026-11-22T00:00")
        let report = try JSONObject(json)
        for key in ["fetchSuccessRate", "deliveryRate", "engagementRate", "staleContentRate"] {
            #expect(report.isNull(key), "\(key)")
        }
        let table = try await pipeline.succeed("report", "--now", "2026-11-22T00:00")
        #expect(table.contains("n/a"))
        #expect(!table.lowercased().contains("nan"))
        let prometheus = try await pipeline.succeed("report", "--format", "prometheus", "--now", "2026-11-22T00:00")
        #expect(!prometheus.contains("NaN"))
        #expect(!prometheus.contains("tidings_delivery_ratio"))
    }

    @Test("Prometheus text written atomically to --output")
    func prometheusFile() async throws {
        let pipeline = try await history()
        let target = pipeline.folder.file("tidings.prom")
        let stdout = try await pipeline.succeed(
            "report", "--format", "prometheus", "--output", target, "--since", "2026-11-22T00:00", "--until", "2026-11-26T00:00")
        #expect(stdout.isEmpty)
        let text = try String(contentsOfFile: target, encoding: .utf8)
        #expect(text.contains("# TYPE tidings_delivery_ratio gauge\ntidings_delivery_ratio 0.6666666666666666\n"))
        #expect(text.contains("tidings_stale_content_ratio 0.5\n"))
        #expect(text.contains("tidings_notifications{state=\"missed\"} 1\n"))
        #expect(text.contains("tidings_fetch_attempts{outcome=\"invalid\"} 1\n"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: pipeline.folder.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test(
        "Nagios: status from thresholds, one line with perfdata",
        arguments: [
            ("0.5", "0.4", Int32(0), "TIDINGS OK"),
            ("0.9", "0.5", Int32(1), "TIDINGS WARNING"),
            ("0.9", "0.7", Int32(2), "TIDINGS CRITICAL"),
        ])
    func nagios(warn: String, crit: String, status: Int32, word: String) async throws {
        let pipeline = try await history()
        // --now just after the last runs: every stage is fresh, so the rates decide.
        let result = try await pipeline.run(
            "report", "--format", "nagios", "--warn", warn, "--crit", crit,
            "--since", "2026-11-22T00:00", "--until", "2026-11-26T00:00", "--now", "2026-11-24T07:35")
        #expect(result.status == status)
        #expect(result.lines.count == 1)
        #expect(
            result.stdout.hasPrefix(
                word + " - source \"daily\" failing since 2026-11-24 06:00 (1 attempt): invalid content: not valid JSON; "
                    + "fetch success 66.7% (2/3), delivery 66.7% (2/3), engagement n/a (0/0), stale content 50.0% (1/2) | "))
        #expect(result.stdout.contains("delivery_rate=0.666667;\(warn):;\(crit):;0;1"))
        #expect(result.stdout.contains(" fetch_attempts=3 fetch_succeeded=2 delivered=2 missed=1 capped_missed=0 failed=0 expired=0 "))
        #expect(result.stdout.hasSuffix(" prefetch_age=5700s;43200;86400 plan_age=5700s;43200;86400 deliver_age=300s;600;1200\n"))
    }
}
