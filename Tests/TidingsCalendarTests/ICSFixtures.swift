import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// Calendars for the ICS tests, written by hand.
enum ICSFixtures {
    /// Wraps `parts` (VTIMEZONEs and VEVENTs) in a VCALENDAR with CRLF line ends.
    static func calendar(_ parts: String...) -> String {
        let body =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings//Tests//EN"] + parts + ["END:VCALENDAR", ""])
            .joined(separator: "\n")
        return body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }

    /// A VEVENT with the given lines between BEGIN and END.
    static func event(_ lines: String...) -> String {
        (["BEGIN:VEVENT"] + lines + ["END:VEVENT"]).joined(separator: "\n")
    }

    static let berlinZone = """
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:DAYLIGHT
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        TZNAME:CEST
        DTSTART:19700329T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        TZNAME:CET
        DTSTART:19701025T030000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        END:STANDARD
        END:VTIMEZONE
        """

    static let newYorkZone = """
        BEGIN:VTIMEZONE
        TZID:America/New_York
        BEGIN:DAYLIGHT
        TZOFFSETFROM:-0500
        TZOFFSETTO:-0400
        TZNAME:EDT
        DTSTART:20070311T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:-0400
        TZOFFSETTO:-0500
        TZNAME:EST
        DTSTART:20071104T020000
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
        END:STANDARD
        END:VTIMEZONE
        """

    /// As Outlook writes it: a Windows name and rules from 1601.
    static let outlookBerlinZone = """
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        """

    /// A zone that claims an IANA name but has its own fixed offset (+03:00): the file's definition wins.
    static let fakeBerlinZone = """
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:STANDARD
        DTSTART:19700101T000000
        TZOFFSETFROM:+0300
        TZOFFSETTO:+0300
        TZNAME:XST
        END:STANDARD
        END:VTIMEZONE
        """

    /// A meeting every Sunday at 09:00 in `tzid`, from 2026-03-01 (DST weeks: 03-08 and 03-29, 10-25 and 11-01).
    static func sundayMeeting(tzid: String) -> String {
        event(
            "UID:sunday-\(tzid)",
            "DTSTAMP:20260101T000000Z",
            "DTSTART;TZID=\(tzid):20260301T090000",
            "DTEND;TZID=\(tzid):20260301T093000",
            "RRULE:FREQ=WEEKLY;BYDAY=SU",
            "SUMMARY:Sunday sync")
    }

    /// Weekly on Mondays 10:00 Berlin from 2026-01-05: 01-12 excluded, 01-19 moved to Tuesday 01-20
    /// 15:00, 01-26 cancelled.
    static let weeklyWithExceptions = calendar(
        berlinZone,
        event(
            "UID:weekly-1",
            "DTSTART;TZID=Europe/Berlin:20260105T100000",
            "DTEND;TZID=Europe/Berlin:20260105T110000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO",
            "EXDATE;TZID=Europe/Berlin:20260112T100000",
            "SUMMARY:Team sync",
            "LOCATION:Room 1",
            "SEQUENCE:2"),
        event(
            "UID:weekly-1",
            "RECURRENCE-ID;TZID=Europe/Berlin:20260119T100000",
            "DTSTART;TZID=Europe/Berlin:20260120T150000",
            "DTEND;TZID=Europe/Berlin:20260120T160000",
            "SUMMARY:Team sync (moved)",
            "SEQUENCE:3"),
        event(
            "UID:weekly-1",
            "RECURRENCE-ID;TZID=Europe/Berlin:20260126T100000",
            "DTSTART;TZID=Europe/Berlin:20260126T100000",
            "DTEND;TZID=Europe/Berlin:20260126T110000",
            "STATUS:CANCELLED",
            "SEQUENCE:3"))

    /// Properties a meeting invitation carries.
    static let invitation = calendar(
        event(
            "UID:invite-1@example.com",
            "DTSTART:20260410T090000Z",
            "DURATION:PT45M",
            "SUMMARY:  Quarterly\\n review\u{202E} ",
            "LOCATION:Room 4\\, 2nd floor",
            "DESCRIPTION:<p>Join: <a href=\"https://zoom.us/j/123\">zoom</a></p>\\nSee you",
            "URL:https://example.com/event/1",
            "CONFERENCE;VALUE=URI;FEATURE=VIDEO;LABEL=Join:https://meet.example.com/abc",
            "CONFERENCE;VALUE=URI;FEATURE=PHONE:tel:+1-555-0100",
            "X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij",
            "ORGANIZER;CN=The Boss:MAILTO:Boss@Example.COM",
            "ATTENDEE;CN=Ann;PARTSTAT=ACCEPTED:mailto:Ann@example.com",
            "ATTENDEE;CN=Bob;PARTSTAT=DECLINED:mailto:bob@example.com",
            "ATTENDEE;PARTSTAT=TENTATIVE:mailto:carol@example.com",
            "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:dan@example.com",
            "ATTENDEE:mailto:eve@example.com",
            "SEQUENCE:4"))

    /// `count` events, every second one weekly (the benchmark's shape).
    static func many(_ count: Int) -> String {
        var parts: [String] = [berlinZone]
        for index in 0..<count {
            let day = 1 + index % 28
            let hour = 8 + index % 10
            let date = "202602\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour)0000"
            var lines = [
                "UID:event-\(index)@example.com",
                "DTSTART;TZID=Europe/Berlin:\(index % 2 == 0 ? "2025" + date.dropFirst(4) : date)",
                "DURATION:PT30M",
                "SUMMARY:Event \(index)",
                "ATTENDEE;PARTSTAT=ACCEPTED:mailto:a\(index)@example.com",
            ]
            if index % 2 == 0 { lines.append("RRULE:FREQ=WEEKLY") }
            parts.append((["BEGIN:VEVENT"] + lines + ["END:VEVENT"]).joined(separator: "\n"))
        }
        return parts.reduce("BEGIN:VCALENDAR\nVERSION:2.0\n") { $0 + $1 + "\n" } + "END:VCALENDAR\n"
    }
}

/// A UTC instant written in ISO 8601.
func icsUTC(_ text: String) -> EpochMillis { TestClock.at(text) }

/// Expands `text` over `from ..< until` (UTC text), reading floating times in `zone`.
func icsExpand(
    _ text: String, from: String = "2026-01-01T00:00:00Z", until: String = "2027-01-01T00:00:00Z",
    zone: Zone = .utc, max: Int = 1000
) throws(CalendarError) -> CalendarExpansion {
    try ICalendar.expand(
        text, from: icsUTC(from), until: icsUTC(until), floatingZone: zone, maxOccurrencesPerEvent: max)
}
