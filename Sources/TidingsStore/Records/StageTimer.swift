import TidingsCore

/// Measures one run of a program for its stage-run row: the injected clock gives the start,
/// a monotonic clock the length (so a fixed `--now` still records real durations).
public struct StageTimer: Sendable {
    private let stage: Stage
    private let startedAt: EpochMillis
    private let started = ContinuousClock.now

    /// Starts timing `stage` at `now`.
    public init(stage: Stage, now: EpochMillis) {
        self.stage = stage
        self.startedAt = now
    }

    /// The finished run's row.
    public func finish(outcome: StageOutcome, summary: String) -> StageRun {
        let millis = (ContinuousClock.now - started).milliseconds
        return StageRun(stage: stage, startedAt: startedAt, endedAt: startedAt + millis, outcome: outcome, summary: summary)
    }
}
