import TidingsCalendar
import TidingsCore
import TidingsGenerate
import TidingsLinks
import TidingsStore

/// Reminders before meetings: one per occurrence that starts in the horizon and each of
/// `meetings.lead_times`, with the meeting's join link as the primary action.
public struct MeetingRule {
    /// The settings it follows.
    public let config: TidingsConfig
    /// The built-in meeting services and the user's own.
    let services: MeetingServiceTable
    /// Whether a URL scheme has a handler installed (to offer the native app's link).
    public let hasHandler: (String) -> Bool
    /// How its text is written.
    public let wording: Wording

    /// A rule for `config`, worded by `wording`.
    public init(config: TidingsConfig, wording: Wording = .english, hasHandler: @escaping (String) -> Bool = { _ in false }) {
        self.config = config
        services = MeetingServiceTable(own: config.meetings.services)
        self.wording = wording
        self.hasHandler = hasHandler
    }

    /// The reminders due in `now ... now + horizon` from the calendars' occurrences, leaving
    /// out events the user declined (see `Attendance`).
    public func notifications(now: EpochMillis, horizon: Int64, zone: Zone, calendars: [ExpandedCalendar]) -> [NotificationRecord] {
        guard config.meetings.enabled else { return [] }
        let attendance = Attendance(config: config)
        var items: [NotificationRecord] = []
        var seen = Set<String>()
        // Every occurrence of a recurring event carries the same fields: find its link once.
        var links: [[FieldText]: MeetingLink?] = [:]
        // Links are found with every app form they can have; whether the app is installed is
        // asked at the end (on KDE the desktop's answer may take a while to come), and the
        // reminders whose app is not installed get the https form back.
        var appLinks: [(item: Int, link: MeetingLink)] = []
        // The expansion reaches past the horizon (for the weekly summary): what cannot get a
        // reminder in it is passed over before its link is looked for.
        let longestLead = config.meetings.leadTimes.max() ?? 0
        let longestAlarm = config.meetings.useEventAlarms ? TidingsConfig.Meetings.leadTimeRange.upperBound : 0
        func mayBeDue(_ event: CalendarOccurrence) -> Bool {
            // An all-day event of today is still ahead until its day is over.
            guard (event.allDay ? event.end : event.start) > now, !event.cancelled, !event.allDay || config.meetings.allDay else { return false }
            let lead = max(longestLead, min(event.alarms.last ?? 0, longestAlarm))
            return event.start - (event.allDay ? 0 : lead) <= now + horizon
        }
        for calendar in calendars {
            for occurrence in calendar.occurrences where mayBeDue(occurrence) && !attendance.skips(occurrence) {
                let fields = Self.fields(of: occurrence)
                let key = fields.map { FieldText(field: $0.0, text: $0.1) }
                let link: MeetingLink?
                if let known = links[key] {
                    link = known
                } else {
                    link = MeetingLinks.best(fields: fields, hasHandler: { _ in true }, services: services)
                    links[key] = link
                }
                let first = items.count
                // The same event in two calendars is one reminder: the first one kept.
                for item in reminders(
                    for: occurrence, link: link, organizer: attendance.organizes(occurrence), calendar: calendar.calendar,
                    now: now, horizon: horizon, zone: zone)
                where seen.insert(item.id).inserted {
                    items.append(item)
                }
                if let link, link.nativeURL != nil { appLinks += (first..<items.count).map { ($0, link) } }
            }
        }
        var installed: [String: Bool] = [:]
        for (index, link) in appLinks {
            guard let native = link.nativeURL, let scheme = LinkPolicy.scheme(of: native) else { continue }
            if installed[scheme] == nil { installed[scheme] = hasHandler(scheme) }
            if installed[scheme] == false { items[index].deepLink = link.url }
        }
        return items
    }

    /// The reminders of one occurrence: one per lead time (one at `all_day_time` for an
    /// all-day event), or none.
    func reminders(
        for event: CalendarOccurrence, link: MeetingLink?, organizer: Bool = false, calendar: CachedCalendar, now: EpochMillis,
        horizon: Int64, zone: Zone
    ) -> [NotificationRecord] {
        guard !event.cancelled, (event.allDay ? event.end : event.start) > now else { return [] }
        if config.meetings.onlyWithVideoLinks && link == nil { return [] }
        let context = Context(
            rule: self, event: event, link: link, priority: Importance.priority(of: event, link: link, organizer: organizer),
            calendar: calendar, now: now, horizon: horizon, zone: zone, occurrence: Self.occurrence(of: event),
            staleness: Self.staleness(of: calendar, now: now, config: config), fingerprint: Self.fingerprint(of: event, link: link))
        if event.allDay {
            guard config.meetings.allDay else { return [] }
            let due = zone.instant(zone.date(of: event.start), config.meetings.allDayTime)
            // Planned after its time (a plan after midnight, a morning run late): still sent
            // within deliver's grace period, as deliver would have sent it; later, not at all.
            guard due > now - config.delivery.grace else { return [] }
            return context.reminder(lead: nil, due: due).map { [$0] } ?? []
        }
        // Shortest lead first: a longer one that falls due at the same moment (both began
        // before this run, or quiet hours moved both) would only repeat it.
        var dues = Set<EpochMillis>()
        return leadTimes(of: event).sorted().compactMap { lead in
            guard let item = context.reminder(lead: lead, due: event.start - lead), dues.insert(item.dueAt).inserted else { return nil }
            return item
        }
    }

