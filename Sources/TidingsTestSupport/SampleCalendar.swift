/// Calendar events for tests of the weekly summary and generated text (VEVENT bodies
/// without BEGIN/END, in Europe/Berlin).
public enum SampleCalendar {
    /// A one-hour sync every weekday at 10:00 from 2 November 2026, a two-hour design review on
    /// Wednesday 18 November, and a four-and-a-half-hour offsite on Tuesday 24 November: the week
    /// to Sunday 22 November 18:00 holds 6 meetings and 7 h (Wednesday busiest), the week before
    /// 5, the coming one 6 meetings and 9.5 h (Tuesday busiest).
    public static let workWeeks = [
        """
        UID:daily-sync@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Daily sync
        DTSTART;TZID=Europe/Berlin:20261102T100000
        DTEND;TZID=Europe/Berlin:20261102T110000
        RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
        """,
        """
        UID:review@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Design review
        DTSTART;TZID=Europe/Berlin:20261118T140000
        DTEND;TZID=Europe/Berlin:20261118T160000
        """,
        """
        UID:offsite@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Offsite
        DTSTART;TZID=Europe/Berlin:20261124T130000
        DTEND;TZID=Europe/Berlin:20261124T173000
        """,
    ]
}
