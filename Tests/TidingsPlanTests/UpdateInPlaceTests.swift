import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// A delivered item whose facts change is planned again as its next revision; expiry of
/// daily updates and of content.
@Suite struct UpdateInPlaceTests {
    // 06:00 in Berlin; the update is due 07:30 (06:30Z).
    static let now = utc("2026-11-22T05:00:00Z")
    static let id = "daily:2026-11-22"

    /// Plans today's update from content `body`, and marks it delivered at 07:30.
    func delivered(_ f: PlanFixture, body: String) throws {
        try f.store([content("n1", body: body, scheduled: "2026-11-22T05:30:00Z", fetched: Self.now)], at: Self.now)
        try f.run(now: Self.now, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
        let claimed = try f.db.claimDue(at: utc("2026-11-22T06:30:00Z"))
        try f.db.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: $0.dueAt, contentAge: 0,
                    staleness: $0.staleness, channel: .stdout, outcome: .delivered)
            }, now: utc("2026-11-22T06:30:00Z"))
        #expect(try f.stored(Self.id)?.state == .delivered)
    }

    @Test("A correction of the same content item after delivery: revision 1, pending, due at once")
    func correction() throws {
        let f = try PlanFixture()
        try delivered(f, body: "Open at nine")
        let later = utc("2026-11-22T08:00:00Z")
        try f.store([content("n1", body: "Open at ten", scheduled: "2026-11-22T05:30:00Z", fetched: later)], at: later)
        let outcome = try f.run(now: later, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
        #expect(outcome.changes?.resent == 1)
        let item = try #require(try f.stored(Self.id))
        #expect(item.state == .pending)
        #expect(item.revision == 1)
        #expect(item.body == "Open at ten")
        #expect(item.dueAt == later)
        #expect(item.createdAt == Self.now)

        // Planning again keeps it an update, due when it was.
        let again = try f.run(now: later + PlanFixture.minute, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
        #expect(again.changes?.resent == 0)
        #expect(try f.stored(Self.id)?.revision == 1)
        #expect(try f.stored(Self.id)?.dueAt == later)
    }

    @Test("The same text fetched again, or a different item chosen, is no update")
    func noUpdate() throws {
        let f = try PlanFixture()
        try delivered(f, body: "Open at nine")
        let later = utc("2026-11-22T08:00:00Z")
        try f.store([content("n1", body: "Open at nine", scheduled: "2026-11-22T05:30:00Z", fetched: later)], at: later)
        #expect(try f.run(now: later, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour).changes?.resent == 0)
        try f.store([content("n2", body: "Other news", scheduled: "2026-11-22T07:00:00Z", fetched: later)], at: later)
        #expect(try f.run(now: later, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour).changes?.resent == 0)
        #expect(try f.stored(Self.id)?.state == .delivered)
        #expect(try f.stored(Self.id)?.revision == 0)
    }

    @Test("After the end of its day a delivered update is not corrected any more")
    func noUpdateAfterExpiry() throws {
        let f = try PlanFixture()
        try delivered(f, body: "Open at nine")
        let nextDay = utc("2026-11-22T23:30:00Z")  // 00:30 in Berlin
        try f.store([content("n1", body: "Open at ten", scheduled: "2026-11-22T05:30:00Z", fetched: nextDay)], at: nextDay)
        try f.run(now: nextDay, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
        #expect(try f.stored(Self.id)?.revision == 0)
    }

    @Test("Daily updates expire at the end of their day, or at their content's expiresAt when sooner; expired content is not chosen")
    func dailyExpiry() throws {
        let f = try PlanFixture()
        var flash = content("n1", body: "Until nine", scheduled: "2026-11-22T05:30:00Z", fetched: Self.now)
        flash.expiresAt = utc("2026-11-22T08:00:00Z")
        try f.store([flash], at: Self.now)
        let planned = try f.planned(now: Self.now, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day)
        #expect(planned.map(\.expiresAt) == [utc("2026-11-22T08:00:00Z"), utc("2026-11-23T23:00:00Z")])
        #expect(planned.first?.body == "Until nine")
        // Tomorrow the flash item has expired: the emergency line stands in.
        #expect(planned.last?.staleness == .emergency)
    }
}
