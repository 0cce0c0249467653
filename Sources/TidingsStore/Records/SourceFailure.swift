import TidingsCore

/// A source whose last fetch attempt failed: since when it fails, how often it was tried
/// since, and the last reason. `tidings doctor`, `tidings log` and `report --format nagios`
/// name each one.
public struct SourceFailure: Sendable, Equatable {
    /// The source's name from the config.
    public var source: String
    /// The first failed attempt after its last success (or ever, when it never succeeded).
    public var since: EpochMillis
    /// The failed attempts since then.
    public var attempts: Int
    /// How the last attempt ended (`http_status`, `invalid`, `timeout`, …).
    public var outcome: String
    /// The last attempt's reason (`HTTP 503 from https://…`), or its outcome when it gave none.
    public var reason: String
    /// When it last succeeded; nil when it never did.
    public var lastSuccess: EpochMillis?

    /// A failing source.
    public init(source: String, since: EpochMillis, attempts: Int, outcome: String, reason: String, lastSuccess: EpochMillis?) {
        self.source = source
        self.since = since
        self.attempts = attempts
        self.outcome = outcome
        self.reason = reason
        self.lastSuccess = lastSuccess
    }

    /// `source "news" failing since 2026-11-24 06:15 (3 attempts): HTTP 503 from …`, the
    /// time in `zone`, the reason cut to `reasonLimit` characters (with `…`).
    public func summary(in zone: Zone, reasonLimit: Int = 200) -> String {
        "source \"\(source)\" " + detail(in: zone, reasonLimit: reasonLimit)
    }

    /// The summary without the source's name: `failing since 2026-11-24 06:15 (3 attempts): …`.
    public func detail(in zone: Zone, reasonLimit: Int = 200) -> String {
        let (date, second) = zone.local(since)
        let time = "\(date) \(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
        let count = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        let text = TextSanitizer.clean(reason)
        let cut = text.count > reasonLimit ? text.prefix(max(0, reasonLimit - 1)) + "…" : Substring(text)
        return "failing since \(time) (\(count)): \(cut)"
    }
}