    /// The lead times of `event`'s reminders: with `meetings.use_event_alarms`, those of its
    /// own alarms, to the minute, that fall from 1 minute to 1 day before its start (an alarm
    /// at or after the start cannot remind of it); else, or when none does, `lead_times`.
    func leadTimes(of event: CalendarOccurrence) -> [Int64] {
        if config.meetings.useEventAlarms {
            var own: [Int64] = []
            for alarm in event.alarms {
                let lead = (alarm + 30_000) / 60_000 * 60_000
                if TidingsConfig.Meetings.leadTimeRange.contains(lead) && !own.contains(lead) { own.append(lead) }
            }
            if !own.isEmpty { return own }
        }
        return config.meetings.leadTimes
    }

    /// What every reminder of one occurrence shares.
    private struct Context {
        let rule: MeetingRule
        let event: CalendarOccurrence
        let link: MeetingLink?
        let priority: Int
        let calendar: CachedCalendar
        let now: EpochMillis
        let horizon: Int64
        let zone: Zone
        /// `MeetingRule.occurrence(of: event)`, written once for every lead time.
        let occurrence: String
        /// `MeetingRule.staleness(of: calendar, …)`, the same for every reminder of the run.
        let staleness: Staleness
        /// `MeetingRule.fingerprint(of: event, link: link)`, the same for every lead time.
        let fingerprint: String

        /// The reminder `lead` before the start (nil: the all-day one), first due at `due`.
        func reminder(lead: Int64?, due planned: EpochMillis) -> NotificationRecord? {
            let meetings = rule.config.meetings
            // Planned after the lead time began (or the machine was off): remind now, before it starts.
            var due = max(planned, now)
            guard due <= now + horizon else { return nil }
            due = rule.config.quietHours.adjusted(due, category: meetings.category, in: zone)
            // Useless once the meeting began (an all-day event: once its day is over); quiet
            // hours may push a timed one that far.
            let expiry = event.allDay ? event.end : event.start
            guard due < expiry else { return nil }
            let text = rule.wording.write(.meeting(MeetingRule.facts(of: event, link: link, due: due, zone: zone, services: rule.services)))
            let id = MeetingRule.id(occurrence: occurrence, lead: lead)
            var item = NotificationRecord(
                id: id, kind: .meeting, category: meetings.category,
                title: text.title, body: text.body, deepLink: link.map { $0.nativeURL ?? $0.url }, dueAt: due,
                plannedLocal: ISOTime.format(due, in: zone), plannedZone: zone.identifier, staleness: staleness,
                contentFetchTime: calendar.fetchTime, priority: priority,
                expiresAt: expiry, now: now)
            item.subject = "event:" + id
            item.fingerprint = fingerprint
            item.isAllDay = lead == nil
            item.occurrence = occurrence
            item.lead = lead
            item.startsAt = event.start
            item.endsAt = max(event.end, event.start)
            item.eventTitle = event.summary.leading(ContentPayload.maxBodyLength)
            item.joinURL = link?.url
            // Its title and body are the text's already.
            item.generator = text.generator
            item.generatorReason = text.fallbackReason
            return item
        }
    }

    /// Whether a calendar's events are current: a calendar is judged by whether its fetches
    /// keep to their schedule (the last one, or its confirmation that nothing changed, within
    /// twice `monitoring.expect_prefetch`; `fallback.stale_after` when prefetch is not
    /// watched), not by how far ahead a meeting lies. A calendar that simply did not change
    /// stays fresh.
    static func staleness(of calendar: CachedCalendar, now: EpochMillis, config: TidingsConfig) -> Staleness {
        let allowed = config.monitoring.expected[.prefetch].map { 2 * $0 } ?? config.fallback.staleAfter
        return now - calendar.fetchTime <= allowed ? .fresh : .stale
    }

