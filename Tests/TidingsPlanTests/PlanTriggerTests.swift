import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// `plan --if-changed`: a plan runs when something it reads changed, or time alone changes it.
@Suite struct PlanTriggerTests {
    static let planned = TestClock.at("2026-11-22T06:15:00Z")
    static let zone = PlanFixture.berlin
    static let minute = PlanFixture.minute

    func reason(_ f: PlanFixture, fingerprint: String = "a", now: EpochMillis) throws -> String? {
        try PlanTrigger.reason(database: f.db, fingerprint: fingerprint, now: now, zone: Self.zone)
    }

    @Test("No plan on record: plan")
    func firstPlan() throws {
        let f = try PlanFixture()
        #expect(try reason(f, now: Self.planned) == "no plan on record")
    }

    @Test("Nothing changed within six hours of the same day: no plan")
    func nothingChanged() throws {
        let f = try PlanFixture()
        try f.store([], at: Self.planned - 10 * Self.minute)
        try f.db.recordPlanInputs(PlanInputs(plannedAt: Self.planned, fingerprint: "a", changeSeq: try f.db.latestChange()))
        #expect(try reason(f, now: Self.planned + 15 * Self.minute) == nil)
        #expect(try reason(f, now: Self.planned + 5 * 60 * Self.minute) == nil)
    }

    @Test("New content after the last plan: plan, naming the source")
    func newContent() throws {
        let f = try PlanFixture()
        try f.db.recordPlanInputs(PlanInputs(plannedAt: Self.planned, fingerprint: "a", changeSeq: try f.db.latestChange()))
        try f.store([NotificationContent(id: "n", title: "News", body: "B", scheduledTime: 0, fetchTime: 0)], at: Self.planned + 15 * Self.minute)
        #expect(try reason(f, now: Self.planned + 16 * Self.minute) == "new content from daily")
        // The same content again is no change.
        try f.db.recordPlanInputs(PlanInputs(plannedAt: Self.planned + 16 * Self.minute, fingerprint: "a", changeSeq: try f.db.latestChange()))
        try f.store([NotificationContent(id: "n", title: "News", body: "B", scheduledTime: 0, fetchTime: 0)], at: Self.planned + 30 * Self.minute)
        #expect(try reason(f, now: Self.planned + 31 * Self.minute) == nil)
    }

    @Test("Other inputs, a new local day, six hours, or a clock set back: plan")
    func timeAndInputs() throws {
        let f = try PlanFixture()
        try f.db.recordPlanInputs(PlanInputs(plannedAt: Self.planned, fingerprint: "a", changeSeq: try f.db.latestChange()))
        #expect(try reason(f, fingerprint: "b", now: Self.planned + Self.minute) == "the config, the locale or the zone changed")
        #expect(try reason(f, now: Self.planned + 6 * 60 * Self.minute) == "the last plan is 6h old")
        #expect(try reason(f, now: Self.planned - Self.minute) == "the clock is before the last plan")
        // 22:50 UTC is 23:50 in Berlin; 23:05 UTC is past midnight there.
        try f.db.recordPlanInputs(PlanInputs(plannedAt: TestClock.at("2026-11-22T22:50:00Z"), fingerprint: "a", changeSeq: 0))
        #expect(try reason(f, now: TestClock.at("2026-11-22T22:58:00Z")) == nil)
        #expect(try reason(f, now: TestClock.at("2026-11-22T23:05:00Z")) == "a new day")
    }

    @Test("The fingerprint follows the config text, the locale, the zone and the horizon, and nothing else")
    func fingerprint() {
        let base = PlanTrigger.fingerprint(configText: "x = 1", environment: ["LANG": "de_DE.UTF-8", "HOME": "/a"], horizon: 2)
        #expect(base == PlanTrigger.fingerprint(configText: "x = 1", environment: ["LANG": "de_DE.UTF-8", "HOME": "/b"], horizon: 2))
        #expect(base != PlanTrigger.fingerprint(configText: "x = 2", environment: ["LANG": "de_DE.UTF-8"], horizon: 2))
        #expect(base != PlanTrigger.fingerprint(configText: "x = 1", environment: ["LANG": "en_GB.UTF-8"], horizon: 2))
        #expect(base != PlanTrigger.fingerprint(configText: "x = 1", environment: ["LANG": "de_DE.UTF-8", "TZ": "Asia/Tokyo"], horizon: 2))
        #expect(base != PlanTrigger.fingerprint(configText: "x = 1", environment: ["LANG": "de_DE.UTF-8"], horizon: 3))
        #expect(base != PlanTrigger.fingerprint(configText: nil, environment: ["LANG": "de_DE.UTF-8"], horizon: 2))
    }
}
