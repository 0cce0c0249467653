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

    @Test("summary, stageOutcome and idle for each mix of counts", arguments: cases)
    func table(c: Case) {
        #expect(c.outcome.summary == c.summary)
        #expect(c.outcome.stageOutcome == c.stage)
        #expect(c.outcome.idle == c.idle)
    }

    /// A channel that refuses the items whose id starts with "x", and reports an id it was never given.
    struct PickyChannel: Channel {
        let name = "picky"
        let reportsEngagement = true
        let platformInfo = "{}"
        func state() async -> ChannelState { .available }
        func send(_ items: [NotificationRecord], now: EpochMillis) async -> [ChannelResult] {
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
