import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

@testable import TidingsPlan

/// Events the user declined: no reminder, and not counted in the weekly summary.
@Suite struct AttendanceTests {
    typealias F = MeetingFixture

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var me = ["Alice@Example.org"]
        var skipTentative = false
        let lines: [String]
        let reminded: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "declined", lines: ["ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org"], reminded: false),
        Case(name: "declined, address in other case and MAILTO:", lines: ["ATTENDEE;PARTSTAT=DECLINED:MAILTO:ALICE@EXAMPLE.ORG"], reminded: false),
        Case(
            name: "me written with mailto:", me: ["mailto:alice@example.org"], lines: ["ATTENDEE;PARTSTAT=DECLINED:alice@example.org"],
            reminded: false),
        Case(name: "accepted", lines: ["ATTENDEE;PARTSTAT=ACCEPTED:mailto:alice@example.org"], reminded: true),
        Case(name: "not answered", lines: ["ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:alice@example.org"], reminded: true),
        Case(name: "no PARTSTAT", lines: ["ATTENDEE:mailto:alice@example.org"], reminded: true),
        Case(name: "tentative", lines: ["ATTENDEE;PARTSTAT=TENTATIVE:mailto:alice@example.org"], reminded: true),
        Case(
            name: "tentative with skip_tentative", skipTentative: true, lines: ["ATTENDEE;PARTSTAT=TENTATIVE:mailto:alice@example.org"],
            reminded: false),
        Case(
            name: "declined with skip_tentative", skipTentative: true, lines: ["ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org"], reminded: false
        ),
        Case(name: "someone else declined", lines: ["ATTENDEE;PARTSTAT=DECLINED:mailto:bob@example.org"], reminded: true),
        Case(
            name: "declined as attendee but the organizer",
            lines: ["ORGANIZER:mailto:alice@example.org", "ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org"], reminded: true),
        Case(name: "no me configured", me: [], lines: ["ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org"], reminded: true),
        Case(
            name: "declined from one address, accepted from the other", me: ["alice@example.org", "alice@home.example"],
            lines: ["ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:alice@home.example"],
            reminded: true),
        Case(
            name: "declined from both addresses", me: ["alice@example.org", "alice@home.example"],
            lines: ["ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org", "ATTENDEE;PARTSTAT=DECLINED:mailto:alice@home.example"],
            reminded: false),
    ]

    @Test("Who declined, with which address, and whether the event is reminded of", arguments: cases)
    func answers(_ test: Case) throws {
        let config = F.config {
            $0.me = test.me
            $0.skipTentative = test.skipTentative
        }
        // Someone else organizes, unless the case says who does.
        let organizer = test.lines.contains { $0.hasPrefix("ORGANIZER") } ? [] : ["ORGANIZER:mailto:boss@example.org"]
        let event = ([F.meeting("m@example.org")] + organizer + test.lines).joined(separator: "\n")
        let items = try F.reminders(F.calendar([event]), config: config)
        #expect(items.isEmpty == !test.reminded)
    }

    @Test("Declining one instance of a series skips that instance only; its override has its own answer")
    func declinedInstance() throws {
        let master = F.meeting(
            "sync@example.org", summary: "Sync", "RRULE:FREQ=DAILY;COUNT=3",
            "ATTENDEE;PARTSTAT=ACCEPTED:mailto:alice@example.org")
        let override = """
            UID:sync@example.org
            RECURRENCE-ID;TZID=Europe/Berlin:20261124T090000
            SUMMARY:Sync
            DTSTART;TZID=Europe/Berlin:20261124T090000
            DTEND;TZID=Europe/Berlin:20261124T100000
            LOCATION:\(F.zoom)
            ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org
            """
        let config = F.config { $0.me = ["alice@example.org"] }
        let items = try F.reminders(F.calendar([master, override]), config: config, horizon: 3 * PlanFixture.day)
        #expect(
            items.map(\.id).sorted() == [
                "meeting:sync@example.org:2026-11-23T08:00:00Z@10m", "meeting:sync@example.org:2026-11-25T08:00:00Z@10m",
            ])
    }

    @Test("The weekly summary leaves out the meetings the user declined")
    func weeklyLeavesOutDeclined() throws {
        // Two one-hour meetings on Monday; the user declined the second.
        let kept = F.meeting("kept@example.org", summary: "Planning")
        let declined = F.meeting(
            "declined@example.org", start: "140000", end: "150000", summary: "All hands",
            "ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org")
        let calendars = try F.expanded(F.calendar([kept, declined]))
        let sunday = TestClock.at("2026-11-29T18:00", in: F.berlin)
        let everyone = WeekStatistics(calendars: calendars, at: sunday, zone: F.berlin, attendance: Attendance(config: F.config()))
        let alice = WeekStatistics(
            calendars: calendars, at: sunday, zone: F.berlin, attendance: Attendance(config: F.config { $0.me = ["alice@example.org"] }))
        #expect(everyone.past.meetings == 2 && everyone.past.millis == 2 * PlanFixture.hour)
        #expect(alice.past.meetings == 1 && alice.past.millis == PlanFixture.hour)
        #expect(alice.text().title == "Your week: 1 meeting, 1 h")
    }
}
