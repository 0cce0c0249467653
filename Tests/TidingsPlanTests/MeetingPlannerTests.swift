import Testing
import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// Meeting reminders through `Planner.run` and a real database: each lead time's reminder
/// stored, moved, cancelled on its own.
@Suite struct MeetingPlannerTests {
    typealias F = MeetingFixture
    static let ids = ["meeting:standup-1@example.org@10m", "meeting:standup-1@example.org@1m"]

    /// A database holding `text` as the calendar "work", planned with `config` at `now`.
    static func planned(_ text: String, config: TidingsConfig) throws -> PlanFixture {
        let f = try PlanFixture()
        f.config = config
        try F.store(text, in: f.db, at: F.now)
        try f.run(now: F.now, zone: F.berlin)
        return f
    }

    static let twoLeads = F.config { $0.leadTimes = [10 * PlanFixture.minute, PlanFixture.minute] }

    @Test("Both reminders are stored with expiry, subject and fingerprint; a second run changes nothing")
    func stored() throws {
        let f = try Self.planned(F.calendar([F.meeting("standup-1@example.org")]), config: Self.twoLeads)
        for id in Self.ids {
            let item = try #require(try f.stored(id))
            #expect(item.state == .pending)
            #expect(item.expiresAt == TestClock.at("2026-11-23T09:00", in: F.berlin))
            #expect(item.subject == "event:" + id)
            #expect(item.fingerprint?.hasPrefix("2026-11-23T08:00:00Z\u{1f}2026-11-23T09:00:00Z\u{1f}Client review\u{1f}") == true)
        }
        let again = try f.run(now: F.now, zone: F.berlin)
        #expect(again.changes?.created == 0 && again.changes?.updated == 0 && again.changes?.unchanged == 2)
        #expect(again.cancelled.isEmpty)
    }

    @Test("A reminder planned before the countdown slot (its text says \"(in 10 min)\") gets the slot's text at the next plan")
    func textBeforeSlot() throws {
        let f = try Self.planned(F.calendar([F.meeting("standup-1@example.org")]), config: Self.twoLeads)
        let planned = try #require(try f.stored(Self.ids[0]))
        #expect(CountdownSlot.count(in: planned.body) == 1, "\(planned.body)")
        var old = planned
        old.body = planned.body.replacing(CountdownSlot.slot(.en), with: "10 min")
        _ = try f.db.applyPlan([old], now: F.now)
        #expect(try f.stored(Self.ids[0])?.body == old.body)
        let again = try f.run(now: F.now + PlanFixture.minute, zone: F.berlin)
        #expect(again.changes?.updated == 1)
        #expect(try f.stored(Self.ids[0])?.body == planned.body)
        #expect(try f.stored(Self.ids[0])?.state == .pending)
    }

    @Test("A moved event moves every one of its reminders")
    func moved() throws {
        let f = try Self.planned(F.calendar([F.meeting("standup-1@example.org")]), config: Self.twoLeads)
        let later = F.now + PlanFixture.hour
        try F.store(F.calendar([F.meeting("standup-1@example.org", start: "110000", end: "120000")]), in: f.db, at: later)
        let outcome = try f.run(now: later, zone: F.berlin)
        #expect(outcome.cancelled.isEmpty)
        #expect(outcome.changes?.updated == 2)
        #expect(try f.stored(Self.ids[0])?.dueAt == TestClock.at("2026-11-23T10:50", in: F.berlin))
        #expect(try f.stored(Self.ids[1])?.dueAt == TestClock.at("2026-11-23T10:59", in: F.berlin))
        #expect(try f.stored(Self.ids[1])?.expiresAt == TestClock.at("2026-11-23T11:00", in: F.berlin))
    }

    @Test("Dropping a lead time cancels only its reminders, as a change of settings")
    func droppedLead() throws {
        let f = try Self.planned(F.calendar([F.meeting("standup-1@example.org")]), config: Self.twoLeads)
        f.config.meetings.leadTimes = [10 * PlanFixture.minute]
        let outcome = try f.run(now: F.now + PlanFixture.minute, zone: F.berlin)
        #expect(outcome.cancelled == [Self.ids[1]])
        #expect(try f.stored(Self.ids[0])?.state == .pending)
        let dropped = try #require(try f.stored(Self.ids[1]))
        #expect(dropped.state == .cancelled)
        #expect(dropped.stateReason == "no longer planned (settings changed)")
    }

    @Test("Declining after the reminders were planned cancels all of them")
    func declinedLater() throws {
        let config = F.config {
            $0.leadTimes = [10 * PlanFixture.minute, PlanFixture.minute]
            $0.me = ["alice@example.org"]
        }
        let invited = F.meeting("standup-1@example.org", "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:alice@example.org")
        let f = try Self.planned(F.calendar([invited]), config: config)
        #expect(try Self.ids.allSatisfy { try f.stored($0)?.state == .pending })

        let later = F.now + PlanFixture.hour
        try F.store(F.calendar([invited.replacingOccurrences(of: "NEEDS-ACTION", with: "DECLINED")]), in: f.db, at: later)
        let outcome = try f.run(now: later, zone: F.berlin)
        #expect(outcome.cancelled == Self.ids)
        for id in Self.ids {
            let item = try #require(try f.stored(id))
            #expect(item.state == .cancelled)
            #expect(item.stateReason == "the event was cancelled, declined, moved or removed")
        }
    }

    @Test("A reminder delivered under its old id (before ids carried the lead) is not sent again; a later lead still comes")
    func legacyID() throws {
        let f = try PlanFixture()
        f.config = Self.twoLeads
        try F.store(F.calendar([F.meeting("standup-1@example.org")]), in: f.db, at: F.now)
        // Delivered at 08:50 by an older version, as `meeting:<uid>`.
        let sent = TestClock.at("2026-11-23T08:50", in: F.berlin)
        var old = NotificationRecord(
            id: "meeting:standup-1@example.org", kind: .meeting, category: .transactional, title: "Client review", body: "Starts at 09:00",
            deepLink: nil, dueAt: sent, plannedLocal: "2026-11-23T08:50", plannedZone: "Europe/Berlin", staleness: .fresh,
            contentFetchTime: F.now, now: F.now)
        // v22 stores an id without a lead as its own occurrence (TypedFactsMigrationTests).
        old.occurrence = old.id
        _ = try f.db.applyPlan([old], now: F.now)
        _ = try f.db.claimDue(at: sent)
        try f.db.recordDeliveries(
            [
                DeliveryRecord(
                    notificationId: old.id, scheduledTime: sent, actualDeliveryTime: sent, contentAge: 0, staleness: .fresh,
                    channel: .stdout, outcome: .delivered)
            ], now: sent)
        #expect(try f.stored(old.id)?.state == .delivered)
        try f.run(now: sent + PlanFixture.minute, zone: F.berlin)
        #expect(try f.stored(Self.ids[0]) == nil, "the 10-minute reminder went out under the old id")
        #expect(try f.stored(Self.ids[1])?.state == .pending)
    }
}
