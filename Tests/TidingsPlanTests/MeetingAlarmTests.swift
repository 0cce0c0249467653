import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// Reminders at the times of the event's own alarms (`meetings.use_event_alarms`).
@Suite struct MeetingAlarmTests {
    typealias F = MeetingFixture

    /// A VALARM that shows a reminder `trigger` (e.g. `-PT30M`) from the start.
    static func alarm(_ trigger: String) -> String {
        "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Reminder\nTRIGGER:\(trigger)\nEND:VALARM"
    }

    /// At 09:00 with a 30-minute alarm, at 11:00 without one.
    static let calendar = F.calendar([
        F.meeting("alarm-1", start: "090000", end: "100000", alarm("-PT30M")),
        F.meeting("plain-1", start: "110000", end: "120000"),
    ])

    static func dues(_ items: [NotificationRecord]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: items.map { ($0.id, ISOTime.format($0.dueAt, in: F.berlin)) })
    }

    @Test("An event's alarm sets its reminder; one without alarms keeps lead_times")
    func alarmSetsTheLead() throws {
        let items = try F.reminders(Self.calendar, config: F.config())
        #expect(
            Self.dues(items) == [
                "meeting:alarm-1@30m": "2026-11-23T08:30:00+01:00", "meeting:plain-1@10m": "2026-11-23T10:50:00+01:00",
            ])
        #expect(items.first { $0.id == "meeting:alarm-1@30m" }.map { $0.countdownFilled(at: $0.dueAt).body.contains("in 30 min") } == true)
    }

    @Test("use_event_alarms = false: lead_times for every event")
    func turnedOff() throws {
        let items = try F.reminders(Self.calendar, config: F.config { $0.useEventAlarms = false })
        #expect(
            Self.dues(items) == [
                "meeting:alarm-1@10m": "2026-11-23T08:50:00+01:00", "meeting:plain-1@10m": "2026-11-23T10:50:00+01:00",
            ])
    }

    @Test(
        "Alarms outside 1 minute to 1 day before the start leave lead_times; an absolute one counts from the start",
        arguments: [
            ([alarm("PT0S")], ["meeting:alarm-2@10m"]),
            ([alarm("PT5M"), alarm("-P2D")], ["meeting:alarm-2@10m"]),
            ([alarm("-PT5M"), alarm("-PT1H")], ["meeting:alarm-2@5m", "meeting:alarm-2@1h"]),
            // 08:45 Berlin.
            (["BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;VALUE=DATE-TIME:20261123T074500Z\nEND:VALARM"], ["meeting:alarm-2@15m"]),
            // The email alarm is not a reminder here.
            (["BEGIN:VALARM\nACTION:EMAIL\nTRIGGER:-PT1H\nSUMMARY:x\nDESCRIPTION:x\nEND:VALARM"], ["meeting:alarm-2@10m"]),
        ] as [([String], [String])])
    func whichAlarmsCount(alarms: [String], ids: [String]) throws {
        let text = F.calendar([([F.meeting("alarm-2")] + alarms).joined(separator: "\n")])
        #expect(try F.reminders(text, config: F.config()).map(\.id).sorted() == ids.sorted())
    }

    @Test("A reminder sent under one lead is not sent again when the event's alarm changes after its time")
    func sentUnderAnotherLead() throws {
        // Given the 10-minute reminder delivered at 08:50
        let f = try PlanFixture()
        f.config = F.config()
        try F.store(F.calendar([F.meeting("alarm-3")]), in: f.db, at: F.now)
        try f.run(now: F.now, zone: F.berlin)
        let sent = TestClock.at("2026-11-23T08:50", in: F.berlin)
        _ = try f.db.claimDue(at: sent)
        try f.db.recordDeliveries(
            [
                DeliveryRecord(
                    notificationId: "meeting:alarm-3@10m", scheduledTime: sent, actualDeliveryTime: sent, contentAge: 0, staleness: .fresh,
                    channel: .stdout, outcome: .delivered)
            ], now: sent)
        #expect(try f.stored("meeting:alarm-3@10m")?.state == .delivered)
        // When the event gains a 30-minute alarm and a 5-minute one, and plan runs at 08:52
        let later = sent + 2 * PlanFixture.minute
        try F.store(F.calendar([F.meeting("alarm-3", Self.alarm("-PT30M"), Self.alarm("-PT5M"))]), in: f.db, at: later)
        try f.run(now: later, zone: F.berlin)
        // Then the 30-minute reminder, whose time has passed, is not sent; the 5-minute one still comes
        #expect(try f.stored("meeting:alarm-3@30m") == nil)
        #expect(try f.stored("meeting:alarm-3@10m")?.state == .delivered)
        #expect(try f.stored("meeting:alarm-3@5m")?.state == .pending)
    }

    @Test("An alarm added before anything was sent: its reminder is planned at once, the old lead's cancelled")
    func alarmAddedLate() throws {
        let f = try PlanFixture()
        f.config = F.config()
        try F.store(F.calendar([F.meeting("alarm-4")]), in: f.db, at: F.now)
        try f.run(now: F.now, zone: F.berlin)
        let later = TestClock.at("2026-11-23T08:40", in: F.berlin)
        try F.store(F.calendar([F.meeting("alarm-4", Self.alarm("-PT30M"))]), in: f.db, at: later)
        let outcome = try f.run(now: later, zone: F.berlin)
        #expect(try f.stored("meeting:alarm-4@30m")?.dueAt == later)
        #expect(outcome.cancelled == ["meeting:alarm-4@10m"])
        #expect(try f.stored("meeting:alarm-4@10m")?.stateReason == "the event was cancelled, declined, moved or removed")
    }
}
