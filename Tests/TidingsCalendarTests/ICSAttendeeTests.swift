import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// Who is invited, and how they answered: per instance, and bounded.
@Suite struct ICSAttendeeTests {
    /// A daily meeting three times; the user declined the second, the third moved without
    /// attendees of its own.
    static let series = ICSFixtures.calendar(
        ICSFixtures.event(
            "UID:sync@example.com",
            "DTSTART:20260410T090000Z",
            "DURATION:PT30M",
            "RRULE:FREQ=DAILY;COUNT=3",
            "ORGANIZER:mailto:boss@example.com",
            "ATTENDEE;PARTSTAT=ACCEPTED:mailto:alice@example.org",
            "ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.org"),
        ICSFixtures.event(
            "UID:sync@example.com",
            "RECURRENCE-ID:20260411T090000Z",
            "DTSTART:20260411T090000Z",
            "DURATION:PT30M",
            "ORGANIZER:mailto:boss@example.com",
            "ATTENDEE;PARTSTAT=DECLINED:MAILTO:Alice@Example.ORG"),
        ICSFixtures.event(
            "UID:sync@example.com",
            "RECURRENCE-ID:20260412T090000Z",
            "DTSTART:20260412T100000Z",
            "DURATION:PT30M"))

    @Test("An override carries its own attendees and answers; one without ATTENDEE keeps the master's")
    func overrideAttendees() throws {
        let occurrences = try icsExpand(Self.series).occurrences
        #expect(occurrences.map(\.start) == ["2026-04-10T09:00:00Z", "2026-04-11T09:00:00Z", "2026-04-12T10:00:00Z"].map(icsUTC))
        let accepted = [
            CalendarAttendee(address: "alice@example.org", partstat: "ACCEPTED"),
            CalendarAttendee(address: "bob@example.org", partstat: "ACCEPTED"),
        ]
        #expect(occurrences[0].attendees == accepted && occurrences[0].attendeeCount == 2)
        #expect(occurrences[1].attendees == [CalendarAttendee(address: "alice@example.org", partstat: "DECLINED")])
        #expect(occurrences[1].attendeeCount == 1)
        #expect(occurrences[2].attendees == accepted && occurrences[2].attendeeCount == 2)
        #expect(occurrences.allSatisfy { $0.organizer == "boss@example.com" })
    }

    @Test("Past the first 1,000 attendees they are only counted", arguments: [999, 1000, 1001, 2500])
    func attendeeCap(count: Int) throws {
        let attendees = (0..<count).map { "ATTENDEE;PARTSTAT=ACCEPTED:mailto:person\($0)@example.org" }
        let lines = ["UID:all-hands", "DTSTART:20260410T090000Z", "DURATION:PT1H"] + attendees
        let text = ICSFixtures.calendar((["BEGIN:VEVENT"] + lines + ["END:VEVENT"]).joined(separator: "\n"))
        let occurrence = try #require(try icsExpand(text).occurrences.first)
        #expect(occurrence.attendeeCount == count)
        #expect(occurrence.attendees.count == min(count, ICalendar.maxAttendees))
        #expect(occurrence.attendees.first?.address == "person0@example.org")
        #expect(occurrence.attendees.last?.address == "person\(min(count, ICalendar.maxAttendees) - 1)@example.org")
    }

    @Test("A hostile invitation with 100,000 attendees, repeated daily, expands with 1,000 read per instance")
    func hostileAttendees() throws {
        let attendees = (0..<100_000).map { "ATTENDEE;PARTSTAT=DECLINED:mailto:p\($0)@x.org" }
        let lines = ["UID:flood", "DTSTART:20260410T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=200"] + attendees
        let text = ICSFixtures.calendar((["BEGIN:VEVENT"] + lines + ["END:VEVENT"]).joined(separator: "\n"))
        let occurrences = try icsExpand(text).occurrences
        #expect(occurrences.count == 200)
        #expect(occurrences.allSatisfy { $0.attendeeCount == 100_000 && $0.attendees.count == ICalendar.maxAttendees })
    }

    @Test("Addresses are compared without case or mailto:, and an empty one is dropped")
    func addressForms() throws {
        let text = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:forms", "DTSTART:20260410T090000Z",
                "ORGANIZER:MAILTO: Boss@Example.COM",
                "ATTENDEE;PARTSTAT=tentative:Carol@Example.org",
                "ATTENDEE;PARTSTAT=DECLINED:mailto:",
                "ATTENDEE;PARTSTAT=X-AWAY:mailto:dan@example.org"))
        let occurrence = try #require(try icsExpand(text).occurrences.first)
        #expect(occurrence.organizer == "boss@example.com")
        #expect(
            occurrence.attendees == [
                CalendarAttendee(address: "carol@example.org", partstat: "TENTATIVE"),
                CalendarAttendee(address: "dan@example.org", partstat: "X-AWAY"),
            ])
        #expect(occurrence.attendeeCount == 3)
    }
}
