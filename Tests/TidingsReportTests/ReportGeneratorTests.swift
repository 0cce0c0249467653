import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// The share of notifications written by each generator, counted from a real database.
@Suite struct ReportGeneratorTests {
    static let since = TestClock.at("2026-11-21T00:00:00Z")
    static let until = TestClock.at("2026-11-22T00:00:00Z")

    static func item(_ id: String, generator: Generator?, reason: String? = nil, due: EpochMillis = since + 3_600_000) -> NotificationRecord {
        var item = NotificationRecord(
            id: id, kind: .daily, category: .system, title: "T", body: "B", deepLink: nil, dueAt: due,
            plannedLocal: "2026-11-21T01:00", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: since)
        item.generator = generator
        item.generatorReason = reason
        return item
    }

    @Test("Counted by generator over the items due in the window: reasons folded, cancelled and ungenerated ones left out")
    func counts() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        _ = try db.applyPlan(
            [
                Self.item("a", generator: .template), Self.item("b", generator: .template), Self.item("c", generator: .llm),
                Self.item("d", generator: .llmFallback, reason: "timeout"), Self.item("e", generator: .llmFallback, reason: "refused"),
                Self.item("f", generator: nil), Self.item("g", generator: .template, due: Self.until),
                Self.item("h", generator: .llm),
            ], cancel: [:], now: Self.since)
        _ = try db.applyPlan([], cancel: ["h": "settings changed"], now: Self.since)
        let stored = try db.notifications(ids: ["d"])["d"]
        #expect(stored?.generator == .llmFallback && stored?.generatorReason == "timeout", "the columns are read back")

        let report = try Report.build(database: db, since: Self.since, until: Self.until, engagementChannels: [])
        #expect(report.counts.generators == ["template": 2, "llm": 1, "llm-fallback": 2])
        #expect(report.generated == 5)
        #expect(report.generatorShares.map(\.name) == ["template", "llm", "llm-fallback"])
        #expect(report.generatorShares.map(\.share) == [0.4, 0.2, 0.4])
        #expect(report.table(zone: .utc).contains("\nLLM text         20.0%   1 of 5 generated (template 2, llm-fallback 2)\n"))
        #expect(report.prometheus(generatedAt: Self.until).contains("tidings_notifications_by_generator{generator=\"llm-fallback\"} 2\n"))
    }
}
