import TidingsCore
import TidingsGenerate
import TidingsLinks
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
    /// What went wrong reading calendars (the run still planned what it could).
    public var problems: [String] = []
    /// What the content generator says of the run (the LLM's counts), when it says anything.
    public var generation: String?

    /// A one-line account for the log.
    public var summary: String {
        let counts = Staleness.allCases.map { "\(staleness[$0, default: 0]) \($0.rawValue)" }.joined(separator: ", ")
        var text = "\(schedule.count) pending in the horizon (\(counts))"
        if let changes {
            text += "; \(changes.created) new, \(changes.updated) updated, \(changes.unchanged) unchanged"
            if changes.resent > 0 { text += ", \(changes.resent) delivered to update in place" }
            if changes.pruned > 0 { text += "; \(changes.pruned) rows of old history deleted" }
        }
        if !cancelled.isEmpty { text += "; \(cancelled.count) cancelled" }
        if let problem = problems.first { text += "; \(problem)" }
        if let generation { text += "; \(generation)" }
        return text
    }

    /// ok when the next item is fresh, degraded when it fell back. (Later items are often
    /// stale when planned, since their content has not been published yet; a later run
    /// replaces their text.)
    public var stageOutcome: StageOutcome {
        if !problems.isEmpty { return .degraded }
        guard let next = schedule.first(where: { $0.kind == NotificationKind.daily.rawValue }) else { return .ok }
        return next.staleness == Staleness.fresh.rawValue ? .ok : .degraded
    }
}

/// Turns cached content and the user's settings into concrete notifications.
public struct Planner: Sendable {
    public let database: TidingsDatabase
    public let config: TidingsConfig
    /// How every text is written: the content generator and the user's locale.
    public let wording: Wording
    /// Whether a URL scheme has a handler installed (a meeting's native app link).
    public let hasHandler: @Sendable (String) -> Bool
    /// Whether `hasHandler` asks the desktop (its files, or `xdg-mime` on KDE), so that its
    /// answers may be kept and asked ahead.
    private let asksDesktop: Bool

    /// A planner over `database` following `config`, worded by `wording`; `hasHandler`
    /// answers for the desktop's URL scheme handlers (by default `SchemeHandlers.installed`).
    public init(
        database: TidingsDatabase, config: TidingsConfig, wording: Wording = .english, hasHandler: (@Sendable (String) -> Bool)? = nil
    ) {
        self.database = database
        self.config = config
        self.wording = wording
        self.hasHandler = hasHandler ?? { SchemeHandlers.installed($0) }
        asksDesktop = hasHandler == nil
    }

