import TidingsCalendar
import TidingsCore
import TidingsLinks
import TidingsStore

extension Planner {
    /// Applies the reconciliation: stores the open items and cancellations and deletes old
    /// history (none of it with `dryRun`), then accounts for the run in its outcome and, when
    /// it wrote, in the run log.
    func apply(
        _ reconciliation: consuming Reconciliation, inputs: Inputs, timer: StageTimer, now: EpochMillis, zone: Zone, horizon: Int64,
        dryRun: Bool
    ) throws(StoreError) -> PlanOutcome {
        let changes: PlanChanges? = if dryRun { nil } else { try store(reconciliation, now: now) }
        // The stored rows served the save; they go now rather than at the end of the run.
        reconciliation.stored = PlanRows()
        var staleness: [Staleness: Int] = [:]
        for item in reconciliation.ranked where reconciliation.plannedIDs.contains(item.id) {
            staleness[item.staleness, default: 0] += 1
        }
        // The schedule is the ranked items themselves, taken out rather than copied.
        var schedule = reconciliation.ranked
        reconciliation.ranked = []
        schedule.removeAll { $0.dueAt > now + horizon }
        let merges = dryRun ? [] : try mergeDigests(now: now, zone: zone)
        if !merges.isEmpty {
            let merged = Set(merges.flatMap { $0.members.map(\.id) })
            schedule.removeAll { merged.contains($0.id) }
            schedule += merges.map(\.digest).filter { $0.dueAt <= now + horizon }
        }
        schedule.sort { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }
        var outcome = PlanOutcome(
            schedule: schedule, changes: changes, cancelled: reconciliation.obsolete.keys.sorted(), staleness: staleness,
            problems: inputs.calendarProblems + inputs.schedules.problems, generation: wording.generator.account,
            cleared: Set(reconciliation.clears.map(\.notificationId)).sorted())
        outcome.digests = merges
        outcome.staleAhead = Set(
            schedule.filter { item in
                item.kind == .daily && item.staleness == .stale && item.contentFetchTime.map { now - $0 <= config.fallback.staleAfter } == true
            }.map(\.id))
        outcome.warnings = inputs.content.compactMap { item in
            guard let data = item.data, let problem = ContentData.problem(data) else { return nil }
            return "content \(item.source)/\(item.id): data dropped: \(problem)"
        }
        if !dryRun {
            if let stamp = inputs.handlerStamp { try? database.saveSchemeHandlerAnswers(SchemeHandlers.asked(), stamp: stamp, now: now) }
            try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        }
        return outcome
    }

    /// Applies each `[[digests]]` rule to what is now pending, in config order.
    private func mergeDigests(now: EpochMillis, zone: Zone) throws(StoreError) -> [DigestMerge] {
        var merges: [DigestMerge] = []
        for rule in config.digests {
            merges += try Digest(rule: rule, language: wording.locale.language).run(database: database, now: now, zone: zone)
        }
        return merges
    }

    /// Writes the plan and deletes the history older than `retention.days`.
    private func store(_ reconciliation: Reconciliation, now: EpochMillis) throws(StoreError) -> PlanChanges {
        var changes = try database.applyPlan(reconciliation.ranked, cancel: reconciliation.obsolete, known: reconciliation.stored, now: now)
        changes.settled += reconciliation.settled
        try database.queueClears(reconciliation.clears, reason: Self.clearReason, now: now)
        changes.pruned = try database.prune(before: now - Int64(config.retention.days) * 86_400_000)
        // Giving space back is housekeeping: a failure (no room for VACUUM, a busy file)
        // leaves it for a later run and fails nothing.
        if changes.pruned > 0 { _ = try? database.releaseFreePages() }
        return changes
    }
}
