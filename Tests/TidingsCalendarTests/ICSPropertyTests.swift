import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// The text and people of an event.
@Suite struct ICSPropertyTests {
    private func invitation() throws -> CalendarOccurrence {
        try #require(try icsExpand(ICSFixtures.invitation).occurrences.first)
    }

    @Test func conferenceValuesInOrder() throws {
        #expect(
            try invitation().conference == [
                "https://meet.example.com/abc", "tel:+1-555-0100", "https://meet.google.com/abc-defg-hij",
            ])
    }

    @Test func organizerAndAttendees() throws {
        let occurrence = try invitation()
        #expect(occurrence.organizer == "boss@example.com")
        #expect(
            occurrence.attendees == [
                CalendarAttendee(address: "ann@example.com", partstat: "ACCEPTED"),
                CalendarAttendee(address: "bob@example.com", partstat: "DECLINED"),
                CalendarAttendee(address: "carol@example.com", partstat: "TENTATIVE"),
                CalendarAttendee(address: "dan@example.com", partstat: "NEEDS-ACTION"),
                CalendarAttendee(address: "eve@example.com", partstat: nil),
            ])
    }

    @Test func textFields() throws {
        let occurrence = try invitation()
        // SUMMARY is cleaned (escaped newline folded, bidi override dropped, trimmed); the rest is as written.
        #expect(occurrence.summary == "Quarterly review")
        #expect(occurrence.location == "Room 4, 2nd floor")
        #expect(occurrence.description == "<p>Join: <a href=\"https://zoom.us/j/123\">zoom</a></p>\nSee you")
        #expect(occurrence.url == "https://example.com/event/1")
        #expect(occurrence.uid == "invite-1@example.com")
        #expect(occurrence.sequence == 4)
        #expect(occurrence.start == icsUTC("2026-04-10T09:00:00Z"))
        #expect(occurrence.end == icsUTC("2026-04-10T09:45:00Z"))
        #expect(!occurrence.cancelled && !occurrence.allDay)
    }

    @Test func absentFields() throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.event("UID:bare", "DTSTART:20260410T090000Z"))
        let occurrence = try #require(try icsExpand(calendar).occurrences.first)
        #expect(occurrence.summary == "")
        #expect(occurrence.location == nil && occurrence.description == nil && occurrence.url == nil)
        #expect(occurrence.organizer == nil && occurrence.attendees.isEmpty && occurrence.conference.isEmpty)
        #expect(occurrence.sequence == 0)
    }

    @Test func eventWithoutUID() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("DTSTART:20260410T090000Z", "SUMMARY:One"),
            ICSFixtures.event("DTSTART:20260411T090000Z", "SUMMARY:Two"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.summary) == ["One", "Two"])
        // Each gets a UID of its own, derived from its content (see ICSMissingUIDTests).
        #expect(expansion.occurrences.allSatisfy { $0.uid.hasPrefix("no-uid-") })
        #expect(Set(expansion.occurrences.map(\.uid)).count == 2)
    }

    @Test func eventWithoutValidStartIsSkipped() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:bad", "DTSTART:2026-04-10 09:00", "SUMMARY:Bad"),
            ICSFixtures.event("UID:none", "SUMMARY:No start"),
            ICSFixtures.event("UID:good", "DTSTART:20260410T090000Z", "SUMMARY:Good"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.uid) == ["good"])
        #expect(expansion.eventCount == 1)
        #expect(
            expansion.warnings == [
                "event \"bad\": its dtstart cannot be read, skipped", "event \"none\": it has no dtstart, skipped",
            ])
    }

    @Test func foldedLinesAndLowercaseNames() throws {
        let text =
            "begin:vcalendar\nversion:2.0\nbegin:vevent\nuid:folded\ndtstart:20260410T090000Z\nsummary:A long\n  title\nEND:VEVENT\nend:VCALENDAR\n"
        let expansion = try icsExpand(text)
        #expect(expansion.occurrences.map(\.summary) == ["A long title"])
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let text = "\u{FEFF}" + ICSFixtures.invitation
        #expect(try icsExpand(text).occurrences.count == 1)
        #expect(try ICalendar.validate(Array(text.utf8)) == 1)
    }
}
