import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// A real database in a temporary folder, a config to plan with, and shortcuts to store
/// content the way `prefetch` does and to plan the way `plan` does.
final class PlanFixture {
    let directory: TemporaryDirectory
    let db: TidingsDatabase
    var config: TidingsConfig = {
        var config = TidingsConfig()
        // The planner only shows content of configured sources.
        config.sources = [TidingsConfig.Source(name: "daily", url: "https://example.org/daily.json")]
        return config
    }()

    static let berlin = Zone.named("Europe/Berlin")
    static let newYork = Zone.named("America/New_York")
    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    init() throws {
        directory = try TemporaryDirectory()
        db = try directory.database()
    }

    /// Replaces the cache of `source` with `items`, as a successful fetch at `at`.
    func store(_ items: [NotificationContent], at: EpochMillis, source: String = "daily") throws {
        try db.recordFetch(
            url: "https://example.org/\(source).json",
            attempt: FetchAttempt(source: source, startedAt: at, durationMs: 12, outcome: .ok),
            update: .replace(items, etag: nil, lastModified: nil))
    }

    /// The daily rule's notifications for the cached content, without touching the database.
    func planned(now: EpochMillis, zone: Zone, horizon: Int64) throws -> [NotificationRecord] {
        DailyRule(config: config).notifications(now: now, horizon: horizon, zone: zone, content: try db.cachedContent())
    }

    /// One planner run.
    @discardableResult
    func run(now: EpochMillis, zone: Zone, horizon: Int64? = nil, dryRun: Bool = false) throws -> PlanOutcome {
        try Planner(database: db, config: config).run(now: now, zone: zone, horizon: horizon ?? config.plan.horizon, dryRun: dryRun)
    }

    /// The pending daily notifications, earliest first.
    func pending() throws -> [NotificationRecord] {
        try withExtendedLifetime(directory) { try db.pendingNotifications(kind: .daily) }
    }

    /// The stored notification `id`.
    func stored(_ id: String) throws -> NotificationRecord? {
        try withExtendedLifetime(directory) { try db.notifications(ids: [id])[id] }
    }
}

/// Content as a producer would send it, fetched at `fetched`.
func content(
    _ id: String, title: String = "Morning news", body: String = "Today's headline.",
    scheduled: String, fetched: EpochMillis, deepLink: String? = nil
) -> NotificationContent {
    NotificationContent(
        id: id, title: title, body: body, scheduledTime: TestClock.at(scheduled),
        fetchTime: fetched, deepLink: deepLink)
}

/// `TestClock.at` for instants written in UTC.
func utc(_ text: String) -> EpochMillis { TestClock.at(text) }
