import TidingsCore
import TidingsStore

/// What one `plan` run did, or would do.
public struct PlanOutcome: Sendable {
    /// The pending schedule for the horizon after the run: old and new items, earliest first.
    public var schedule: [NotificationRecord]
    /// What the run changed in the database; nil for a dry run.
    public var changes: PlanChanges?
    /// Pending items the run cancelled (or would cancel), with the reason.
    public var cancelled: [String]
    /// How many planned items are fresh, stale and emergency.
    public var staleness: [Staleness: Int]

    /// A one-line account for the log.
    public var summary: String {
        let counts = Staleness.allCases.map { "\(staleness[$0, default: 0]) \($0.rawValue)" }.joined(separator: ", ")
        var text = "\(schedule.count) pending in the horizon (\(counts))"
        if let changes {
            text += "; \(changes.created) new, \(changes.updated) updated, \(changes.unchanged) unchanged"
        }
        if !cancelled.isEmpty { text += "; \(cancelled.count) cancelled" }
        return text
    }

    /// ok when the next item is fresh, degraded when it fell back. (Later items are often
    /// stale when planned, since their content has not been published yet; a later run
    /// replaces their text.)
    public var stageOutcome: StageOutcome {
        guard let next = schedule.first else { return .ok }
        return next.staleness == Staleness.fresh.rawValue ? .ok : .degraded
    }
}

/// Turns cached content and the user's settings into concrete notifications.
public struct Planner: Sendable {
    public let database: TidingsDatabase
    public let config: TidingsConfig

    /// A planner over `database` following `config`.
    public init(database: TidingsDatabase, config: TidingsConfig) {
        self.database = database
        self.config = config
    }

    /// Plans the horizon from `now` in `zone`. Idempotent: a second run changes nothing;
    /// delivered and missed items are never touched; cancelled ones come back when planned
    /// again. With `dryRun` nothing is written.
    public func run(now: EpochMillis, zone: Zone, horizon: Int64, dryRun: Bool) throws(StoreError) -> PlanOutcome {
        let timer = StageTimer(stage: .plan, now: now)
        // Content of sources no longer configured is not shown.
        let sourceNames = Set(config.sources.map(\.name))
        let content = try database.cachedContent().filter { sourceNames.contains($0.source) }
        let rule = DailyRule(config: config)
        let planned = rule.notifications(now: now, horizon: horizon, zone: zone, content: content)
        let plannedIDs = Set(planned.map(\.id))
        let pending = try database.pendingNotifications(kind: .daily)
        // Only what the settings now rule out is cancelled. An item beyond this run's horizon
        // (from a run with a longer --horizon), or one whose wall time has already passed in
        // a new zone, is left alone.
        let obsolete = pending.filter { item in
            guard item.dueAt >= now, !plannedIDs.contains(item.id), let date = DailyRule.date(ofID: item.id) else { return false }
            return rule.excludes(date)
        }
        let reason = config.daily.enabled
            ? "no longer planned (settings changed)" : "the daily update is turned off"

        var changes: PlanChanges?
        if !dryRun {
            changes = try database.applyPlan(
                planned, cancel: Dictionary(uniqueKeysWithValues: obsolete.map { ($0.id, reason) }), now: now)
        }
        let existing = try database.notifications(ids: Array(plannedIDs))
        let stillPlanned = planned.filter { item in
            existing[item.id].map { $0.state == NotificationState.pending.rawValue || $0.state == NotificationState.cancelled.rawValue } ?? true
        }
        let obsoleteIDs = Set(obsolete.map(\.id))
        let keptPending = pending.filter { !plannedIDs.contains($0.id) && !obsoleteIDs.contains($0.id) && $0.dueAt <= now + horizon }
        let schedule = (stillPlanned + keptPending).sorted { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }
        var staleness: [Staleness: Int] = [:]
        for item in stillPlanned { staleness[Staleness(rawValue: item.staleness) ?? .emergency, default: 0] += 1 }
        let outcome = PlanOutcome(schedule: schedule, changes: changes, cancelled: obsolete.map(\.id), staleness: staleness)
        if !dryRun {
            try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        }
        return outcome
    }
}