    /// Plans the horizon from `now` in `zone`: daily updates, meeting reminders, weekly
    /// summaries, insights and the entries of remote schedules. Idempotent: a second run changes nothing; delivered and missed items are
    /// never touched; cancelled ones come back when planned again, except what the user
    /// cancelled, changed or merged (`tidings pending`), which stays as they left it. At most
    /// `plan.max_pending` items are pending; the least important wait in a backlog and are
    /// promoted as room frees up. With `dryRun` nothing is written.
    public func run(now: EpochMillis, zone: Zone, horizon: Int64, dryRun: Bool) throws(StoreError) -> PlanOutcome {
        let timer = StageTimer(stage: .plan, now: now)
        let zone = zone.resolved()
        // What sources no longer configured left in the cache is not shown.
        let contentSources = Set(config.sources.filter { $0.type == .content }.map(\.name))
        let calendarSources = Set(config.sources.filter { $0.type == .calendar }.map(\.name))
        let content = try database.cachedContent().filter { contentSources.contains($0.source) }
        let calendars = try database.cachedCalendars().filter { calendarSources.contains($0.source) }
        let scheduleRule = ScheduleRule(config: config)
        let schedules = config.sources.contains { $0.type == .schedule }
            ? scheduleRule.plan(now: now, horizon: horizon, zone: zone, schedules: try database.cachedSchedules())
            : ScheduleRule.Plan()
        // Whether the apps of meeting links are installed is read from the desktop's files
        // when a reminder needs it. On KDE the answers come from xdg-mime, a slow shell
        // script: they are asked ahead, on a thread of their own, and kept between runs for a
        // day, as long as the files they come from are unchanged. The cache is only a
        // shortcut: a failure to read or keep it costs a question, nothing more.
        let handlerStamp = asksDesktop && config.meetings.enabled && !calendars.isEmpty && SchemeHandlers.asksXDGMime()
            ? SchemeHandlers.stamp() : nil
        if let handlerStamp {
            let known = (try? database.schemeHandlerAnswers(stamp: handlerStamp, since: now - 86_400_000)) ?? [:]
            for (scheme, installed) in known {
                SchemeHandlers.remember(scheme, installed: installed)
            }
            SchemeHandlers.lookAhead(mentionedIn: calendars.map(\.text))
        }

        let daily = DailyRule(config: try dailyConfig(now: now, zone: zone), wording: wording)
        let weekly = WeeklyRule(config: config, wording: wording)
        // One expansion per calendar serves both rules: the past two weeks (for the weekly
        // summary) to a week past the horizon.
        let expanded = ExpandedCalendar.expand(
            calendars, from: now - WeekStatistics.before,
            until: now + horizon + config.meetings.longestLeadTime + WeekStatistics.after + 86_400_000, zone: zone)
        let reminders = MeetingRule(config: config, wording: wording, hasHandler: hasHandler)
            .notifications(now: now, horizon: horizon, zone: zone, calendars: expanded.calendars)
        // The daily rule looks a day back too, but only to update what the user already saw.
        var planned = daily.notifications(now: now, horizon: horizon, zone: zone, content: content, since: now - 86_400_000)
        planned += reminders
        // The events weekly summaries and insights count, gathered once for both.
        let counted = config.weekly.enabled && !expanded.calendars.isEmpty
            ? CountedEvents(calendars: expanded.calendars, attendance: Attendance(config: config)) : nil
        planned += weekly.notifications(now: now, horizon: horizon, zone: zone, calendars: expanded.calendars, counted: counted)
        planned += schedules.notifications
        if config.insights.frequency != .off {
            let history = try database.insightHistory(
                from: now - InsightRule.window, until: now, tapsNeeded: config.insights.minTaps, insightsSince: now - InsightRule.memory)
            planned += InsightRule(config: config, wording: wording)
                .notifications(now: now, horizon: horizon, zone: zone, history: history, calendars: expanded.calendars, counted: counted)
        }
        // The open rows are read once: they are most of what a run plans again.
        let open = try database.openNotifications()
        var existing = Dictionary(open.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        existing.merge(try database.notifications(ids: planned.map(\.id).filter { existing[$0] == nil })) { first, _ in first }
        // A reminder whose time has passed is not sent now when one of the same meeting
        // already reached the user under another lead time (the event's alarm or lead_times
        // changed since) or under its old id (`meeting:<uid>`, before ids carried the lead
        // time); its later lead times still come.
        let late = Set(planned.compactMap { $0.dueAt <= now && existing[$0.id] == nil ? MeetingRule.legacyID(of: $0.id) : nil })
        let reached = { (row: NotificationRecord) in NotificationState(rawValue: row.state)?.reachedUser == true }
        let sent = Set(try database.notifications(ids: Array(late)).values.filter(reached).map(\.id))
            .union(try database.notifications(idPrefixes: late.map { $0 + "@" }).values.filter(reached).compactMap { MeetingRule.legacyID(of: $0.id) })
        planned = planned.filter { item in
            if item.dueAt <= now, existing[item.id] == nil, let occurrence = MeetingRule.legacyID(of: item.id), sent.contains(occurrence) {
                return false
            }
            return item.dueAt >= now || existing[item.id].flatMap { NotificationState(rawValue: $0.state) }?.reachedUser == true
        }
        let plannedIDs = Set(planned.map(\.id))

        // Only what the settings or the calendar now rule out is cancelled. An item beyond
        // this run's horizon (from a run with a longer --horizon), or one whose wall time has
        // already passed in a new zone, is left alone.
        var obsolete: [String: String] = [:]
        // A calendar that no longer parses cancels nothing: its reminders stand as planned.
        let calendarsRead = expanded.problems.allSatisfy { !$0.hasSuffix(": unreadable") }
        for item in open where item.dueAt >= now && !plannedIDs.contains(item.id) && !item.isHeldByUser {
            if item.kind == NotificationKind.meeting.rawValue && !calendarsRead { continue }
            if item.kind == NotificationKind.schedule.rawValue {
                if let reason = scheduleRule.obsolescence(of: item, plan: schedules) { obsolete[item.id] = reason }
            } else if let reason = obsolescence(of: item, now: now, horizon: horizon, daily: daily, weekly: weekly) {
                obsolete[item.id] = reason
            }
        }

        // Items already delivered, missed or failed stay as they are, except that a delivered
        // one whose facts changed is sent again as an update; the rest compete for the
        // pending places.
        let replannable: Set<String> = [NotificationState.pending.rawValue, NotificationState.backlog.rawValue, NotificationState.cancelled.rawValue]
        let (stillOpen, settled) = planned.reduce(into: ([NotificationRecord](), 0)) { result, item in
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
        // What has expired takes no place (deliver marks it expired); the rest compete.
        let candidates = (stillOpen + open.filter { !plannedIDs.contains($0.id) && obsolete[$0.id] == nil })
            .filter { ($0.expiresAt ?? .max) > now }
        let ranked = PendingCap(limit: config.plan.maxPending).assign(candidates, now: now)

        var changes: PlanChanges?
        if !dryRun {
            changes = try database.applyPlan(ranked, cancel: obsolete, now: now)
            changes?.settled += settled
            changes?.pruned = try database.prune(before: now - Int64(config.retention.days) * 86_400_000)
            // Giving space back is housekeeping: a failure (no room for VACUUM, a busy file)
            // leaves it for a later run and fails nothing.
            if changes?.pruned ?? 0 > 0 { _ = try? database.releaseFreePages() }
        }
        let schedule = ranked.filter { $0.dueAt <= now + horizon }.sorted { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }
        var staleness: [Staleness: Int] = [:]
        for item in ranked where plannedIDs.contains(item.id) { staleness[Staleness(rawValue: item.staleness) ?? .emergency, default: 0] += 1 }
        let outcome = PlanOutcome(
            schedule: schedule, changes: changes, cancelled: obsolete.keys.sorted(), staleness: staleness,
            problems: expanded.problems + schedules.problems, generation: wording.generator.account)
        if !dryRun {
            if let handlerStamp { try? database.saveSchemeHandlerAnswers(SchemeHandlers.asked(), stamp: handlerStamp, now: now) }
            try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        }
        return outcome
    }

    /// `replanned` as the next revision of `delivered` when the user saw it and its facts
    /// changed since (a meeting moved, a content item corrected), before it expires: due at
    /// its new time, or at once when that has passed. Nil when there is nothing to update.
    static func update(of delivered: NotificationRecord, to replanned: NotificationRecord, now: EpochMillis) -> NotificationRecord? {
        guard NotificationState(rawValue: delivered.state)?.reachedUser == true, delivered.isUpdated(by: replanned),
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
    /// The config the daily rule follows: with `features.personalization`, the daily time
    /// moved toward the hour the user engages most (see `PersonalizedTime`).
    private func dailyConfig(now: EpochMillis, zone: Zone) throws(StoreError) -> TidingsConfig {
        guard config.features.personalization else { return config }
        var personalized = config
        personalized.daily.time = PersonalizedTime.time(
            configured: config.daily.time, engagements: try database.engagementTimes(from: now - PersonalizedTime.window, to: now + 1),
            now: now, zone: zone)
        return personalized
    }

    private func obsolescence(of item: NotificationRecord, now: EpochMillis, horizon: Int64, daily: DailyRule, weekly: WeeklyRule) -> String? {
        switch NotificationKind(rawValue: item.kind) {
        case .daily:
            guard let date = DailyRule.date(ofID: item.id), daily.excludes(date) else { return nil }
            if config.daily.offWithoutContent { return "the daily update is off: no content source" }
            return config.daily.enabled ? "no longer planned (settings changed)" : "the daily update is turned off"
        case .meeting:
            guard item.dueAt <= now + horizon else { return nil }
            guard config.meetings.enabled else { return "meeting reminders are turned off" }
            if let lead = MeetingRule.lead(ofID: item.id), !config.meetings.leadTimes.contains(lead) {
                return "no longer planned (settings changed)"
            }
            return "the event was cancelled, declined, moved or removed"
        case .weekly:
            guard let date = LocalDate(item.id.dropFirst("weekly:".count)), weekly.excludes(date) else { return nil }
            return "no longer planned (settings changed)"
        case .insight:
            guard item.dueAt <= now + horizon else { return nil }
            return config.insights.frequency == .off ? "insights are turned off" : "no longer planned (nothing notable, or settings changed)"
        default:
            return nil
        }
    }
}
