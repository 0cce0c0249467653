import Foundation
import Testing
import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Whole `deliver` runs against a real database: what is due goes out once, what is too
/// late is missed, failures are recorded, idle runs leave no trace.
@Suite struct DelivererTests {
    static let now = utc("2026-11-22T06:31:00Z")

    @Test("Items due later are not sent and stay pending")
    func futureNotSent() async throws {
        let f = try DeliverFixture()
        try f.plan([
            DeliverFixture.item("due", due: utc("2026-11-22T06:30:00Z")),
            DeliverFixture.item("later", due: utc("2026-11-22T07:30:00Z"), title: "Later"),
        ])
        let outcome = try await f.run(now: Self.now)
        #expect(outcome == DeliverOutcome(delivered: 1))
        #expect(f.output.lines == ["2026-11-22 07:30  Morning news — Today's headline."])
        #expect(try f.stored("due").state == .delivered)
        #expect(try f.stored("due").stateReason == nil)
        #expect(try f.stored("later").state == .pending)

        // A minute later nothing new is due: the delivered item is not sent twice.
        let again = try await f.run(now: Self.now + DeliverFixture.minute)
        #expect(again.idle)
        #expect(f.output.writes == 1)
        #expect(try f.deliverRuns().count == 1)
    }

    @Test("A run that delivered records one ok stage run and a delivery row per item")
    func stageRunRecorded() async throws {
        let f = try DeliverFixture()
        try f.plan([
            DeliverFixture.item("a", due: utc("2026-11-22T06:00:00Z")),
            DeliverFixture.item("b", due: utc("2026-11-22T06:30:00Z")),
        ])
        let outcome = try await f.run(now: Self.now)
        #expect(outcome.delivered == 2)
        #expect(outcome.stageOutcome == .ok)
        let runs = try f.deliverRuns()
        try #require(runs.count == 1)
        #expect(runs[0].stage == .deliver)
        #expect(runs[0].outcome == .ok)
        #expect(runs[0].summary == "2 delivered, 0 failed, 0 missed")
        #expect(runs[0].startedAt == Self.now)
        #expect(runs[0].endedAt >= Self.now)
        let counts = try f.db.reportCounts(
            from: utc("2026-11-22T00:00:00Z"), until: utc("2026-11-23T00:00:00Z"), engagementChannels: ["stdout"])
        #expect(counts.engageableNotifications == 2)
        #expect(counts.notificationStates == [.delivered: 2])
    }

    @Test("Items older than the grace period become missed: not written, counted, and settled")
    func missed() async throws {
        let f = try DeliverFixture()
        let now = utc("2026-11-22T09:00:00Z")
        try f.plan([DeliverFixture.item("old", due: utc("2026-11-22T06:00:00Z"))])
        let outcome = try await f.run(now: now)
        #expect(outcome == DeliverOutcome(missed: 1))
        #expect(outcome.stageOutcome == .degraded)
        #expect(f.output.writes == 0)
        let old = try f.stored("old")
        #expect(old.state == .missed)
        #expect(old.stateReason == "missed: due 2026-11-22T07:00:00+01:00, 3h late, grace is 2h")
        #expect(try f.deliverRuns().map(\.outcome) == [.degraded])
        #expect(try f.deliverRuns().first?.summary == "0 delivered, 0 failed, 1 missed")

        // The second run finds nothing to do and records nothing.
        let again = try await f.run(now: now + DeliverFixture.minute)
        #expect(again == DeliverOutcome())
        #expect(try f.deliverRuns().count == 1)
        #expect(f.output.writes == 0)
    }

    @Test("Due exactly at the grace limit is still delivered; a millisecond earlier is missed")
    func graceBoundary() async throws {
        let f = try DeliverFixture()
        f.config.delivery.grace = 30 * DeliverFixture.minute
        try f.plan([
            DeliverFixture.item("edge", due: utc("2026-11-22T06:30:00Z"), title: "Edge"),
            DeliverFixture.item("over", due: utc("2026-11-22T06:29:59.999Z"), title: "Over"),
        ])
        let outcome = try await f.run(now: utc("2026-11-22T07:00:00Z"))
        #expect(outcome == DeliverOutcome(delivered: 1, missed: 1))
        #expect(outcome.summary == "1 delivered, 0 failed, 1 missed")
        #expect(f.output.lines == ["2026-11-22 07:30  Edge — Today's headline."])
        #expect(try f.stored("edge").state == .delivered)
        #expect(try f.stored("over").state == .missed)
        #expect(try f.stored("over").stateReason == "missed: due 2026-11-22T07:29:59+01:00, 30m1ms late, grace is 30m")
    }

    @Test("A pipe that closes halfway: lines written in full are delivered, the rest stay due and go out with the next run")
    func pipeCloses() async throws {
        let f = try DeliverFixture()
        try f.plan([
            DeliverFixture.item("a", due: utc("2026-11-22T06:00:00Z"), title: "First"),
            DeliverFixture.item("b", due: utc("2026-11-22T06:30:00Z"), title: "Second"),
            DeliverFixture.item("c", due: utc("2026-11-22T06:31:00Z"), title: "Third"),
        ])
        // Room for the first line and a few bytes of the second.
        let firstLine = try f.db.notifications(ids: ["a"])["a"].map { $0.textLine(zone: DeliverFixture.berlin.resolved()) + "\n" } ?? ""
        f.output.fail(with: "standard output: Broken pipe", after: firstLine.utf8.count + 5)
        let outcome = try await f.run(now: Self.now)
        #expect(outcome.delivered == 1)
        #expect(outcome.failed == 0)
        #expect(outcome.dueAgain == 2)
        #expect(outcome.stageOutcome == .degraded)
        #expect(try f.stored("a").state == .delivered)
        for id in ["b", "c"] {
            let item = try f.stored(id)
            #expect(item.state == .pending)
            #expect(item.stateReason == "not sent: stdout could not take it; it is due again")
        }
        #expect(try f.deliverRuns().first?.summary == "1 delivered, 0 failed, 0 missed, 2 due again; first failure: standard output: Broken pipe")

        f.output.heal()
        let again = try await f.run(now: Self.now + DeliverFixture.minute)
        #expect(again.delivered == 2)
        #expect(f.output.lines.filter { $0.contains("First") }.count == 1, "a line written in full is not written again")
        #expect(f.output.lines.contains { $0.contains("Second") } && f.output.lines.contains { $0.contains("Third") })
        for id in ["a", "b", "c"] {
            #expect(try f.stored(id).state == .delivered)
        }
    }

