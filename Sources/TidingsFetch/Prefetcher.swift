import TidingsCore
import TidingsHTTP
import TidingsStore

/// What one `prefetch` run did.
public struct PrefetchOutcome: Sendable {
    /// Every attempt, in config order.
    public var attempts: [FetchAttempt] = []
    /// What is worth telling under `--verbose` about a source fetched (events without a UID).
    public var notes: [(source: String, note: String)] = []
    /// The sources a `--due` run left alone, with the time each is due.
    public var notDue: [(source: String, due: EpochMillis)] = []
    /// The sources another host was fetching (a store on PostgreSQL), or had just fetched
    /// when this run got its turn: left to it.
    public var elsewhere: [String] = []
    /// Every image looked at, when media attachments are on.
    public var media: [MediaResult] = []
    /// Images deleted to keep the media cache under its quota.
    public var mediaEvicted = 0
    /// The remote schedules that arrived changed (kept) or invalid (refused), with the start
    /// of their JSON, for `--verbose`.
    public var schedulePreviews: [(source: String, preview: SchedulePreview, refused: Bool)] = []

    /// Attempts that left current content (ok or not modified).
    public var succeeded: Int { attempts.filter(\.outcome.isSuccess).count }

    /// A one-line account for the log.
    public var summary: String {
        var counts: [String: Int] = [:]
        for attempt in attempts { counts[attempt.outcome.description, default: 0] += 1 }
        let detail = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let skipped = (notDue.isEmpty ? "" : "; \(notDue.count) not due") + (elsewhere.isEmpty ? "" : "; \(elsewhere.count) fetched by another host")
        return "\(attempts.count) source\(attempts.count == 1 ? "" : "s")" + (detail.isEmpty ? "" : ": \(detail)") + skipped + mediaSummary
    }

    /// `; media: 2 stored, 1 cached, 1 refused, 3 evicted`, or nothing when no image was looked at.
    private var mediaSummary: String {
        guard !media.isEmpty || mediaEvicted > 0 else { return "" }
        var stored = 0
        var cached = 0
        var refused = 0
        for result in media {
            switch result.outcome {
            case .stored: stored += 1
            case .cached: cached += 1
            case .refused: refused += 1
            }
        }
        return "; media: \(stored) stored, \(cached) cached, \(refused) refused, \(mediaEvicted) evicted"
    }

    /// ok when every source succeeded, degraded otherwise (the cache still serves).
    public var stageOutcome: StageOutcome { succeeded == attempts.count ? .ok : .degraded }
}

/// Fetches every configured source ahead of time and keeps the last-known-good of each.
public struct Prefetcher {
    /// Longest a whole run may take, whatever the sources' timeouts add up to.
    public static let runBudget: Int64 = 8 * 60_000

    public let database: TidingsDatabase
    public let config: TidingsConfig
    /// Where images are mirrored when `features.media_attachments` is on.
    public let media: MediaCache?
    /// Where the calendars fetched are kept parsed for plan; nil: nowhere.
    public var preparedCalendars: PreparedCalendarFolder?
    /// Where sources' passwords and tokens given by variable are read.
    public var environment: [String: String] = [:]
    /// Where CalDAV sources keep what they learned between fetches; nil: nowhere.
    public var caldavStates: CalDAVStateFolder?

    /// A prefetcher over `database` for the sources in `config`, mirroring content images
    /// into `media` when the config turns media attachments on.
    public init(database: TidingsDatabase, config: TidingsConfig, media: MediaCache? = nil) {
        self.database = database
        self.config = config
        self.media = media
    }

    /// Fetches each source in turn within the run budget, recording every attempt. A failed
    /// or invalid fetch keeps the source's last-known-good; `report` (per item) is called
    /// after each attempt. With `onlyDue`, a source that `Refresh` does not find due is left
    /// alone (and is not an attempt; a run with nothing due records no run). Then, with media
    /// attachments on (with `onlyDue`: when a source was due), mirrors the cached content's
    /// images (see `MediaFetcher`) and trims the media cache to its quota; an image that
    /// fails is a warning, never a failure.
    public func run(now: EpochMillis, onlyDue: Bool = false, report: (FetchAttempt) -> Void = { _ in }) throws(StoreError) -> PrefetchOutcome {
        let timer = StageTimer(stage: .prefetch, now: now)
        let started = ContinuousClock.now
        var outcome = PrefetchOutcome()
        let states = try database.sourceStates()
        let due = dueSources(states: states, now: now, onlyDue: onlyDue, outcome: &outcome)
        // A run with nothing due loads no HTTP client and writes nothing.
        let mirrorsMedia = config.features.mediaAttachments && media != nil && !(onlyDue && due.isEmpty)
        if !due.isEmpty || mirrorsMedia {
            let client = try httpClient()
            try fetch(due, states: states, client: client, now: now, onlyDue: onlyDue, started: started, outcome: &outcome, report: report)
            if mirrorsMedia, let media { try mirror(into: media, client: client, now: now, started: started, outcome: &outcome) }
        }
        // A --due run that found nothing due leaves no trace: it ran every 15 minutes.
        if !(onlyDue && due.isEmpty) {
            try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        }
        return outcome
    }