    /// `meeting:<uid>@<lead>` for a single event, `meeting:<uid>:<original start>@<lead>` for
    /// an instance of a recurring one (`@all-day` instead of the lead for an all-day event):
    /// the id survives the event moving, so each reminder moves with it. `occurrence` is
    /// the event's `occurrence(of:)`.
    static func id(occurrence: String, lead: Int64?) -> String {
        occurrence + "@" + (lead.map(DurationText.format) ?? allDaySuffix)
    }

    /// `meeting:<uid>` or `meeting:<uid>:<original start>`: what every reminder of one
    /// occurrence stores as its `occurrence`, whatever its lead.
    static func occurrence(of event: CalendarOccurrence) -> String {
        let uid = TextSanitizer.clean(event.uid).leading(200)
        return event.recurrenceID.map { "meeting:\(uid):\(ISOTime.formatUTC($0))" } ?? "meeting:\(uid)"
    }

    /// What an all-day reminder's id ends with, after the `@`.
    static let allDaySuffix = "all-day"

    /// A digest of the facts a reminder shows (start, end, title, join link, location),
    /// compared whole: a change after delivery is sent as an update. What code reads of
    /// them is in typed columns (`startsAt`, `endsAt`, `eventTitle`, `joinURL`).
    static func fingerprint(of event: CalendarOccurrence, link: MeetingLink?) -> String {
        let location = event.location.map { TextSanitizer.clean($0).leading(ContentPayload.maxBodyLength) }
        return [
            ISOTime.formatUTC(event.start), ISOTime.formatUTC(event.end),
            event.summary.leading(ContentPayload.maxBodyLength), link?.url ?? "", location ?? "",
        ].joined(separator: "\u{1f}")
    }

    /// One field of an event and its text: what finding its link depends on.
    struct FieldText: Hashable {
        let field: MeetingField
        let text: String
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

extension MeetingRule {
    /// What a reminder of `event`, due at `due`, says: its title, times, and the service of
    /// its join link (else its location).
    static func facts(
        of event: CalendarOccurrence, link: MeetingLink?, due: EpochMillis, zone: Zone, services: MeetingServiceTable = .standard
    ) -> MeetingFacts {
        let location = link == nil ? event.location.map(TextSanitizer.clean) : nil
        return MeetingFacts(
            title: event.summary, allDay: event.allDay, start: LocalMoment(event.start, in: zone),
            end: LocalMoment(event.end, in: zone), due: LocalMoment(due, in: zone),
            minutesUntilStart: Int((event.start - due + 59_999) / 60_000),
            service: link.map { link in services.service(platform: link.platform)?.name ?? link.platform },
            location: location)
    }
}

/// A calendar's last-known-good text and its occurrences around the horizon, expanded once
/// per `plan` run for every rule that reads it.
public struct ExpandedCalendar: Sendable {
    /// The cached calendar.
    public var calendar: CachedCalendar
    /// Its occurrences in the window the planner asked for.
    public var occurrences: [CalendarOccurrence]

    /// Expands each calendar over `from ..< until`; a calendar that does not parse, a
    /// recurrence cut at its limit, or a part skipped to read the rest is reported in
    /// `problems` (the others still count). Each calendar is expanded from the form
    /// `preparer` keeps under its source's name when that is one of its text, else parsed
    /// (and its form kept).
    public static func expand(
        _ calendars: [CachedCalendar], from: EpochMillis, until: EpochMillis, zone: Zone, preparer: CalendarPreparer = .none()
    ) -> (calendars: [ExpandedCalendar], problems: [String]) {
        var expanded: [ExpandedCalendar] = []
        var problems: [String] = []
        for calendar in calendars {
            do {
                let expansion = try preparer.expand(calendar.text, key: calendar.source, from: from, until: until, floatingZone: zone)
                if let limit = expansion.limitCut {
                    // One line for the calendar-wide limit, not one per rule it cut.
                    let first = expansion.truncated.first.map { ", the first \($0)" } ?? ""
                    problems.append(
                        "calendar \(calendar.source): \(limit) cut the expansion: \(expansion.truncated.count) recurrences cut short\(first)")
                } else {
                    for uid in expansion.truncated { problems.append("calendar \(calendar.source): recurrence of \(uid) cut at its limit") }
                }
                // What was skipped to read the rest (a broken event, text after the end).
                for warning in expansion.warnings { problems.append("calendar \(calendar.source): \(warning)") }
                expanded.append(ExpandedCalendar(calendar: calendar, occurrences: expansion.occurrences))
            } catch {
                problems.append("calendar \(calendar.source): \(error): unreadable")
            }
        }
        return (expanded, problems)
    }
}
