import TidingsCore
import TidingsHTTP
import TidingsStore

/// What one `prefetch` run did.
public struct PrefetchOutcome: Sendable {
    /// Every attempt, in config order.
    public var attempts: [FetchAttempt] = []

    /// Attempts that left current content (ok or not modified).
    public var succeeded: Int { attempts.filter { FetchOutcome(rawValue: $0.outcome)?.isSuccess == true }.count }

    /// A one-line account for the log.
    public var summary: String {
        var counts: [String: Int] = [:]
        for attempt in attempts { counts[attempt.outcome, default: 0] += 1 }
        let detail = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "\(attempts.count) source\(attempts.count == 1 ? "" : "s")" + (detail.isEmpty ? "" : ": \(detail)")
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

    /// A prefetcher over `database` for the sources in `config`.
    public init(database: TidingsDatabase, config: TidingsConfig) {
        self.database = database
        self.config = config
    }

    /// Fetches each source in turn within the run budget, recording every attempt. A failed
    /// or invalid fetch keeps the source's last-known-good; `report` (per item) is called
    /// after each attempt.
    public func run(now: EpochMillis, report: (FetchAttempt) -> Void = { _ in }) throws(StoreError) -> PrefetchOutcome {
        let timer = StageTimer(stage: .prefetch, now: now)
        let started = ContinuousClock.now
        var outcome = PrefetchOutcome()
        let client: HTTPClient
        do {
            client = try HTTPClient()
        } catch {
            throw StoreError(path: database.path, message: "cannot start the HTTP client: \(error.message)")
        }
        let fetcher = SourceFetcher(client: client)
        for source in config.sources {
            let remaining = Self.runBudget - (ContinuousClock.now - started).milliseconds
            let result: FetchResult
            if remaining < 1000 {
                let attempt = FetchAttempt(
                    source: source.name, startedAt: now, durationMs: 0, outcome: .timeout,
                    reason: "not attempted: the run's 8-minute budget was spent")
                result = FetchResult(attempt: attempt, update: .keep)
            } else {
                result = fetcher.fetch(source, state: try database.sourceState(named: source.name), now: now, budget: remaining)
            }
            try database.recordFetch(url: source.url, attempt: result.attempt, update: result.update)
            outcome.attempts.append(result.attempt)
            report(result.attempt)
        }
        try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        return outcome
    }
}