    /// Whether a run with `onlyDue` at `now` finds no source due: it would fetch nothing and
    /// leave no trace.
    public func nothingDue(now: EpochMillis) throws(StoreError) -> Bool {
        var outcome = PrefetchOutcome()
        return dueSources(states: try database.sourceStates(), now: now, onlyDue: true, outcome: &outcome).isEmpty
    }

    /// The sources to fetch, in config order: all of them, or with `onlyDue` those
    /// `Refresh` finds due (the others go to `outcome.notDue`).
    private func dueSources(
        states: [String: SourceState], now: EpochMillis, onlyDue: Bool, outcome: inout PrefetchOutcome
    ) -> [TidingsConfig.Source] {
        var due: [TidingsConfig.Source] = []
        for source in config.sources {
            if onlyDue, let time = Refresh.nextDue(source, state: states[source.name], now: now) {
                outcome.notDue.append((source.name, time))
            } else {
                due.append(source)
            }
        }
        return due
    }

    /// An HTTP client for the run; a failure to start one fails the run.
    private func httpClient() throws(StoreError) -> HTTPClient {
        do {
            return try HTTPClient()
        } catch {
            throw StoreError(path: database.path, message: "cannot start the HTTP client: \(error.message)")
        }
    }

    /// Fetches each of `due` with what is left of the run budget and records the attempt; a
    /// source reached with less than a second left is not attempted.
    private func fetch(
        _ due: [TidingsConfig.Source], states: [String: SourceState], client: HTTPClient, now: EpochMillis, onlyDue: Bool,
        started: ContinuousClock.Instant, outcome: inout PrefetchOutcome, report: (FetchAttempt) -> Void
    ) throws(StoreError) {
        var fetcher = SourceFetcher(client: client, prepared: preparedCalendars, environment: environment)
        fetcher.caldavStates = caldavStates
        fetcher.reach = config.plan.horizon + config.meetings.longestLeadTime
        var states = states
        for source in due {
            // Hosts sharing a store fetch each source one at a time: one that another host is
            // fetching is left to it, and one it fetched while this run waited is not due.
            let lock = "source \(source.name)"
            guard try database.tryLock(lock) else {
                outcome.elsewhere.append(source.name)
                continue
            }
            defer { try? database.unlock(lock) }
            if database.isPostgreSQL {
                states = try database.sourceStates()
                if onlyDue, Refresh.nextDue(source, state: states[source.name], now: now) != nil {
                    outcome.elsewhere.append(source.name)
                    continue
                }
            }
            let remaining = Self.runBudget - (ContinuousClock.now - started).milliseconds
            let result: FetchResult
            if remaining < 1000 {
                let attempt = FetchAttempt(
                    source: source.name, startedAt: now, durationMs: 0, outcome: .timeout,
                    reason: "not attempted: the run's 8-minute budget was spent")
                result = FetchResult(attempt: attempt, update: .keep)
            } else {
                result = fetcher.fetch(source, state: states[source.name], now: now, budget: remaining)
            }
            try database.recordFetch(url: source.url, attempt: result.attempt, update: result.update)
            if let note = result.note { outcome.notes.append((source.name, note)) }
            if let preview = result.preview {
                // A schedule that arrived: shown when it was refused, or kept and different
                // from the one before (its change number moved).
                let refused = result.attempt.outcome == .invalid
                let changed = try database.sourceState(named: source.name)?.changeSeq != states[source.name]?.changeSeq
                if refused || changed {
                    outcome.schedulePreviews.append((source.name, preview, refused))
                }
            }
            if case .replaceCalendar(_, _, let withoutUID, _, _) = result.update, withoutUID > 0 {
                outcome.notes.append((source.name, CalendarNote.withoutUID(withoutUID)))
            }
            outcome.attempts.append(result.attempt)
            report(result.attempt)
        }
    }

    /// Mirrors the cached content's images into `media` with what is left of the run budget,
    /// then trims the cache to its quota.
    private func mirror(
        into media: MediaCache, client: HTTPClient, now: EpochMillis, started: ContinuousClock.Instant, outcome: inout PrefetchOutcome
    ) throws(StoreError) {
        // The first URL is the latest content's: it is stamped the most recently used.
        let fetcher = MediaFetcher(client: client, cache: media, config: config.media)
        for (index, url) in try database.contentMediaURLs(limit: MediaFetcher.maxPerRun).enumerated() {
            let remaining = Self.runBudget - (ContinuousClock.now - started).milliseconds
            outcome.media.append(fetcher.mirror(url, now: now - Int64(index), budget: remaining))
        }
        outcome.mediaEvicted = media.evict(toQuota: config.media.quota).count
    }
}
