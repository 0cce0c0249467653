import TidingsCore
import TidingsGenerate
import TidingsStore

/// The daily update: one notification a day at the configured wall time, its text chosen
/// by the fallback chain (fresh content, last-known-good marked stale, emergency line).
public struct DailyRule: Sendable {
    /// The settings it follows.
    public let config: TidingsConfig
    /// How its text is written.
    public let wording: Wording

    /// A rule for `config`, worded by `wording`.
    public init(config: TidingsConfig, wording: Wording = .english) {
        self.config = config
        self.wording = wording
    }

    /// The daily notifications due in `since ... now + horizon` (`since` is `now` unless
    /// given), planned in `zone` from `content`.
    public func notifications(now: EpochMillis, horizon: Int64, zone: Zone, content: [CachedContent], since: EpochMillis? = nil)
        -> [NotificationRecord]
    {
        guard config.daily.enabled else { return [] }
        let start = min(since ?? now, now)
        let end = now + horizon
        var planned: [NotificationRecord] = []
        // Start a day early: quiet hours can push yesterday's item past midnight into today.
        var date = zone.date(of: start).adding(days: -1)
        let lastDate = zone.date(of: end)
        while date <= lastDate {
            defer { date = date.adding(days: 1) }
            if config.daily.weekdaysOnly && date.isWeekend { continue }
            let wallDue = zone.instant(date, config.daily.time)
            let due = config.quietHours.adjusted(wallDue, category: config.daily.category, in: zone)
            guard due >= start, due <= end else { continue }
            planned.append(notification(for: date, due: due, zone: zone, content: content, now: now))
        }
        return planned
    }

    /// Whether the settings rule out a daily update on `date` (turned off, or a weekend day
    /// with `weekdays_only`).
    public func excludes(_ date: LocalDate) -> Bool {
        !config.daily.enabled || (config.daily.weekdaysOnly && date.isWeekend)
    }

    /// The notification for `date`, due at `due`. It expires at the end of the day it is
    /// due (or earlier, when its content says so).
    func notification(for date: LocalDate, due: EpochMillis, zone: Zone, content: [CachedContent], now: EpochMillis) -> NotificationRecord {
        let text = FallbackChain(config: config.fallback).text(for: date, due: due, zone: zone, content: content, wording: wording)
        var item = NotificationRecord(
            id: "daily:\(date)", kind: .daily, category: config.daily.category,
            title: text.title, body: text.body, deepLink: text.deepLink, dueAt: due,
            plannedLocal: "\(date)T\(config.daily.time)", plannedZone: zone.identifier,
            staleness: text.staleness, contentFetchTime: text.fetchTime, priority: Importance.routine,
            expiresAt: min(zone.endOfDay(containing: due), text.expiresAt ?? .max), now: now)
        item.subject = text.subject
        item.fingerprint = text.fingerprint
        item.generator = text.generator
        item.generatorReason = text.generatorReason
        item.data = text.data
        item.day = date
        return item
    }
}
