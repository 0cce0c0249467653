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
        /// The stored rows all this was made from, for `applyPlan`.
        var stored = PlanRows()
    }

    /// Reconciles `planned` with the stored rows: drops what is past unless it updates what
    /// the user saw, keeps what the user changed, cancels what the settings or the calendar
    /// now rule out, places one-off reminders again in `zone` (see `ReminderRule.placed`), and
    /// ranks the rest for the `plan.max_pending` places.
    func reconcile(
        _ planned: consuming [NotificationRecord], inputs: Inputs, now: EpochMillis, zone: Zone, horizon: Int64
    ) throws(StoreError) -> Reconciliation {
        // The stored rows are read once: the open ones are most of what a run plans again.
        let existing = try database.planRows(for: planned.map(\.id))
        let open = existing.open
        // The planned items are changed in place from here on: a record copied is a retain
        // for each of its strings, and a year of meetings is 12,000 records.
        try dropPast(&planned, existing: existing, now: now)
        let plannedIDs = Set(planned.map(\.id))
        let plannedOccurrences = Set(planned.compactMap(\.occurrence))
        let obsolete = obsoleteItems(open.filter { !plannedIDs.contains($0.id) }, inputs: inputs, now: now, horizon: horizon)
        let settled = replan(&planned, existing: existing, now: now)
        // What has expired takes no place (deliver marks it expired); the rest compete.
        let reminders = ReminderRule(quietHours: config.quietHours)
        for row in open where !plannedIDs.contains(row.id) && obsolete[row.id] == nil {
            var item = reminders.placed(row, now: now, zone: zone)
            // A reminder added before priorities counted tenths of a point (10 then) ranks
            // as one added now.
            if item.kind == .reminder { item.priority = Importance.reminder }
            planned.append(item)
        }
        planned.removeAll { ($0.expiresAt ?? .max) <= now }
        let ranked = PendingCap(limit: config.plan.maxPending).assign(consume planned, now: now)
        let cancelledUpdates = open.filter { $0.revision > 0 && $0.kind == .meeting && obsolete[$0.id] != nil }.map(\.id)
        let clears = try clears(
            plannedIDs: plannedIDs, plannedOccurrences: plannedOccurrences, cancelledUpdates: cancelledUpdates, inputs: inputs, now: now)
        return Reconciliation(
            ranked: ranked, obsolete: obsolete, settled: settled, plannedIDs: plannedIDs, clears: clears, stored: existing)
    }

    /// Takes out of `planned` what is past: an item whose time has passed stays only to update
    /// a row that reached the user.
    private func dropPast(_ planned: inout [NotificationRecord], existing: PlanRows, now: EpochMillis) throws(StoreError) {
        // A reminder whose time has passed is not sent now when one of the same meeting
        // occurrence already reached the user under another lead time (the event's alarm or
        // lead_times changed since) or under its old id (`meeting:<uid>`, before ids carried
        // the lead time, stored as its own occurrence); its later lead times still come.
        let late = Set(planned.compactMap { $0.dueAt <= now && !existing.contains($0.id) ? $0.occurrence : nil })
        let sent = Set(try database.notifications(occurrences: late.sorted()).values.filter(\.state.reachedUser).compactMap(\.occurrence))
        planned.removeAll { item in
            if item.dueAt <= now, !existing.contains(item.id), let occurrence = item.occurrence, sent.contains(occurrence) {
                return true
            }
            return item.dueAt < now && existing.with(item.id, { $0.state.reachedUser }) != true
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

    /// Merges `planned` with the stored rows, in place: what stays is the items still open
    /// (new, replanned, or a delivered one sent again as an update), in their order; returns
    /// how many are settled and stay as they are.
    private func replan(_ planned: inout [NotificationRecord], existing: PlanRows, now: EpochMillis) -> Int {
        // Items already delivered, missed or failed stay as they are, except that a delivered
        // one whose facts changed is sent again as an update; the rest compete for the
        // pending places.
        let replannable: Set<NotificationState> = [.pending, .backlog, .cancelled]
        var settled = 0
        var kept = 0
        for index in planned.indices {
            let keep =
                existing.with(planned[index].id) { row in
                    if row.isHeldByUser {
                        if row.isOpen { planned[index] = row }
                        return row.isOpen
                    } else if replannable.contains(row.state) {
                        Self.keepRevision(of: row, in: &planned[index], now: now)
                        return true
                    }
                    return Self.makeUpdate(of: row, from: &planned[index], now: now)
                } ?? true
            guard keep else {
                settled += 1
                continue
            }
            // Moved, not copied, to the front of what stays.
            if kept != index { planned.swapAt(kept, index) }
            kept += 1
        }
        planned.removeSubrange(kept...)
        return settled
    }

    /// Makes `replanned` the next revision of `delivered` when the user saw it and its facts
    /// changed since (a meeting moved, a content item corrected), before it expires: due at
    /// its new time, or at once when that has passed. False, `replanned` left as it was, when
    /// there is nothing to update.
    static func makeUpdate(of delivered: NotificationRecord, from replanned: inout NotificationRecord, now: EpochMillis) -> Bool {
        guard delivered.state.reachedUser, delivered.isUpdated(by: replanned),
            (replanned.expiresAt ?? .max) > now
        else { return false }
        replanned.revision = delivered.revision + 1
        replanned.dueAt = max(replanned.dueAt, now)
        return true
    }

    /// Gives `item`, planned again for the open `row`, what `row` holds of an update: an
    /// update waiting to go out stays an update, and keeps its time when the rule's own time
    /// has passed.
    static func keepRevision(of row: NotificationRecord, in item: inout NotificationRecord, now: EpochMillis) {
        guard row.revision > 0 else { return }
        item.revision = row.revision
        if item.dueAt < now { item.dueAt = max(item.dueAt, row.dueAt) }
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
