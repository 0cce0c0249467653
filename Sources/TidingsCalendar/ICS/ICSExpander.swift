import CICal
import TidingsCore

/// How long each instance of an event lasts.
enum ICSSpan {
    /// DTEND − DTSTART of the master, in milliseconds: the same exact length for every instance.
    case exact(Int64)
    /// A DURATION: whole days on the wall clock (the same time on a later day), plus exact seconds.
    case nominal(days: Int64, seconds: Int64)
    /// An all-day event: that many days, from local midnight to local midnight.
    case days(Int64)

    /// An upper bound of the length in seconds.
    var maxSeconds: Int64 {
        switch self {
        case .exact(let millis): millis / 1000 + 1
        case .nominal(let days, let seconds): days * 86_400 + seconds + 3600
        case .days(let days): days * 86_400 + 3600
        }
    }
}

/// Instants (and local days, for a DATE matched against a DATE-TIME) of EXDATEs or RECURRENCE-IDs.
struct ICSKeys {
    private var epochs: Set<EpochMillis> = []
    private var days: Set<Int64> = []

    init(_ times: [ICSTime], eventIsDate: Bool, clock: ICSClock) {
        for time in times {
            epochs.insert(clock.epoch(time))
            // RFC 5545 wants the same value type as DTSTART; a DATE against a DATE-TIME (or the other
            // way round) is matched by its day.
            if time.isDate != eventIsDate { days.insert(time.day) }
        }
    }

    var isEmpty: Bool { epochs.isEmpty && days.isEmpty }

    func contains(epoch: EpochMillis, wall: Int64) -> Bool {
        epochs.contains(epoch) || (!days.isEmpty && days.contains(ICSMath.floorDiv(wall, 86_400)))
    }
}

/// Turns the VEVENTs of parsed calendars into occurrences. Runs under the libical lock.
struct ICSExpander {
    let clock: ICSClock
    let from: EpochMillis
    let until: EpochMillis
    let maxPerEvent: Int
    /// The most occurrences the whole calendar may have in the window (see
    /// `ICalendar.maxOccurrencesPerCalendar`).
    let maxOccurrences: Int
    /// The steps and time the whole calendar may still take.
    let work: ICSWork
    /// Whether DAILY and WEEKLY rules without BY… parts are stepped through by arithmetic
    /// (their instances are a fixed number of days apart) instead of libical's iterator; off
    /// only in tests that compare the two.
    var fixedSteps = true

    /// The occurrences found so far, kept small: their times and the template they take the rest
    /// from (in `templates`, one per event or override that has any), made whole once the calendar
    /// is within its limits. 100,000 of them take 4 MB, not the 25 MB of whole occurrences.
    private var found: [Found] = []
    private var templates: [CalendarOccurrence] = []
    private var truncated: [String] = []
    private var truncatedSet: Set<String> = []
    /// Whether the calendar has more occurrences in the window than `maxOccurrences`.
    private var tooMany = false

    init(
        clock: ICSClock, from: EpochMillis, until: EpochMillis, maxPerEvent: Int, maxSteps: Int = ICalendar.maxStepsPerCalendar,
        maxOccurrences: Int = ICalendar.maxOccurrencesPerCalendar, timeLimit: Duration = ICalendar.timeLimit
    ) {
        self.maxOccurrences = maxOccurrences
        self.clock = clock
        self.from = from
        self.until = until
        self.maxPerEvent = maxPerEvent
        work = ICSWork(steps: maxSteps, timeLimit: timeLimit)
    }

