import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// When a plan run is degraded: the next daily update fell back, not merely due long after
/// content fetched just now (the first plan in the evening, as right after tidings init).
@Suite struct PlanOutcomeStaleAheadTests {
    // 18:00 in Berlin: today's 07:30 update is past, tomorrow's is 13h30 away (over stale_after, 12h).
    static let evening = utc("2026-11-22T17:00:00Z")

    @Test("content fetched now: tomorrow's update is stale only until a later fetch, and the run is ok")
    func freshContentEvening() throws {
        let f = try PlanFixture()
        try f.store([content("n1", scheduled: "2026-11-22T06:30:00Z", fetched: Self.evening)], at: Self.evening)
        let outcome = try f.run(now: Self.evening, zone: PlanFixture.berlin)
        let next = try #require(outcome.schedule.first { $0.kind == .daily })
        #expect(next.id == "daily:2026-11-23")
        #expect(next.staleness == .stale)
        #expect(outcome.staleAhead.contains(next.id))
        #expect(outcome.stageOutcome == .ok)
        #expect(outcome.summary.contains("; \(outcome.staleAhead.count) stale only until a fetch nearer their due time"), "\(outcome.summary)")
        #expect(try f.db.recentStageRuns(limit: 1, stage: .plan).first?.outcome == .ok)
    }

    @Test("content already older than stale_after when plan runs: the next update fell back, degraded")
    func oldContent() throws {
        let f = try PlanFixture()
        let fetched = Self.evening - 13 * PlanFixture.hour
        try f.store([content("n1", scheduled: "2026-11-22T03:30:00Z", fetched: fetched)], at: fetched)
        let outcome = try f.run(now: Self.evening, zone: PlanFixture.berlin)
        #expect(outcome.schedule.first { $0.kind == .daily }?.staleness == .stale)
        #expect(outcome.staleAhead.isEmpty)
        #expect(outcome.stageOutcome == .degraded)
        #expect(!outcome.summary.contains("stale only until"))
    }
}
