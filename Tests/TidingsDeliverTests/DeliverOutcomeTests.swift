import Testing
import TidingsCore
import TidingsStore

@testable import TidingsDeliver

/// The one-line summary and the stage outcome of a `deliver` run, from its counts.
@Suite struct DeliverOutcomeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var outcome: DeliverOutcome
        var summary: String
        var stage: StageOutcome
        var idle: Bool
        var testDescription: String { summary }
    }

    static let cases: [Case] = [
        Case(outcome: DeliverOutcome(), summary: "0 delivered, 0 failed, 0 missed", stage: .ok, idle: true),
        Case(outcome: DeliverOutcome(delivered: 3), summary: "3 delivered, 0 failed, 0 missed", stage: .ok, idle: false),
        Case(
            outcome: DeliverOutcome(delivered: 3, failed: 1, firstFailure: "x"),
            summary: "3 delivered, 1 failed, 0 missed; first failure: x", stage: .degraded, idle: false),
        Case(
            outcome: DeliverOutcome(failed: 2, firstFailure: "standard output: broken pipe"),
            summary: "0 delivered, 2 failed, 0 missed; first failure: standard output: broken pipe", stage: .failed, idle: false),
        Case(outcome: DeliverOutcome(missed: 2), summary: "0 delivered, 0 failed, 2 missed", stage: .degraded, idle: false),
        Case(outcome: DeliverOutcome(delivered: 1, missed: 4), summary: "1 delivered, 0 failed, 4 missed", stage: .degraded, idle: false),
        Case(
            outcome: DeliverOutcome(interrupted: 1), summary: "0 delivered, 0 failed, 0 missed, 1 interrupted",
            stage: .degraded, idle: false),
        Case(
            outcome: DeliverOutcome(delivered: 2, interrupted: 1), summary: "2 delivered, 0 failed, 0 missed, 1 interrupted",
            stage: .degraded, idle: false),
        Case(
            outcome: DeliverOutcome(failed: 1, missed: 1, firstFailure: "y"),
            summary: "0 delivered, 1 failed, 1 missed; first failure: y", stage: .failed, idle: false),
    ]

    @Test("A desktop without any session is no failure when the item reached the inbox; a desktop that fails still is")
    func noDesktopSession() {
        let item = DeliverFixture.item("daily:2026-11-22", due: utc("2026-11-22T06:30:00Z"))
        let leg = DeliveryPlan.Leg(item: item, attempts: 0)
        var results = DeliveryResults(config: TidingsConfig(), now: item.dueAt)
        results.record([leg], on: .desktop, outcomes: [.noSession("no session bus: DBUS_SESSION_BUS_ADDRESS is not set")], platformInfo: [nil])
        results.record([leg], on: .inbox, outcomes: [.delivered], platformInfo: [nil])
        var headless = DeliverOutcome()
        headless.add(results)
        #expect(headless.failed == 0 && headless.noDesktop == 1 && headless.delivered == 1)
        #expect(headless.stageOutcome == .ok)
        #expect(headless.summary == "1 delivered, 0 failed, 0 missed, 1 sent to the inbox for want of a desktop session")
        #expect(!headless.idle)

        var broken = DeliveryResults(config: TidingsConfig(), now: item.dueAt)
        broken.record([leg], on: .desktop, outcomes: [.unavailable("no notification daemon: nothing owns it")], platformInfo: [nil])
        // Counted by the outcome's kind, never by its words: an unavailable reason that reads
        // like a missing session is still a failure.
        broken.record([leg], on: .desktop, outcomes: [.unavailable("no session bus: words only")], platformInfo: [nil])
        broken.record([leg], on: .inbox, outcomes: [.delivered], platformInfo: [nil])
        var failing = DeliverOutcome()
        failing.add(broken)
        #expect(failing.failed == 2 && failing.noDesktop == 0)
        #expect(failing.stageOutcome == .degraded)

        // With the inbox failing too, nothing got through: failed.
        var nowhere = DeliveryResults(config: TidingsConfig(), now: item.dueAt)
        nowhere.record([leg], on: .desktop, outcomes: [.noSession("no session bus: DBUS_SESSION_BUS_ADDRESS is not set")], platformInfo: [nil])
        nowhere.record([leg], on: .inbox, outcomes: [.failed("disk full")], platformInfo: [nil])
        var lost = DeliverOutcome()
        lost.add(nowhere)
        #expect(lost.stageOutcome == .failed)
    }

    @Test("summary, stageOutcome and idle for each mix of counts", arguments: cases)
    func table(c: Case) {
        #expect(c.outcome.summary == c.summary)
        #expect(c.outcome.stageOutcome == c.stage)
        #expect(c.outcome.idle == c.idle)
    }

    /// A channel that refuses the items whose id starts with "x", and reports an id it was never given.
    struct PickyChannel: Channel {
        let name: ChannelName = .command("picky")
        let reportsEngagement = true
        let platformInfo = "{}"
        func state() async -> ChannelState { .available }
        func send(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
            items.map { ChannelResult(id: $0.id, outcome: $0.id.hasPrefix("x") ? .failed("refused \($0.id)") : .delivered) }
                + [ChannelResult(id: "stranger", outcome: .delivered)]
        }
    }

    @Test("A channel failing some items: counted apart, first failure kept, degraded; unknown ids ignored")
    func partlyFailing() async throws {
        let f = try DeliverFixture()
        let due = utc("2026-11-22T06:30:00Z")
        try f.plan(["a", "x1", "x2"].map { DeliverFixture.item($0, due: due) })
        let outcome = try await f.run(now: due, channel: PickyChannel())
        #expect(outcome == DeliverOutcome(delivered: 1, failed: 2, firstFailure: "refused x1"))
        #expect(outcome.stageOutcome == .degraded)
        #expect(try f.stored("a").state == .delivered)
        #expect(try f.stored("x2").stateReason == "refused x2")
        #expect(try f.db.notifications(ids: ["stranger"]).isEmpty)
        #expect(try f.deliverRuns().map(\.summary) == ["1 delivered, 2 failed, 0 missed; first failure: refused x1"])
    }
}
