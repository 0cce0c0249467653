import TidingsCalendar
import TidingsCore
import TidingsGenerate
import TidingsStore

/// Insights: at most one short observation a day, drawn from the user's own history, at
/// `insights.time`, once the user has shown engagement (`min_taps` taps or `min_days` of use).
public struct InsightRule {
    /// The settings it follows.
    public let config: TidingsConfig
    /// How its text is written.
    public let wording: Wording

    /// A rule for `config`, worded by `wording`.
    public init(config: TidingsConfig, wording: Wording = .english) {
        self.config = config
        self.wording = wording
    }

    /// How far back the history reaches: a week.
    public static let window: Int64 = 7 * 86_400_000
    /// How far back earlier insights are looked at (the smart gap, and not repeating a topic).
    public static let memory: Int64 = 14 * 86_400_000

    /// The insights due in `now ... now + horizon`, from `history` (read at `now`) and the
    /// calendars' events.
    public func notifications(
        now: EpochMillis, horizon: Int64, zone: Zone, history: InsightHistory, calendars: [ExpandedCalendar]
    ) -> [NotificationRecord] {
        notifications(now: now, horizon: horizon, zone: zone, history: history, calendars: calendars, counted: nil)
    }

    /// The same, with `counted`: what `CountedEvents` makes of `calendars`, when the caller has it already.
    func notifications(
        now: EpochMillis, horizon: Int64, zone: Zone, history: InsightHistory, calendars: [ExpandedCalendar], counted: CountedEvents?
    ) -> [NotificationRecord] {
        let settings = config.insights
        guard settings.frequency != .off else { return [] }
        var last = history.earlier.last.map { (date: zone.date(of: $0.dueAt), topic: $0.subject) }
        // Counted only once an insight may come: before the user is engaged, never.
        var events = counted
        var items: [NotificationRecord] = []
        var date = zone.date(of: now)
        while date <= zone.date(of: now + horizon) {
            defer { date = date.adding(days: 1) }
            let due = config.quietHours.adjusted(zone.instant(date, settings.time), category: .system, in: zone)
            guard due >= now, due <= now + horizon, isEngaged(history, at: due) else { continue }
            if last?.date == date { continue }
            if settings.frequency == .weekly && date.isoWeekday != 1 { continue }
            if settings.frequency == .smart, let last, date.dayNumber - last.date.dayNumber < TidingsConfig.Insights.smartGapDays {
                continue
            }
            if events == nil && !calendars.isEmpty { events = CountedEvents(calendars: calendars, attendance: Attendance(config: config)) }
            let meetings = events.map { WeekStatistics.counts(events: $0, at: due) }
            guard
                let facts = Self.choose(
                    Self.candidates(history: history, meetings: meetings), after: last?.topic, notableOnly: settings.frequency == .smart)
            else { continue }
            let text = wording.write(.insight(facts))
            var item = NotificationRecord(
                id: Self.id(for: date), kind: .insight, category: .system, title: text.title, body: text.body, deepLink: nil,
                dueAt: due, plannedLocal: "\(date)T\(settings.time)", plannedZone: zone.identifier, staleness: .fresh,
                contentFetchTime: nil, priority: Importance.insight, expiresAt: zone.endOfDay(containing: due), now: now
            ).written(text)
            item.subject = Self.subject(facts.topic)
            item.day = date
            items.append(item)
            last = (date, item.subject)
        }
        return items
    }

    /// Whether the user has shown engagement by `instant`: `min_taps` tapped notifications, or
    /// `min_days` since the first run or delivery.
    public func isEngaged(_ history: InsightHistory, at instant: EpochMillis) -> Bool {
        let settings = config.insights
        if history.taps >= settings.minTaps { return true }
        let firstUse = history.firstUse ?? instant
        return instant - firstUse >= Int64(settings.minDays) * 86_400_000
    }

    /// `insight:2026-11-22`.
    public static func id(for date: LocalDate) -> String { "insight:\(date)" }

    /// What an insight about `topic` records as its subject.
    static func subject(_ topic: String) -> String { "insight:" + topic }

    /// An observation that could be made, and whether it is notable.
    struct Candidate {
        var facts: InsightFacts
        var notable: Bool
    }

    /// What the history supports saying, most telling first: meeting hours (with a calendar and
    /// meetings in either week), opened against dismissed (3 acted on or more), stale content
    /// (3 delivered or more).
    static func candidates(history: InsightHistory, meetings: WeekFacts?) -> [Candidate] {
        var candidates: [Candidate] = []
        if let meetings, meetings.past.millis > 0 || meetings.before.millis > 0 {
            let now = meetings.past.millis
            let before = meetings.before.millis
            let change = abs(now - before)
            // Notable: at least two hours and a quarter of the larger week.
            candidates.append(
                Candidate(
                    facts: .meetingHours(
                        thisWeek: now, lastWeek: before, meetingsThisWeek: meetings.past.meetings, meetingsLastWeek: meetings.before.meetings),
                    notable: change >= 2 * 3_600_000 && change * 4 >= max(now, before)))
        }
        let acted = history.opened + history.dismissed
        if acted >= 3 {
            // Notable: most of at least five dismissed.
            candidates.append(
                Candidate(
                    facts: .engagement(opened: history.opened, dismissed: history.dismissed),
                    notable: acted >= 5 && history.dismissed > history.opened))
        }
        if history.delivered >= 3 {
            // Notable: at least two, and three in ten, stale.
            candidates.append(
                Candidate(
                    facts: .staleContent(stale: history.stale, delivered: history.delivered),
                    notable: history.stale >= 2 && history.stale * 10 >= history.delivered * 3))
        }
        // Notable ones first, the order above kept among equals.
        return candidates.enumerated().sorted { ($0.element.notable ? 0 : 1, $0.offset) < ($1.element.notable ? 0 : 1, $1.offset) }.map(\.element)
    }

    /// The first of `candidates` (only notable ones when `notableOnly`) that is not about the
    /// topic of the previous insight (`after`, a subject), else the first; nil for none.
    static func choose(_ candidates: [Candidate], after previous: String?, notableOnly: Bool) -> InsightFacts? {
        let allowed = candidates.filter { !notableOnly || $0.notable }
        return (allowed.first { subject($0.facts.topic) != previous } ?? allowed.first)?.facts
    }
}
