import TidingsCalendar
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// Calendars for the meeting tests: Berlin times, written as a calendar app would.
enum MeetingFixture {
    static let berlin = PlanFixture.berlin
    /// Sunday evening before the meetings of Monday 2026-11-23.
    static let now = TestClock.at("2026-11-22T20:00", in: berlin)
    static let zoom = "https://acme.zoom.us/j/81234567890?pwd=abcDEF123"

    /// A VCALENDAR with the events given (VEVENT bodies without BEGIN/END).
    static func calendar(_ events: [String]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings tests//EN"]
        for event in events {
            lines += ["BEGIN:VEVENT"] + event.split(separator: "\n").map(String.init) + ["END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    /// A Zoom meeting on Monday from `start` to `end` (Berlin), with `extra` lines.
    static func meeting(_ uid: String, start: String = "090000", end: String = "100000", summary: String = "Client review", _ extra: String...)
        -> String
    {
        ([
            "UID:\(uid)", "DTSTAMP:20261101T000000Z", "SUMMARY:\(summary)",
            "DTSTART;TZID=Europe/Berlin:20261123T\(start)", "DTEND;TZID=Europe/Berlin:20261123T\(end)",
            "LOCATION:\(zoom)",
        ] + extra).joined(separator: "\n")
    }

    /// `text` as a calendar fetched at `fetched`, expanded around `now` the way the planner does.
    static func expanded(_ text: String, now: EpochMillis = now, fetched: EpochMillis = now) throws -> [ExpandedCalendar] {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try store(text, in: db, at: fetched)
        let cached = try db.cachedCalendars()
        let expansion = ExpandedCalendar.expand(cached, from: now - WeekStatistics.before, until: now + 10 * PlanFixture.day, zone: berlin)
        return withExtendedLifetime(directory) { expansion.calendars }
    }

    /// Stores `text` as the calendar source "work", as `prefetch` does.
    static func store(_ text: String, in db: TidingsDatabase, at: EpochMillis) throws {
        try db.recordFetch(
            url: "https://example.org/work.ics",
            attempt: FetchAttempt(source: "work", startedAt: at, durationMs: 12, outcome: .ok),
            update: .replaceCalendar(text, events: 1, etag: nil, lastModified: nil))
    }

    /// A config with the calendar source "work" and no daily update.
    static func config(_ change: (inout TidingsConfig.Meetings) -> Void = { _ in }) -> TidingsConfig {
        var config = TidingsConfig()
        config.daily.enabled = false
        config.weekly.enabled = false
        config.sources = [TidingsConfig.Source(name: "work", type: .calendar, url: "https://example.org/work.ics")]
        change(&config.meetings)
        return config
    }

    /// The meeting rule's reminders for `text` under `config`, at `now`.
    static func reminders(_ text: String, config: TidingsConfig, now: EpochMillis = now, horizon: Int64 = 2 * PlanFixture.day) throws
        -> [NotificationRecord]
    {
        MeetingRule(config: config).notifications(now: now, horizon: horizon, zone: berlin, calendars: try expanded(text, now: now))
    }
}
