import TidingsCalendar
import TidingsCore
import TidingsStore

/// The weekly summary: on the configured day and time, what the past week's calendar held
/// and what the coming week holds.
public struct WeeklyRule {
    /// The settings it follows.
    public let config: TidingsConfig

    /// A rule for `config`.
    public init(config: TidingsConfig) { self.config = config }

    /// The summaries due in `now ... now + horizon`; none without a calendar source.
    public func notifications(now: EpochMillis, horizon: Int64, zone: Zone, calendars: [ExpandedCalendar]) -> [NotificationRecord] {
        guard config.weekly.enabled, !calendars.isEmpty else { return [] }
        var items: [NotificationRecord] = []
        let events = CountedEvents(calendars: calendars, attendance: Attendance(config: config))
        var date = zone.date(of: now).adding(days: -1)
        while date <= zone.date(of: now + horizon) {
            defer { date = date.adding(days: 1) }
            guard date.isoWeekday == config.weekly.weekday else { continue }
            let due = config.quietHours.adjusted(zone.instant(date, config.weekly.time), category: config.weekly.category, in: zone)
            guard due >= now, due <= now + horizon else { continue }
            let week = WeekStatistics(events: events, at: due, zone: zone)
            let text = week.text()
            let fetched = calendars.map(\.calendar.fetchTime).min() ?? now
            items.append(NotificationRecord(
                id: "weekly:\(date)", kind: .weekly, category: config.weekly.category, title: text.title, body: text.body,
                deepLink: nil, dueAt: due, plannedLocal: "\(date)T\(config.weekly.time)", plannedZone: zone.identifier,
                staleness: due - fetched <= config.fallback.staleAfter ? .fresh : .stale, contentFetchTime: fetched,
                priority: Importance.routine, expiresAt: zone.endOfDay(containing: due), now: now))
        }
        return items
    }

    /// Whether the settings rule out a summary on `date`.
    public func excludes(_ date: LocalDate) -> Bool {
        !config.weekly.enabled || date.isoWeekday != config.weekly.weekday
    }
}

/// The numbers behind a weekly summary: the week before `at`, the week before that, and the
/// week after, counting timed events (not all-day, not cancelled, not declined by the user).
struct WeekStatistics {
    struct Week {
        var count = 0
        var millis: Int64 = 0
        var byDay: [Int: Int64] = [:]
        var longest: (title: String, millis: Int64)?
    }

    var past = Week()
    var before = Week()
    var coming = Week()

    static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Weekly statistics need `due − 14 days ..< due + 7 days` expanded.
    static let before: Int64 = 14 * 86_400_000
    static let after: Int64 = 7 * 86_400_000

    /// The statistics of the weeks around `due`, from `events` (counted once per run).
    init(events: CountedEvents, at due: EpochMillis, zone: Zone) {
        let week: Int64 = 7 * 86_400_000
        for event in events.starting(from: due - week, before: due) {
            past.count += 1
            past.millis += event.length
            past.byDay[zone.date(of: event.start).isoWeekday, default: 0] += event.length
            if event.length > (past.longest?.millis ?? -1) { past.longest = (event.summary.isEmpty ? "a meeting" : event.summary, event.length) }
        }
        before.count = events.starting(from: due - 2 * week, before: due - week).count
        for event in events.starting(from: due, before: due + week) {
            coming.count += 1
            coming.millis += event.length
        }
    }

    /// The statistics of the weeks around `due` in `calendars`.
    init(calendars: [ExpandedCalendar], at due: EpochMillis, zone: Zone, attendance: Attendance) {
        self.init(events: CountedEvents(calendars: calendars, attendance: attendance), at: due, zone: zone)
    }

    /// The summary's title and body, within the content limits.
    func text() -> (title: String, body: String) {
        let title = "Your week: \(Self.meetings(past.count)), \(Self.hours(past.millis))"
        var parts: [String] = []
        if let busiest = past.byDay.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }) {
            parts.append("Busiest day: \(Self.dayNames[busiest.key - 1]) (\(Self.hours(busiest.value))).")
        }
        if let longest = past.longest {
            let name = longest.title.count > 60 ? String(longest.title.prefix(59)) + "…" : longest.title
            parts.append("Longest: \(name) (\(Self.hours(longest.millis))).")
        }
        let change = past.count - before.count
        parts.append(change == 0 ? "As many as the week before." : "\(abs(change)) \(change > 0 ? "more" : "fewer") than the week before.")
        parts.append("Coming week: \(Self.meetings(coming.count)), \(Self.hours(coming.millis)).")
        var body = parts.joined(separator: " ")
        if body.count > ContentPayload.maxBodyLength { body = String(body.prefix(ContentPayload.maxBodyLength - 1)) + "…" }
        return (title, body)
    }

    static func meetings(_ count: Int) -> String { count == 1 ? "1 meeting" : "\(count) meetings" }

    /// `2 h`, `1.5 h`, `45 min`.
    static func hours(_ millis: Int64) -> String {
        let minutes = millis / 60_000
        if minutes < 60 { return "\(minutes) min" }
        let tenths = (minutes * 10 + 30) / 60
        return tenths % 10 == 0 ? "\(tenths / 10) h" : "\(tenths / 10).\(tenths % 10) h"
    }
}

/// The timed events weekly summaries count (not all-day, not cancelled, not declined by the
/// user; an occurrence listed twice in one calendar once), sorted by start: gathered once per
/// `plan` run, then each week is two binary searches.
struct CountedEvents {
    struct Event {
        var start: EpochMillis
        var length: Int64
        var summary: String
    }

    private struct Key: Hashable {
        var uid: String
        var start: EpochMillis
    }

    private(set) var events: [Event] = []

    init(calendars: [ExpandedCalendar], attendance: Attendance) {
        for calendar in calendars {
            var seen = Set<Key>()
            for event in calendar.occurrences where !event.cancelled && !event.allDay && !attendance.skips(event) {
                guard seen.insert(Key(uid: event.uid, start: event.start)).inserted else { continue }
                events.append(Event(start: event.start, length: max(0, event.end - event.start), summary: event.summary))
            }
        }
        // Stable: among events starting together, the calendar's order stays.
        events = events.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// The events starting in `from ..< before`, earliest first.
    func starting(from: EpochMillis, before: EpochMillis) -> ArraySlice<Event> {
        events[index(of: from)..<max(index(of: from), index(of: before))]
    }

    /// The first index whose event starts at or after `instant`.
    private func index(of instant: EpochMillis) -> Int {
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].start < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
