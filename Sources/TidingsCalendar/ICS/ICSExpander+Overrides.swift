import CICal
import TidingsCore

/// An override with RECURRENCE-ID;RANGE=THISANDFUTURE as it applies to the later instances of
/// its series (RFC 5545 §3.2.13): each of them moves as the overridden one moved, lasts as
/// long, and takes its properties, until the next such override.
struct ICSFutureChange {
    /// The instant of its RECURRENCE-ID: it governs the instances that start there or later.
    let from: EpochMillis
    /// How far it moves each instance: wall seconds in the frame of the series' DTSTART.
    let shift: Int64
    /// How long each instance lasts.
    let span: ICSSpan
    /// The override, with what it lacks taken from the master (and the changes before it).
    let event: ICSEvent
}

extension ICSEvent {
    /// This event with every property it lacks (summary, place, links, people, status,
    /// alarms) taken from `base`; its own times stay.
    func inheriting(from base: ICSEvent?) -> ICSEvent {
        guard let base else { return self }
        var event = self
        event.summary = summary ?? base.summary
        event.location = location ?? base.location
        event.description = description ?? base.description
        event.url = url ?? base.url
        if conference.isEmpty && googleConference.isEmpty {
            event.conference = base.conference
            event.googleConference = base.googleConference
        }
        event.organizer = organizer ?? base.organizer
        if attendees == nil {
            event.attendees = base.attendees
            event.attendeeCount = base.attendeeCount
        }
        event.cancelled = cancelled ?? base.cancelled
        if alarmLeads.isEmpty { event.alarmLeads = base.alarmLeads }
        return event
    }

    /// Whether this version of an event is newer than `other`: a higher SEQUENCE, then a
    /// later DTSTAMP (RFC 5546 §2.1.5).
    func isNewer(than other: ICSEvent) -> Bool {
        if sequence != other.sequence { return sequence > other.sequence }
        guard let stamp, let otherStamp = other.stamp else { return false }
        return stamp > otherStamp
    }
}

extension ICSExpander {
    /// One override per RECURRENCE-ID: the newest (SEQUENCE, then DTSTAMP), the later one in
    /// the file on a tie.
    func latestOverrides(_ overrides: [ICSEvent]) -> [ICSEvent] {
        var byInstant: [EpochMillis: ICSEvent] = [:]
        var order: [EpochMillis] = []
        for override in overrides {
            guard let rid = override.recurrenceID else { continue }
            let key = clock.epoch(rid)
            if let kept = byInstant[key] {
                if !kept.isNewer(than: override) { byInstant[key] = override }
            } else {
                order.append(key)
                byInstant[key] = override
            }
        }
        return order.compactMap { byInstant[$0] }
    }

    /// Whether `master`, a newer version of the series than `override`, no longer has the
    /// instance it overrides: an EXDATE names it, or every RRULE ends (UNTIL) before it and
    /// neither DTSTART nor an RDATE is it. An older master (a calendar that sent the change
    /// of one instance after the series) leaves the override alone.
    func isCutOff(_ override: ICSEvent, by master: ICSEvent) -> Bool {
        guard let rid = override.recurrenceID, let start = master.start, master.isNewer(than: override) else { return false }
        let epoch = clock.epoch(rid)
        let wall =
            start.isDate
            ? ICSMath.floorDiv(clock.wall(ofEpochSeconds: ICSMath.floorDiv(epoch, 1000), in: .floating), 86_400) * 86_400
            : clock.wall(ofEpochSeconds: ICSMath.floorDiv(epoch, 1000), in: start.frame)
        if ICSKeys(master.exdates, eventIsDate: start.isDate, clock: clock).contains(epoch: epoch, wall: wall) { return true }
        guard !master.rules.isEmpty, epoch != clock.epoch(start),
            !ICSKeys(master.rdates, eventIsDate: start.isDate, clock: clock).contains(epoch: epoch, wall: wall)
        else { return false }
        return master.rules.allSatisfy { compact in
            let rule = compact.libical
            guard icaltime_is_null_time(rule.until) == 0, let until = untilWall(rule.until, start: start) else { return false }
            return wall > until
        }
    }

    /// The THISANDFUTURE overrides of `master`'s series as changes, in order of their
    /// RECURRENCE-IDs; each later one inherits what it lacks from the one before.
    func futureChanges(of master: ICSEvent, overrides: [ICSEvent]) -> [ICSFutureChange] {
        guard let start = master.start else { return [] }
        let ranged = overrides.filter(\.thisAndFuture).compactMap { override in
            override.recurrenceID.map { (rid: $0, epoch: clock.epoch($0), event: override) }
        }.sorted { $0.epoch < $1.epoch }
        var changes: [ICSFutureChange] = []
        var base = master
        var baseSpan = span(of: master, start: start) ?? defaultSpan(start)
        for (rid, epoch, override) in ranged {
            let moved = override.start ?? rid
            let span = moved.isDate == start.isDate ? span(of: override, start: moved) ?? baseSpan : baseSpan
            // The move as the wall clock of the series sees it: a meeting moved from 10:00 to
            // 11:00 stays at 11:00 on both sides of a clock change.
            var shift =
                clock.wall(ofEpochSeconds: ICSMath.floorDiv(clock.epoch(moved), 1000), in: start.frame)
                - clock.wall(ofEpochSeconds: ICSMath.floorDiv(epoch, 1000), in: start.frame)
            if start.isDate { shift = ICSMath.floorDiv(shift, 86_400) * 86_400 }
            let event = override.inheriting(from: base)
            changes.append(ICSFutureChange(from: epoch, shift: shift, span: span, event: event))
            base = event
            baseSpan = span
        }
        return changes
    }

    /// The change that governs an instance whose original start is `epoch`: the last one
    /// at or before it (`strictly`: before it).
    static func change(at epoch: EpochMillis, in changes: [ICSFutureChange], strictly: Bool = false) -> Int? {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].from < epoch || (!strictly && changes[middle].from == epoch) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low == 0 ? nil : low - 1
    }

    /// Emits `override` in place of its instance; what it lacks comes from the change that
    /// governs the instance, else from the master.
    mutating func emitOverride(_ override: ICSEvent, master: ICSEvent?, changes: [ICSFutureChange], uid: String) {
        guard let rid = override.recurrenceID else { return }
        let ridEpoch = clock.epoch(rid)
        let start = override.start ?? rid
        let governing = Self.change(at: ridEpoch, in: changes, strictly: true).map { changes[$0] }
        let inheritedSpan: ICSSpan? =
            if let governing, master?.start?.isDate == start.isDate {
                governing.span
            } else {
                master.flatMap { master in
                    master.start.flatMap { $0.isDate == start.isDate ? self.span(of: master, start: $0) : nil }
                }
            }
        let span = span(of: override, start: start) ?? inheritedSpan ?? defaultSpan(start)
        let startEpoch = clock.epoch(start)
        let end = end(ofWall: start.wall, epoch: startEpoch, span: span, frame: start.frame)
        guard overlaps(startEpoch, end) else { return }
        append(
            keep(template(override, master: governing?.event ?? master, uid: uid, allDay: start.isDate)), recurrenceID: ridEpoch,
            start: startEpoch, end: end)
    }
}
