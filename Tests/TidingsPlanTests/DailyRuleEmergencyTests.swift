import Testing
import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// With nothing cached every day gets an emergency line, one per local day in the horizon,
/// due at the configured wall time in the planning zone.
@Suite struct DailyRuleEmergencyTests {
    @Test("Europe/Berlin: one emergency item per day at 07:30 CET, rotating lines")
    func berlin() throws {
        let f = try PlanFixture()
        // 06:00 in Berlin; the horizon (3 days) ends 06:00 on the 25th, before that day's 07:30.
        let outcome = try f.run(now: utc("2026-11-22T05:00:00Z"), zone: PlanFixture.berlin, horizon: 3 * PlanFixture.day)
        let items = try f.pending()
        #expect(items.map(\.id) == ["daily:2026-11-22", "daily:2026-11-23", "daily:2026-11-24"])
        #expect(items.map(\.dueAt) == [utc("2026-11-22T06:30:00Z"), utc("2026-11-23T06:30:00Z"), utc("2026-11-24T06:30:00Z")])
        #expect(items.allSatisfy { $0.title == FallbackChain.emergencyTitle })
        #expect(items.allSatisfy { $0.staleness == .emergency && $0.contentFetchTime == nil })
        #expect(items.allSatisfy { $0.plannedZone == "Europe/Berlin" && $0.kind == .daily && $0.category == .system })
        #expect(items.map(\.plannedLocal) == ["2026-11-22T07:30", "2026-11-23T07:30", "2026-11-24T07:30"])
        // Day numbers 20779, 20780, 20781 are 4, 0 and 1 modulo the five built-in lines.
        let lines = EmergencyMessages.builtIn
        #expect(items.map(\.body) == [lines[4], lines[0], lines[1]])
        #expect(outcome.staleness[.emergency] == 3)
        #expect(outcome.stageOutcome == .degraded)
    }

    @Test("America/New_York: 07:30 EST is 12:30Z")
    func newYork() throws {
        let f = try PlanFixture()
        f.config.fallback.messages = ["Stay tuned."]
        // 06:00 EST on the 22nd.
        try f.run(now: utc("2026-11-22T11:00:00Z"), zone: PlanFixture.newYork, horizon: 3 * PlanFixture.day)
        let items = try f.pending()
        #expect(items.map(\.id) == ["daily:2026-11-22", "daily:2026-11-23", "daily:2026-11-24"])
        #expect(items.map(\.dueAt) == [utc("2026-11-22T12:30:00Z"), utc("2026-11-23T12:30:00Z"), utc("2026-11-24T12:30:00Z")])
        #expect(items.allSatisfy { $0.body == "Stay tuned." && $0.plannedZone == "America/New_York" })
    }

    @Test("In German: the built-in lines are Appendix A's translated; fallback.messages replaces them as written")
    func germanAndConfigured() throws {
        let german = Wording.templates(environment: ["LANG": "de_DE.UTF-8"])
        let now = utc("2026-11-22T05:00:00Z")
        let f = try PlanFixture()
        try Planner(database: f.db, config: f.config, wording: german).run(
            now: now, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day, dryRun: false)
        let builtIn = try f.pending()
        #expect(
            builtIn.map(\.body) == [
                "🌟 Fortschritt vor Perfektion, immer.", "🌅 Guten Morgen! Bereit, aus dem heutigen Tag etwas Großartiges zu machen?",
            ])
        #expect(builtIn.allSatisfy { $0.title == "Dein tägliches Update" })

        let configured = try PlanFixture()
        configured.config.fallback.messages = ["Heute ohne Neuigkeiten.", "Bis morgen."]
        try Planner(database: configured.db, config: configured.config, wording: german)
            .run(now: now, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day, dryRun: false)
        // Day numbers 20779 and 20780 are 1 and 0 modulo the two configured lines.
        #expect(try configured.pending().map(\.body) == ["Bis morgen.", "Heute ohne Neuigkeiten."])
    }

    struct DSTCase: Sendable, CustomTestStringConvertible {
        let zone: String
        let time: String
        let now: String
        let expected: [(id: String, due: String)]
        var testDescription: String { "\(zone) \(time) from \(now)" }
    }

    static let dstCases: [DSTCase] = [
        // Berlin springs forward 2026-03-29 at 02:00 CET: 02:30 does not exist → 03:00 CEST.
        DSTCase(
            zone: "Europe/Berlin", time: "02:30", now: "2026-03-28T12:00:00Z",
            expected: [
                ("daily:2026-03-29", "2026-03-29T01:00:00Z"), ("daily:2026-03-30", "2026-03-30T00:30:00Z"),
            ]),
        DSTCase(
            zone: "Europe/Berlin", time: "07:30", now: "2026-03-28T00:00:00Z",
            expected: [
                ("daily:2026-03-28", "2026-03-28T06:30:00Z"), ("daily:2026-03-29", "2026-03-29T05:30:00Z"),
            ]),
        // Berlin falls back 2026-10-25 at 03:00 CEST: 02:30 happens twice → the first.
        DSTCase(
            zone: "Europe/Berlin", time: "07:30", now: "2026-10-24T00:00:00Z",
            expected: [
                ("daily:2026-10-24", "2026-10-24T05:30:00Z"), ("daily:2026-10-25", "2026-10-25T06:30:00Z"),
            ]),
        DSTCase(
            zone: "Europe/Berlin", time: "02:30", now: "2026-10-24T12:00:00Z",
            expected: [
                ("daily:2026-10-25", "2026-10-25T00:30:00Z"), ("daily:2026-10-26", "2026-10-26T01:30:00Z"),
            ]),
        // New York springs forward 2026-03-08 at 02:00 EST.
        DSTCase(
            zone: "America/New_York", time: "07:30", now: "2026-03-07T00:00:00Z",
            expected: [
                ("daily:2026-03-07", "2026-03-07T12:30:00Z"), ("daily:2026-03-08", "2026-03-08T11:30:00Z"),
            ]),
        DSTCase(
            zone: "America/New_York", time: "02:30", now: "2026-03-07T12:00:00Z",
            expected: [
                ("daily:2026-03-08", "2026-03-08T07:00:00Z"), ("daily:2026-03-09", "2026-03-09T06:30:00Z"),
            ]),
        // New York falls back 2026-11-01 at 02:00 EDT.
        DSTCase(
            zone: "America/New_York", time: "07:30", now: "2026-10-31T00:00:00Z",
            expected: [
                ("daily:2026-10-31", "2026-10-31T11:30:00Z"), ("daily:2026-11-01", "2026-11-01T12:30:00Z"),
            ]),
    ]

    @Test("DST-change days keep the wall time (gaps move forward, overlaps take the first)", arguments: dstCases)
    func dstDays(c: DSTCase) throws {
        let f = try PlanFixture()
        f.config.daily.time = try #require(WallTime(c.time))
        let items = try f.planned(now: utc(c.now), zone: Zone.named(c.zone), horizon: 2 * PlanFixture.day)
        #expect(items.map(\.id) == c.expected.map(\.id))
        #expect(items.map(\.dueAt) == c.expected.map { utc($0.due) })
        #expect(items.map(\.plannedLocal) == c.expected.map { "\($0.id.dropFirst("daily:".count))T\(c.time)" })
        #expect(items.allSatisfy { $0.title == FallbackChain.emergencyTitle && $0.staleness == .emergency })
    }
}
