import TidingsCore
import TidingsStore

/// When `prefetch --due` fetches a source: once its last success is `every` old (calendars
/// 15 minutes, the rest 6 hours, or the source's own `every`); after a failure, at the next
/// run at least 15 minutes (or `every`, when shorter) after the failed attempt. A fifth of
/// the interval, at most 5 minutes, is allowed for the timer's jitter, so a source fetched
/// at 06:15:40 is due again at the 06:30 run.
public enum Refresh {
    /// Longest wait before a failed source is tried again.
    public static let retryAfter: Int64 = 15 * 60_000

    /// When `source` is next due, or nil when it is due at `now`.
    public static func nextDue(_ source: TidingsConfig.Source, state: SourceState?, now: EpochMillis) -> EpochMillis? {
        guard let state, state.url == source.url, let attempt = state.lastAttemptAt else { return nil }
        let last: EpochMillis
        let interval: Int64
        if let success = state.lastSuccessAt, success >= attempt {
            (last, interval) = (success, source.every)
        } else {
            (last, interval) = (attempt, min(source.every, retryAfter))
        }
        let due = last + interval - min(interval / 5, 5 * 60_000)
        // A clock set back past the last fetch makes it due too.
        return now >= due || now < last ? nil : due
    }
}
