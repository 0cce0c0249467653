import TidingsCalendar
import TidingsCore
import TidingsGenerate
import TidingsStore

/// The weekly summary: on the configured day and time, what the past week's calendar held
/// and what the coming week holds.
public struct WeeklyRule {
    /// The settings it follows.
    public let config: TidingsConfig
    /// How its text is written.
    public let wording: Wording

    /// A rule for `config`, worded by `wording`.
    public init(config: TidingsConfig, wording: Wording = .english) {
        self.config = config
        self.wording = wording
    }

    /// The summaries due in `now ... now + horizon`; none without a calendar source.
    public func notifications(now: EpochMillis, horizon: Int64, zone: Zone, calendars: [ExpandedCalendar]) -> [NotificationRecord] {
        notifications(now: now, horizon: horizon, zone: zone, calendars: calendars, counted: nil)
    }

    /// The same, with `counted`: what `CountedEvents` makes of `calendars`, when the caller has it already.
    func notifications(now: EpochMillis, horizon: Int64, zone: Zone, calendars: [ExpandedCalendar], counted: CountedEvents?) -> [NotificationRecord] {
        guard config.weekly.enabled, !calendars.isEmpty else { return [] }
        var items: [NotificationRecord] = []
        let events = counted ?? CountedEvents(calendars: calendars, attendance: Attendance(config: config))
        var date = zone.date(of: now).adding(days: -1)
        while date <= zone.date(of: now + horizon) {
            defer { date = date.adding(days: 1) }
            guard date.isoWeekday == config.weekly.weekday else { continue }
            let due = config.quietHours.adjusted(zone.instant(date, config.weekly.time), category: config.weekly.category, in: zone)
            guard due >= now, due <= now + horizon else { continue }
            let week = WeekStatistics(events: events, at: due, zone: zone)
            let text = week.text(wording)
            let fetched = calendars.map(\.calendar.fetchTime).min() ?? now
            var item = NotificationRecord(
                id: "weekly:\(date)", kind: .weekly, category: config.weekly.category, title: text.title, body: text.body,
                deepLink: nil, dueAt: due, plannedLocal: "\(date)T\(config.weekly.time)", plannedZone: zone.identifier,
                staleness: due - fetched <= config.fallback.staleAfter ? .fresh : .stale, contentFetchTime: fetched,
                priority: Importance.routine, expiresAt: zone.endOfDay(containing: due), now: now
            ).written(text)
            item.day = date
            items.append(item)
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
    /// The three weeks, as the generator takes them.
    var facts = WeekFacts()

    var past: WeekFacts.Week { facts.past }
    var before: WeekFacts.Week { facts.before }
    var coming: WeekFacts.Week { facts.coming }

    /// A week, in milliseconds.
    static let weekLength: Int64 = 7 * 86_400_000
    /// Weekly statistics need `due − 14 days ..< due + 7 days` expanded.
    static let before: Int64 = 2 * weekLength
    static let after: Int64 = weekLength

    /// The statistics of the weeks around `due`, from `events` (counted once per run).
    init(events: CountedEvents, at due: EpochMillis, zone: Zone) {
        let week = Self.weekLength
        facts.past = Self.week(events.starting(from: due - week, before: due), zone: zone, longest: true)
        facts.before = Self.week(events.starting(from: due - 2 * week, before: due - week), zone: zone, longest: false)
        facts.coming = Self.week(events.starting(from: due, before: due + week), zone: zone, longest: false)
    }

    /// The meeting counts and times of the week before `due` and the one before it, which
    /// is all an insight says of them.
    static func counts(events: CountedEvents, at due: EpochMillis) -> WeekFacts {
        let week = weekLength
        var facts = WeekFacts()
        facts.past = events.count(from: due - week, before: due)
        facts.before = events.count(from: due - 2 * week, before: due - week)
        return facts
    }

    /// The statistics of the weeks around `due` in `calendars`.
    init(calendars: [ExpandedCalendar], at due: EpochMillis, zone: Zone, attendance: Attendance) {
        self.init(events: CountedEvents(calendars: calendars, attendance: attendance), at: due, zone: zone)
    }

    /// One week's count, time by day and (when asked) its longest meeting, the first of equals.
    private static func week(_ events: ArraySlice<CountedEvents.Event>, zone: Zone, longest: Bool) -> WeekFacts.Week {
        var week = WeekFacts.Week()
        for event in events {
            week.meetings += 1
            week.millis += event.length
            week.byDay[zone.date(of: event.start).isoWeekday, default: 0] += event.length
            if longest, event.length > (week.longest?.millis ?? -1) {
                week.longest = WeekFacts.Meeting(title: event.summary, millis: event.length)
            }
        }
        return week
    }

    /// The summary's title and body, within the content limits, worded by `wording`.
    func text(_ wording: Wording = .english) -> GeneratedText {
        wording.write(.weekly(facts))
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
    /// The total length of `events[..<i]` at `i`: a week's time is two look-ups, not a walk
    /// through its events (an insight counts the weeks around each of a year's days).
    private var lengthBefore: [Int64] = [0]

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
        lengthBefore.reserveCapacity(events.count + 1)
        for event in events { lengthBefore.append((lengthBefore.last ?? 0) + event.length) }
    }

    /// How many events start in `from ..< before`, and their total length: a week as
    /// `WeekStatistics` counts it, without its time by day or longest meeting.
    func count(from: EpochMillis, before: EpochMillis) -> WeekFacts.Week {
        let first = index(of: from)
        let end = max(first, index(of: before))
        var week = WeekFacts.Week()
        week.meetings = end - first
        week.millis = lengthBefore[end] - lengthBefore[first]
        return week
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
