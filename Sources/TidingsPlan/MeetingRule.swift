import TidingsCalendar
import TidingsCore
import TidingsStore

/// Reminders before meetings: one per occurrence that starts in the horizon, `lead_time`
/// before its start, with the meeting's join link as the primary action.
public struct MeetingRule {
    /// The settings it follows.
    public let config: TidingsConfig
    /// Whether a URL scheme has a handler installed (to offer the native app's link).
    public let hasHandler: (String) -> Bool

    /// A rule for `config`.
    public init(config: TidingsConfig, hasHandler: @escaping (String) -> Bool = { _ in false }) {
        self.config = config
        self.hasHandler = hasHandler
    }

    /// The reminders due in `now ... now + horizon` from the calendars' occurrences.
    public func notifications(now: EpochMillis, horizon: Int64, zone: Zone, calendars: [ExpandedCalendar]) -> [NotificationRecord] {
        guard config.meetings.enabled else { return [] }
        var items: [NotificationRecord] = []
        // Every occurrence of a recurring event carries the same fields: find its link once.
        var links: [[String]: MeetingLink?] = [:]
        for calendar in calendars {
            for occurrence in calendar.occurrences where occurrence.start > now {
                let fields = Self.fields(of: occurrence)
                let key = fields.map { "\($0.0.rawValue)\u{0}\($0.1)" }
                let link: MeetingLink?
                if let known = links[key] {
                    link = known
                } else {
                    link = MeetingLinks.best(fields: fields, hasHandler: hasHandler)
                    links[key] = link
                }
                guard let item = reminder(for: occurrence, link: link, calendar: calendar.calendar, now: now, horizon: horizon, zone: zone) else { continue }
                items.append(item)
            }
        }
        // The same event in two calendars is one reminder.
        var seen = Set<String>()
        return items.filter { seen.insert($0.id).inserted }
    }

    func reminder(for event: CalendarOccurrence, link: MeetingLink?, calendar: CachedCalendar, now: EpochMillis, horizon: Int64, zone: Zone) -> NotificationRecord? {
        guard !event.cancelled, event.start > now else { return nil }
        if config.meetings.onlyWithVideoLinks && link == nil { return nil }
        var due: EpochMillis
        if event.allDay {
            guard config.meetings.allDay else { return nil }
            due = zone.instant(zone.date(of: event.start), config.meetings.allDayTime)
        } else {
            due = event.start - config.meetings.leadTime
        }
        // Planned after the lead time began (or the machine was off): remind now, before it starts.
        due = max(due, now)
        guard due <= now + horizon else { return nil }
        due = config.quietHours.adjusted(due, category: config.meetings.category, in: zone)
        let text = MeetingText(event: event, link: link, due: due, zone: zone)
        let staleness: Staleness = due - calendar.fetchTime <= config.fallback.staleAfter ? .fresh : .stale
        return NotificationRecord(
            id: Self.id(of: event), kind: .meeting, category: config.meetings.category,
            title: text.title, body: text.body, deepLink: link.map { $0.nativeURL ?? $0.url }, dueAt: due,
            plannedLocal: ISOTime.format(due, in: zone), plannedZone: zone.identifier, staleness: staleness,
            contentFetchTime: calendar.fetchTime, priority: Importance.score(of: event, link: link), now: now)
    }

    /// `meeting:<uid>` for a single event, `meeting:<uid>:<original start>` for an instance of
    /// a recurring one: the id survives the event moving, so the reminder moves with it.
    static func id(of event: CalendarOccurrence) -> String {
        let uid = String(TextSanitizer.clean(event.uid).prefix(200))
        return event.recurrenceID.map { "meeting:\(uid):\(ISOTime.formatUTC($0))" } ?? "meeting:\(uid)"
    }

    /// Where a join link may stand, in the order they are searched.
    static func fields(of event: CalendarOccurrence) -> [(MeetingField, String)] {
        var fields: [(MeetingField, String)] = event.conference.map { (.conference, $0) }
        if let url = event.url { fields.append((.url, url)) }
        if let location = event.location { fields.append((.location, location)) }
        if let description = event.description { fields.append((.description, description)) }
        return fields
    }
}

/// A meeting reminder's words.
struct MeetingText {
    let title: String
    let body: String

    init(event: CalendarOccurrence, link: MeetingLink?, due: EpochMillis, zone: Zone) {
        let summary = event.summary.isEmpty ? "Meeting" : event.summary
        title = summary.count > ContentPayload.maxTitleLength
            ? String(summary.prefix(ContentPayload.maxTitleLength - 1)) + "…" : summary
        var parts: [String] = []
        if event.allDay {
            parts.append("Today, all day")
        } else {
            let minutes = Int((event.start - due + 59_999) / 60_000)
            parts.append("Starts at \(MeetingText.clock(event.start, zone)) (in \(minutes) min), until \(MeetingText.clock(event.end, zone))")
        }
        if let link {
            parts.append("Join on \(MeetingServices.all.first { $0.platform == link.platform }?.name ?? link.platform)")
        } else if let location = event.location.map(TextSanitizer.clean), !location.isEmpty {
            parts.append(location)
        }
        let text = parts.joined(separator: " · ")
        body = text.count > ContentPayload.maxBodyLength ? String(text.prefix(ContentPayload.maxBodyLength - 1)) + "…" : text
    }

    static func clock(_ instant: EpochMillis, _ zone: Zone) -> String {
        let second = zone.local(instant).secondOfDay
        return "\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
    }
}

/// A calendar's last-known-good text and its occurrences around the horizon, expanded once
/// per `plan` run for every rule that reads it.
public struct ExpandedCalendar: Sendable {
    /// The cached calendar.
    public var calendar: CachedCalendar
    /// Its occurrences in the window the planner asked for.
    public var occurrences: [CalendarOccurrence]

    /// Expands each calendar over `from ..< until`; a calendar that does not parse, or a
    /// recurrence cut at its limit, is reported in `problems` (the others still count).
    public static func expand(_ calendars: [CachedCalendar], from: EpochMillis, until: EpochMillis, zone: Zone) -> (calendars: [ExpandedCalendar], problems: [String]) {
        var expanded: [ExpandedCalendar] = []
        var problems: [String] = []
        for calendar in calendars {
            do {
                let expansion = try ICalendar.expand(calendar.text, from: from, until: until, floatingZone: zone)
                for uid in expansion.truncated { problems.append("calendar \(calendar.source): recurrence of \(uid) cut at its limit") }
                expanded.append(ExpandedCalendar(calendar: calendar, occurrences: expansion.occurrences))
            } catch {
                problems.append("calendar \(calendar.source): \(error): unreadable")
            }
        }
        return (expanded, problems)
    }
}
