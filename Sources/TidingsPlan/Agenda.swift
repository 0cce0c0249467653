import TidingsCalendar
import TidingsCore
import TidingsLinks
import TidingsStore

/// One event of a day's agenda.
public struct AgendaEntry: Sendable, Equatable {
    /// SUMMARY, cleaned.
    public var title: String
    public var start: EpochMillis
    public var end: EpochMillis
    public var allDay: Bool
    /// Whether it has begun and not ended at the time the agenda was asked for.
    public var inProgress: Bool
    /// The best join link, in its https form.
    public var url: String?
    /// The link's service name (`Zoom`), when there is a link.
    public var service: String?
    /// LOCATION, cleaned, when there is no join link.
    public var location: String?
    /// The source the event comes from.
    public var calendar: String
}

/// A day's events from the calendars kept in the database: no calendar is fetched. Those of
/// the config's calendar sources are read, or every one kept when the config names none. The events
/// the user declined (see `Attendance`) and cancelled ones are left out; the same event in two
/// calendars is shown once (with a join link when one of them has it); on the day of `now`, events already over are left out.
public enum Agenda {
    /// The events of `day` in `zone`, in order of start (all-day first), and the problems of
    /// calendars that could not be read.
    public static func day(
        _ day: LocalDate, now: EpochMillis, zone: Zone, config: TidingsConfig, calendars: [CachedCalendar],
        preparer: CalendarPreparer = .none()
    ) -> (entries: [AgendaEntry], problems: [String]) {
        let from = zone.startOfDay(day)
        let until = zone.startOfDay(day.adding(days: 1))
        // The calendars of the config; all those kept when it names none (run without it).
        let sources = Set(config.sources.filter { $0.type.isCalendar }.map(\.name))
        let read = sources.isEmpty ? calendars : calendars.filter { sources.contains($0.source) }
        let expanded = ExpandedCalendar.expand(read, from: from, until: until, zone: zone, preparer: preparer)
        let attendance = Attendance(config: config)
        let services = MeetingServiceTable(own: config.meetings.services)
        // On the day of `now`, what is over is left out; any other day is shown whole.
        let cutoff = zone.date(of: now) == day ? max(from, now) : from
        // The same event in two calendars: once, with a join link when one of them has it.
        var seen: [String: Int] = [:]
        var entries: [AgendaEntry] = []
        for calendar in expanded.calendars {
            for event in calendar.occurrences where !event.cancelled && !attendance.skips(event) {
                guard event.end > cutoff || (event.end == event.start && event.start >= cutoff), event.start < until
                else { continue }
                let key = "\(event.uid)\u{0}\(event.recurrenceID ?? event.start)"
                let link = MeetingLinks.best(fields: MeetingRule.fields(of: event), services: services)
                if let earlier = seen[key] {
                    guard entries[earlier].url == nil, link != nil else { continue }
                    entries.remove(at: earlier)
                    seen = seen.mapValues { $0 > earlier ? $0 - 1 : $0 }
                }
                seen[key] = entries.count
                entries.append(
                    AgendaEntry(
                        title: event.summary.isEmpty ? "(no title)" : event.summary, start: event.start, end: event.end,
                        allDay: event.allDay, inProgress: !event.allDay && event.start <= now && now < event.end, url: link?.url,
                        service: link.flatMap { services.service(platform: $0.platform)?.name },
                        location: link == nil ? event.location.map(TextSanitizer.clean).flatMap { $0.isEmpty ? nil : $0 } : nil,
                        calendar: calendar.calendar.source))
            }
        }
        entries.sort { ($0.allDay ? 0 : 1, $0.start, $0.end, $0.title) < ($1.allDay ? 0 : 1, $1.start, $1.end, $1.title) }
        return (entries, expanded.problems)
    }
}
