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
    /// What was left out without harm (a content item's `data` too large or not an object),
    /// for `--verbose`; it does not degrade the run.
    public var warnings: [String] = []
    /// What the content generator says of the run (the LLM's counts), when it says anything.
    public var generation: String?
    /// Delivered meeting reminders the run takes back (or would) from the channels that
    /// showed them, since their meeting is gone.
    public var cleared: [String] = []
    /// The digests the run's `[[digests]]` rules made, with their members.
    public var digests: [DigestMerge] = []
    /// Of the stale daily updates, the ids of those whose content is current now (fetched
    /// within `fallback.stale_after` of the run): they are stale only because they are due
    /// later than that, and a fetch nearer their due time makes them fresh.
    public var staleAhead: Set<String> = []

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
        if !cleared.isEmpty { text += "; \(cleared.count) delivered to clear" }
        if !digests.isEmpty {
            let members = digests.reduce(0) { $0 + $1.members.count }
            text += "; \(members) merged into \(digests.count) digest\(digests.count == 1 ? "" : "s")"
        }
        if !staleAhead.isEmpty { text += "; \(staleAhead.count) stale only until a fetch nearer their due time" }
        if let problem = problems.first { text += "; \(problem)" }
        if let generation { text += "; \(generation)" }
        return text
    }

    /// ok when the next daily update is fresh, or stale only because it is due later than
    /// `fallback.stale_after` after content that is current now (the first plan in the
    /// evening, for tomorrow morning); degraded when it fell back to old content or an
    /// emergency line, or a calendar or schedule could not be read. (Later items are often
    /// stale when planned, since their content has not been published yet; a later run
    /// replaces their text.)
    public var stageOutcome: StageOutcome {
        if !problems.isEmpty { return .degraded }
        guard let next = schedule.first(where: { $0.kind == .daily }) else { return .ok }
        return next.staleness == .fresh || staleAhead.contains(next.id) ? .ok : .degraded
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
    let asksDesktop: Bool
    /// Where calendars are kept parsed between runs (`$XDG_CACHE_HOME/tidings/calendars`);
    /// nil: every run parses them.
    public var preparedCalendars: PreparedCalendarFolder?

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
    /// summaries, insights and the entries of remote schedules. Idempotent: a second run
    /// changes nothing; delivered and missed items are never touched; cancelled ones come back
    /// when planned again, except what the user cancelled, changed or merged (`tidings
    /// pending`), which stays as they left it. At most `plan.max_pending` items are pending;
    /// the least important wait in a backlog, and `deliver` promotes them as places free up. With `dryRun`
    /// nothing is written.
    public func run(now: EpochMillis, zone: Zone, horizon: Int64, dryRun: Bool) throws(StoreError) -> PlanOutcome {
        let timer = StageTimer(stage: .plan, now: now)
        let zone = zone.resolved()
        let inputs = try gather(now: now, zone: zone, horizon: horizon)
        let planned = try propose(from: inputs, now: now, zone: zone, horizon: horizon)
        let reconciliation = try reconcile(consume planned, inputs: inputs, now: now, zone: zone, horizon: horizon)
        return try apply(consume reconciliation, inputs: inputs, timer: timer, now: now, zone: zone, horizon: horizon, dryRun: dryRun)
    }
}
