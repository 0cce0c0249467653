import TidingsCore
import TidingsStore

extension Planner {
    /// The proposal reconciled with what is stored: the open items ranked for the pending
    /// places, what to cancel and why, and what was already settled.
    struct Reconciliation {
        /// Every open item after the run, planned or left alone, ranked by `PendingCap`.
        var ranked: [NotificationRecord]
        /// Pending items no longer wanted, with the reason.
        var obsolete: [String: String]
        /// Planned items already delivered, missed or failed, left as they are.
        var settled: Int
        /// The ids the rules planned this run.
        var plannedIDs: Set<String>
        /// Delivered meeting reminders to take back from the channels that showed them.
        var clears: [ClearableLeg] = []
    }

    /// Reconciles `planned` with the stored rows: drops what is past unless it updates what
    /// the user saw, keeps what the user changed, cancels what the settings or the calendar
    /// now rule out, places one-off reminders again in `zone` (see `ReminderRule.placed`), and
    /// ranks the rest for the `plan.max_pending` places.
    func reconcile(
        _ planned: [NotificationRecord], inputs: Inputs, now: EpochMillis, zone: Zone, horizon: Int64
    ) throws(StoreError) -> Reconciliation {
        // The open rows are read once: they are most of what a run plans again.
        let open = try database.openNotifications()
        var existing = Dictionary(open.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        existing.merge(try database.notifications(ids: planned.map(\.id).filter { existing[$0] == nil })) { first, _ in first }
        let planned = try withoutPast(planned, existing: existing, now: now)
        let plannedIDs = Set(planned.map(\.id))
        let plannedOccurrences = Set(planned.compactMap(\.occurrence))
        let obsolete = obsoleteItems(open.filter { !plannedIDs.contains($0.id) }, inputs: inputs, now: now, horizon: horizon)
        let (stillOpen, settled) = replanned(planned, existing: existing, now: now)
        // What has expired takes no place (deliver marks it expired); the rest compete.
        let reminders = ReminderRule(quietHours: config.quietHours)
        let unplanned = open.filter { !plannedIDs.contains($0.id) && obsolete[$0.id] == nil }.map { row in
            var item = reminders.placed(row, now: now, zone: zone)
            // A reminder added before priorities counted tenths of a point (10 then) ranks
            // as one added now.
            if item.kind == .reminder { item.priority = Importance.reminder }
            return item
        }
        let candidates = (stillOpen + unplanned).filter { ($0.expiresAt ?? .max) > now }
        let ranked = PendingCap(limit: config.plan.maxPending).assign(candidates, now: now)
        let cancelledUpdates = open.filter { $0.revision > 0 && $0.kind == .meeting && obsolete[$0.id] != nil }.map(\.id)
        let clears = try clears(
            plannedIDs: plannedIDs, plannedOccurrences: plannedOccurrences, cancelledUpdates: cancelledUpdates, inputs: inputs, now: now)
        return Reconciliation(ranked: ranked, obsolete: obsolete, settled: settled, plannedIDs: plannedIDs, clears: clears)
    }

    /// `planned` less what is past: an item whose time has passed stays only to update a row
    /// that reached the user.
    private func withoutPast(
        _ planned: [NotificationRecord], existing: [String: NotificationRecord], now: EpochMillis
    ) throws(StoreError) -> [NotificationRecord] {
        // A reminder whose time has passed is not sent now when one of the same meeting
        // occurrence already reached the user under another lead time (the event's alarm or
        // lead_times changed since) or under its old id (`meeting:<uid>`, before ids carried
        // the lead time, stored as its own occurrence); its later lead times still come.
        let late = Set(planned.compactMap { $0.dueAt <= now && existing[$0.id] == nil ? $0.occurrence : nil })
        let sent = Set(try database.notifications(occurrences: late.sorted()).values.filter(\.state.reachedUser).compactMap(\.occurrence))
        return planned.filter { item in
            if item.dueAt <= now, existing[item.id] == nil, let occurrence = item.occurrence, sent.contains(occurrence) {
                return false
            }
            return item.dueAt >= now || existing[item.id]?.state.reachedUser == true
        }
    }

    /// The reasons to cancel each of `unplanned` (open rows this run did not plan) that the
    /// settings or the calendar now rule out.
    private func obsoleteItems(_ unplanned: [NotificationRecord], inputs: Inputs, now: EpochMillis, horizon: Int64) -> [String: String] {
        // Only what the settings or the calendar now rule out is cancelled. An item beyond
        // this run's horizon (from a run with a longer --horizon), or one whose wall time has
        // already passed in a new zone, is left alone.
        var obsolete: [String: String] = [:]
        // A calendar that no longer parses cancels nothing: its reminders stand as planned.
        let calendarsRead = inputs.calendarProblems.allSatisfy { !$0.hasSuffix(": unreadable") }
        for item in unplanned where item.dueAt >= now && !item.isHeldByUser {
            if item.kind == .meeting && !calendarsRead { continue }
            if item.kind == .schedule {
                if let reason = inputs.scheduleRule.obsolescence(of: item, plan: inputs.schedules) { obsolete[item.id] = reason }
            } else if let reason = obsolescence(of: item, now: now, horizon: horizon, daily: inputs.daily, weekly: inputs.weekly) {
                obsolete[item.id] = reason
            }
        }
        return obsolete
    }

    /// `planned` merged with the stored rows: the items still open (new, replanned, or a
    /// delivered one sent again as an update) and how many are settled and stay as they are.
    private func replanned(
        _ planned: [NotificationRecord], existing: [String: NotificationRecord], now: EpochMillis
    ) -> (open: [NotificationRecord], settled: Int) {
        // Items already delivered, missed or failed stay as they are, except that a delivered
        // one whose facts changed is sent again as an update; the rest compete for the
        // pending places.
        let replannable: Set<NotificationState> = [.pending, .backlog, .cancelled]
        return planned.reduce(into: ([NotificationRecord](), 0)) { result, item in
            guard let row = existing[item.id] else { return result.0.append(item) }
            if row.isHeldByUser {
                if row.isOpen { result.0.append(row) } else { result.1 += 1 }
                return
            }
            if replannable.contains(row.state) {
                result.0.append(Self.keepingRevision(of: row, in: item, now: now))
            } else if let update = Self.update(of: row, to: item, now: now) {
                result.0.append(update)
            } else {
                result.1 += 1
            }
        }
    }

    /// `replanned` as the next revision of `delivered` when the user saw it and its facts
    /// changed since (a meeting moved, a content item corrected), before it expires: due at
    /// its new time, or at once when that has passed. Nil when there is nothing to update.
    static func update(of delivered: NotificationRecord, to replanned: NotificationRecord, now: EpochMillis) -> NotificationRecord? {
        guard delivered.state.reachedUser, delivered.isUpdated(by: replanned),
            (replanned.expiresAt ?? .max) > now
        else { return nil }
        var update = replanned
        update.revision = delivered.revision + 1
        update.dueAt = max(replanned.dueAt, now)
        return update
    }

    /// `replanned` for an open row: an update waiting to go out stays an update, and keeps
    /// its time when the rule's own time has passed.
    static func keepingRevision(of row: NotificationRecord, in replanned: NotificationRecord, now: EpochMillis) -> NotificationRecord {
        guard row.revision > 0 else { return replanned }
        var item = replanned
        item.revision = row.revision
        if item.dueAt < now { item.dueAt = max(item.dueAt, row.dueAt) }
        return item
    }

    /// Why `item` (open, due in the future, not planned this run) is no longer wanted, or nil
    /// to leave it alone.
    private func obsolescence(of item: NotificationRecord, now: EpochMillis, horizon: Int64, daily: DailyRule, weekly: WeeklyRule) -> String? {
        switch item.kind {
        case .daily:
            guard let date = item.day, daily.excludes(date) else { return nil }
            if config.daily.offWithoutContent { return "the daily update is off: no content source" }
            return config.daily.enabled ? "no longer planned (settings changed)" : "the daily update is turned off"
        case .meeting:
            guard item.dueAt <= now + horizon else { return nil }
            guard config.meetings.enabled else { return "meeting reminders are turned off" }
            if let lead = item.lead, !config.meetings.leadTimes.contains(lead) {
                return "no longer planned (settings changed)"
            }
            return "the event was cancelled, declined, moved or removed"
        case .weekly:
            guard let date = item.day, weekly.excludes(date) else { return nil }
            return "no longer planned (settings changed)"
        case .insight:
            guard item.dueAt <= now + horizon else { return nil }
            return config.insights.frequency == .off ? "insights are turned off" : "no longer planned (nothing notable, or settings changed)"
        default:
            return nil
        }
    }
}