    @Test("Nothing due: idle outcome, nothing written, no stage run", arguments: [false, true])
    func idle(withFutureItem: Bool) async throws {
        let f = try DeliverFixture()
        if withFutureItem { try f.plan([DeliverFixture.item("later", due: Self.now + 1)]) }
        let outcome = try await f.run(now: Self.now)
        #expect(outcome.idle)
        #expect(outcome == DeliverOutcome())
        #expect(f.output.writes == 0)
        #expect(try f.db.recentStageRuns(limit: 10).isEmpty)
    }

    @Test("A dead run's claim is resumed at once; what it may have printed is failed as interrupted, not printed again")
    func deadClaim() async throws {
        let f = try DeliverFixture()
        let claimedAt = utc("2026-11-22T06:30:00Z")
        try f.plan([DeliverFixture.item("waiting", due: claimedAt), DeliverFixture.item("printing", due: claimedAt)])
        // A run that ended (its pid now names nothing) had claimed both and started printing one.
        var dead = Claimant.current
        dead.pid = Int32.max - 7
        #expect(try f.db.claimDue(at: claimedAt, claimant: dead).count == 2)
        try f.db.markInFlight([("printing", 0)], channel: .stdout, claimant: dead, now: claimedAt)
        #expect(try f.db.hasDeliveryWork(at: claimedAt + DeliverFixture.minute))

        let outcome = try await f.run(now: claimedAt + DeliverFixture.minute)
        #expect(outcome.delivered == 1)
        #expect(outcome.interrupted == 1)
        #expect(outcome.resumed == 2)
        #expect(try f.stored("waiting").state == .delivered)
        let printing = try f.stored("printing")
        #expect(printing.state == .failed)
        #expect(printing.stateReason?.hasPrefix("interrupted:") == true)
        #expect(f.output.lines.count == 1, "only the item never started is printed")
        #expect(!(try f.db.hasDeliveryWork(at: claimedAt + 2 * DeliverFixture.minute)))
    }

    @Test("A meeting reminder sent a minute late says how long is really left; the stored text stays as planned")
    func countdownAtDelivery() async throws {
        let f = try DeliverFixture()
        let start = utc("2026-11-22T06:50:00Z")
        let reminder = NotificationRecord(
            id: "meeting:standup@example.org@10m", kind: .meeting, category: .transactional, title: "Standup",
            body: "Starts at 07:50 (in \(CountdownSlot.slot(.en))), until 08:05", deepLink: nil, dueAt: start - 10 * DeliverFixture.minute,
            plannedLocal: "2026-11-22T07:40", plannedZone: "Europe/Berlin", staleness: .fresh, contentFetchTime: nil,
            expiresAt: start, now: utc("2026-11-22T06:00:00Z"))
        try f.plan([reminder])
        _ = try await f.run(now: start - 9 * DeliverFixture.minute)
        #expect(f.output.lines.count == 1)
        #expect(f.output.text.contains("Starts at 07:50 (in 9 min), until 08:05"), "\(f.output.text)")
        #expect(try f.stored(reminder.id).body == reminder.body)
    }

    @Test("A reminder's countdown slot is filled in its own language as it is sent three minutes late (7 min left); the stored text keeps the slot")
    func countdownSlotAtDelivery() async throws {
        let f = try DeliverFixture()
        let start = utc("2026-11-22T06:50:00Z")
        let body = "Commence à 07:50 (dans \(CountdownSlot.slot(.fr))), jusqu’à 08:05"
        let reminder = NotificationRecord(
            id: "meeting:standup@example.org@10m", kind: .meeting, category: .transactional, title: "Standup",
            body: body, deepLink: nil, dueAt: start - 10 * DeliverFixture.minute,
            plannedLocal: "2026-11-22T07:40", plannedZone: "Europe/Berlin", staleness: .fresh, contentFetchTime: nil,
            expiresAt: start, now: utc("2026-11-22T06:00:00Z"))
        try f.plan([reminder])
        _ = try await f.run(now: start - 7 * DeliverFixture.minute)
        #expect(f.output.lines.count == 1)
        #expect(f.output.text.contains("Commence à 07:50 (dans 7 min), jusqu’à 08:05"), "\(f.output.text)")
        #expect(try f.stored(reminder.id).body == body)
    }

    @Test("A live run's claim is left alone, however old")
    func liveClaim() async throws {
        let f = try DeliverFixture()
        let claimedAt = utc("2026-11-22T06:30:00Z")
        try f.plan([DeliverFixture.item("busy", due: claimedAt)])
        #expect(try f.db.claimDue(at: claimedAt).map(\.id) == ["busy"])
        let outcome = try await f.run(now: claimedAt + 60 * DeliverFixture.minute)
        #expect(outcome.idle)
        #expect(try f.stored("busy").state == .delivering)
        #expect(f.output.writes == 0)
    }
}