    /// Appends every VEVENT of `calendars` to `events`, in file order, their zones resolved by
    /// `zones` (by each calendar's own when nil).
    static func read(_ calendars: [OpaquePointer], zones: ICSZoneResolver?, into events: inout [ICSEvent]) {
        for calendar in calendars {
            let zones = zones ?? ICSZoneResolver(calendar: calendar)
            var next = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT)
            while let component = next {
                events.append(ICSEvent(component, index: events.count, zones: zones))
                next = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)
            }
        }
    }

    /// Expands `events` (read by `read(_:zones:into:)`, or loaded from a prepared form); refuses a
    /// calendar with more than `maxOccurrences` occurrences in the window, as soon as it has them.
    mutating func run(_ read: [ICSEvent]) throws(CalendarError) -> CalendarExpansion {
        // The events are copied only when one has alarms to work out.
        var events = read
        let withAlarms = read.indices.filter { !read[$0].alarms.isEmpty }
        for index in withAlarms {
            events[index].alarmLeads = alarmLeads(of: events[index])
        }

        // Group by UID, in file order; a VEVENT without UID is a group of its own.
        var order: [String] = []
        var groups: [String: (masters: [Int], overrides: [Int])] = [:]
        for event in events {
            let key = event.uid.flatMap { $0.isEmpty ? nil : $0 } ?? "\u{0}\(event.index)"
            if groups[key] == nil {
                order.append(key)
                groups[key] = ([], [])
            }
            if event.recurrenceID != nil {
                groups[key]?.overrides.append(event.index)
            } else {
                groups[key]?.masters.append(event.index)
            }
        }

        for key in order {
            guard !tooMany else { throw tooManyError(events: events.count) }
            guard let group = groups[key] else { continue }
            let uid = key.hasPrefix("\u{0}") ? "" : key
            // One master per UID: the newest (SEQUENCE, then DTSTAMP), the later one on a tie.
            var master: ICSEvent?
            for index in group.masters where events[index].start != nil {
                if let kept = master, kept.isNewer(than: events[index]) { continue }
                master = events[index]
            }
            var overrides = latestOverrides(group.overrides.map { events[$0] })
            if let master { overrides.removeAll { isCutOff($0, by: master) } }
            let changes = master.map { futureChanges(of: $0, overrides: overrides) } ?? []
            if let master { expandMaster(master, uid: uid, overrides: overrides, changes: changes) }
            for override in overrides { emitOverride(override, master: master, changes: changes, uid: uid) }
        }
        if tooMany { throw tooManyError(events: events.count) }

        let templates = templates
        found.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            let (aUID, bUID) = (templates[a.template].uid, templates[b.template].uid)
            if aUID != bUID { return aUID < bUID }
            return (a.recurrenceID ?? .min) < (b.recurrenceID ?? .min)
        }
        let occurrences = found.map { found in
            var occurrence = templates[found.template]
            occurrence.recurrenceID = found.recurrenceID
            occurrence.start = found.start
            occurrence.end = found.end
            return occurrence
        }
        var expansion = CalendarExpansion(occurrences: occurrences, truncated: truncated, eventCount: events.count)
        expansion.limitCut = work.cut
        return expansion
    }

    // MARK: Masters

    private mutating func expandMaster(_ master: ICSEvent, uid: String, overrides: [ICSEvent], changes: [ICSFutureChange]) {
        guard let start = master.start else { return }
        let span = span(of: master, start: start) ?? defaultSpan(start)
        let excluded = ICSKeys(master.exdates, eventIsDate: start.isDate, clock: clock)
        let replaced = ICSKeys(overrides.compactMap(\.recurrenceID), eventIsDate: start.isDate, clock: clock)
        let startEpoch = clock.epoch(start)

        if master.rules.isEmpty && master.rdates.isEmpty {
            if excluded.contains(epoch: startEpoch, wall: start.wall)
                || replaced.contains(epoch: startEpoch, wall: start.wall)
            {
                return
            }
            let end = end(ofWall: start.wall, epoch: startEpoch, span: span, frame: start.frame)
            if overlaps(startEpoch, end) {
                append(
                    keep(template(master, master: nil, uid: uid, allDay: start.isDate)), recurrenceID: nil, start: startEpoch,
                    end: end)
            }
            return
        }

        // Instances that overlap the window and survive EXDATE and the overrides, by start;
        // `change` indexes the THISANDFUTURE change that moved it (-1: none).
        var kept: [(rid: EpochMillis, start: EpochMillis, end: EpochMillis, change: Int)] = []
        var complete = true
        var seen: Set<EpochMillis> = []
        func consider(wall: Int64, epoch: EpochMillis, own: ICSSpan? = nil) -> Bool {
            guard !excluded.contains(epoch: epoch, wall: wall), !replaced.contains(epoch: epoch, wall: wall) else { return true }
            var movedWall = wall
            var moved = epoch
            var length = own ?? span
            let change = changes.isEmpty ? nil : Self.change(at: epoch, in: changes)
            if let change {
                movedWall = ICSMath.clampWall(wall + changes[change].shift)
                moved =
                    start.isDate
                    ? clock.startOfDay(ICSMath.floorDiv(movedWall, 86_400))
                    : clock.epochSeconds(ofWall: movedWall, in: start.frame) * 1000
                length = changes[change].span
            }
            let end = end(ofWall: movedWall, epoch: moved, span: length, frame: start.frame)
            guard overlaps(moved, end), seen.insert(epoch).inserted else { return true }
            kept.append((epoch, moved, end, change ?? -1))
            return kept.count <= maxPerEvent
        }

        // DTSTART always counts as the first instance; then RDATEs; then each RRULE.
        _ = consider(wall: start.wall, epoch: startEpoch)
        let periods = Dictionary(master.rdatePeriods.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, rdate) in master.rdates.enumerated() {
            let epoch: EpochMillis
            let wall: Int64
            if start.isDate {
                // A DATE-TIME RDATE on an all-day event counts for its day.
                wall = rdate.day * 86_400
                epoch = clock.startOfDay(rdate.day)
            } else {
                epoch = clock.epoch(rdate)
                wall = clock.wall(ofEpochSeconds: ICSMath.floorDiv(epoch, 1000), in: start.frame)
            }
            _ = consider(wall: wall, epoch: epoch, own: periods[index].flatMap { self.span(of: $0, start: rdate, eventIsDate: start.isDate) })
        }

        let fromWall = clock.wall(ofEpochSeconds: ICSMath.floorDiv(from, 1000), in: start.frame)
        let untilWall = clock.wall(ofEpochSeconds: ICSMath.floorDiv(until, 1000) + 1, in: start.frame)
        // Both ends are already wall readings in the event's frame: the margins only cover offset changes
        // (and whole days for DATE values). A small one matters for sub-daily rules, which walk it step by step.
        let margin: Int64 = start.isDate ? 86_400 : 3 * 3600
        // THISANDFUTURE changes move instances from outside the window into it.
        let longest = changes.reduce(span.maxSeconds) { max($0, $1.span.maxSeconds) }
        let later = changes.reduce(Int64(0)) { max($0, $1.shift) }
        let earlier = changes.reduce(Int64(0)) { max($0, -$1.shift) }
        let window = (
            first: ICSMath.clampWall(fromWall - longest - later - margin),
            last: ICSMath.clampWall(untilWall + earlier + margin)
        )
        let stopAt = changes.isEmpty ? until : until + (earlier + margin) * 1000
        // A rule that is cut short leaves the others to run; only a full list stops them.
        for rule in master.rules where kept.count <= maxPerEvent {
            let kind = iterate(rule.libical, start: start, window: window) { wall in
                let epoch =
                    start.isDate
                    ? clock.startOfDay(ICSMath.floorDiv(wall, 86_400))
                    : clock.epochSeconds(ofWall: wall, in: start.frame) * 1000
                if epoch >= stopAt { return .stop }
                return consider(wall: wall, epoch: epoch) ? .more : .full
            }
            if kind != .complete { complete = false }
        }

        kept.sort { ($0.start, $0.rid) < ($1.start, $1.rid) }
        if kept.count > maxPerEvent {
            kept.removeLast(kept.count - maxPerEvent)
            complete = false
        }
        if !complete, truncatedSet.insert(uid).inserted { truncated.append(uid) }
        if kept.isEmpty { return }
        let shared = keep(template(master, master: nil, uid: uid, allDay: start.isDate))
        var moved = [Int?](repeating: nil, count: changes.count)
        for instance in kept {
            var taken = shared
            if instance.change >= 0 {
                taken = moved[instance.change] ?? keep(template(changes[instance.change].event, master: nil, uid: uid, allDay: start.isDate))
                moved[instance.change] = taken
            }
            append(taken, recurrenceID: instance.rid, start: instance.start, end: instance.end)
        }
    }

    /// What a rule's walk does after an instance: go on, stop (past the window), or stop full.
    enum Step { case more, stop, full }
    /// How a rule's walk ended: every instance seen, or cut at a limit.
    enum Outcome { case complete, cut }

    /// Runs libical's iterator for `rule` from `start`, skipping ahead to `window.first` where that is
    /// safe and never past `window.last`, and passes each instance's wall reading to `body`.
    ///
    /// Bounds on the work: UNTIL is lowered to the end of the window (libical checks UNTIL inside its
    /// search loop, so a rule that never matches stops there instead of scanning to the year 2582);
    /// at most `maxStepsPerRule` instances, and `maxSteps` over the whole calendar; and, as a safety
    /// net only, the time limit.
    private func iterate(
        _ original: icalrecurrencetype, start: ICSTime, window: (first: Int64, last: Int64), body: (Int64) -> Step
    ) -> Outcome {
        var rule = original
        let unit: Int64? =
            switch rule.freq {
            case ICAL_SECONDLY_RECURRENCE: 1
            case ICAL_MINUTELY_RECURRENCE: 60
            case ICAL_HOURLY_RECURRENCE: 3600
            default: nil
            }
        // Sub-daily rules with BY… parts make libical test every second (or minute) in turn; an all-day
        // event cannot recur by the hour.
        if unit != nil && (Self.hasByParts(rule) || start.isDate) { return .cut }
        if work.outOfTime() { return .cut }

        var last = window.last
        if icaltime_is_null_time(rule.until) == 0, let ruleUntil = untilWall(rule.until, start: start) {
            last = min(last, ruleUntil)
        }
        if start.isDate { last = ICSMath.floorDiv(last, 86_400) * 86_400 }
        if last < start.wall { return .complete }
        rule.until = ICSMath.fields(wall: last, isDate: start.isDate)

        if fixedSteps, let step = Self.fixedStep(of: rule, startDay: start.day) {
            return stepThrough(from: start.wall, step: step, count: Int(rule.count), first: window.first, last: last, body: body)
        }
        if fixedSteps, let week = WeeklyDays(rule, startDay: start.day) {
            return walkWeeks(week, from: start.wall, count: Int(rule.count), first: window.first, last: last, body: body)
        }

        var dtstart = start.wall
        var skipTo: Int64?
        if rule.count == 0 && window.first > start.wall {
            if let unit {
                // libical's set_start loses the phase of a sub-daily INTERVAL: move DTSTART by whole periods instead.
                let period = Int64(max(1, rule.interval)) * unit
                dtstart += (window.first - start.wall) / period * period
            } else {
                skipTo = start.isDate ? ICSMath.floorDiv(window.first, 86_400) * 86_400 : window.first
            }
        }
        guard let iterator = icalrecur_iterator_new(rule, ICSMath.fields(wall: dtstart, isDate: start.isDate)) else {
            // libical rejects the rule (e.g. BYMONTHDAY=30 in February only): DTSTART stands alone.
            return .complete
        }
        defer { icalrecur_iterator_free(iterator) }
        if let skipTo { _ = icalrecur_iterator_set_start(iterator, ICSMath.fields(wall: skipTo, isDate: start.isDate)) }

        var steps = 0
        while true {
            steps += 1
            if steps > ICalendar.maxStepsPerRule || !work.step() { return .cut }
            if steps & 1023 == 0 && work.outOfTime() { return .cut }
            let next = icalrecur_iterator_next(iterator)
            guard icaltime_is_null_time(next) == 0, let wall = ICSMath.wall(next), wall <= last else {
                return .complete
            }
            switch body(wall) {
            case .more: continue
            case .stop: return .complete
            case .full: return .cut
            }
        }
    }

    // MARK: Shared

    /// The length given by DTEND or DURATION, nil when the event has neither.
    func span(of event: ICSEvent, start: ICSTime) -> ICSSpan? {
        if let end = event.end {
            if start.isDate { return .days(max(1, end.day - start.day)) }
            return .exact(max(0, clock.epoch(end) - clock.epoch(start)))
        }
        if let duration = event.duration, duration.is_neg == 0 {
            let days = Int64(duration.weeks) * 7 + Int64(duration.days)
            let seconds = Int64(duration.hours) * 3600 + Int64(duration.minutes) * 60 + Int64(duration.seconds)
            if start.isDate { return .days(max(1, days + (seconds + 86_399) / 86_400)) }
            return .nominal(days: days, seconds: seconds)
        }
        if event.duration != nil { return start.isDate ? .days(1) : .exact(0) }
        return nil
    }

    /// The length an RDATE's PERIOD gives its instance (RFC 5545 §3.8.5.2); nil on an all-day event.
    func span(of period: ICSRDatePeriod, start: ICSTime, eventIsDate: Bool) -> ICSSpan? {
        guard !eventIsDate, !start.isDate else { return nil }
        if let end = period.end { return .exact(max(0, clock.epoch(end) - clock.epoch(start))) }
        guard let duration = period.duration, duration.is_neg == 0 else { return nil }
        let seconds = Int64(duration.hours) * 3600 + Int64(duration.minutes) * 60 + Int64(duration.seconds)
        return .nominal(days: Int64(duration.weeks) * 7 + Int64(duration.days), seconds: seconds)
    }

    func defaultSpan(_ start: ICSTime) -> ICSSpan { start.isDate ? .days(1) : .exact(0) }

    func end(ofWall wall: Int64, epoch: EpochMillis, span: ICSSpan, frame: ICSFrame) -> EpochMillis {
        switch span {
        case .exact(let millis):
            return epoch + millis
        case .nominal(let days, let seconds):
            let base =
                days == 0
                ? epoch : clock.epochSeconds(ofWall: ICSMath.clampWall(wall + days * 86_400), in: frame) * 1000
            return base + seconds * 1000
        case .days(let days):
            return clock.startOfDay(ICSMath.floorDiv(wall, 86_400) + days)
        }
    }

    /// Whether `start ..< end` overlaps the window; an event without length counts when it starts inside.
    func overlaps(_ start: EpochMillis, _ end: EpochMillis) -> Bool {
        start < until && (end > from || (end <= start && start >= from))
    }

    /// The occurrence every instance of `event` copies (start, end and recurrence ID aside), built once
    /// per event: sanitizing the summary for each instance would cost more than the expansion itself.
    func template(_ event: ICSEvent, master: ICSEvent?, uid: String, allDay: Bool) -> CalendarOccurrence {
        let conference = event.conference + event.googleConference
        return CalendarOccurrence(
            uid: uid,
            recurrenceID: nil,
            summary: TextSanitizer.clean(event.summary ?? master?.summary ?? ""),
            start: 0,
            end: 0,
            allDay: allDay,
            cancelled: event.cancelled ?? master?.cancelled ?? false,
            location: event.location ?? master?.location,
            description: event.description ?? master?.description,
            url: event.url ?? master?.url,
            conference: conference.isEmpty ? (master.map { $0.conference + $0.googleConference } ?? []) : conference,
            organizer: event.organizer ?? master?.organizer,
            attendees: event.attendees ?? master?.attendees ?? [],
            attendeeCount: event.attendees != nil ? event.attendeeCount : master?.attendeeCount ?? 0,
            sequence: event.sequence,
            alarms: event.alarmLeads.isEmpty ? master?.alarmLeads ?? [] : event.alarmLeads)
    }

    /// Keeps `template` for the occurrences to come; returns its place.
    mutating func keep(_ template: CalendarOccurrence) -> Int {
        templates.append(template)
        return templates.count - 1
    }

    /// An occurrence of the template kept at `template`.
    mutating func append(_ template: Int, recurrenceID: EpochMillis?, start: EpochMillis, end: EpochMillis) {
        guard found.count < maxOccurrences else {
            tooMany = true
            return
        }
        // Doubling, but never past the limit: a hostile calendar stops at the limit's size.
        if found.count == found.capacity {
            found.reserveCapacity(min(maxOccurrences, max(64, found.capacity * 2)))
        }
        found.append(Found(template: template, recurrenceID: recurrenceID, start: start, end: end))
    }
}

/// An occurrence found by `ICSExpander`: its times, and where its template is.
private struct Found {
    var template: Int
    var recurrenceID: EpochMillis?
    var start: EpochMillis
    var end: EpochMillis
}
