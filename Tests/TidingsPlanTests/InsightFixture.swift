import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// A database with a calendar whose meeting hours dropped from 10 h to 4 h a week, and
/// shortcuts to give the user a history of taps, runs and insights.
final class InsightFixture {
    typealias F = MeetingFixture
    let directory: TemporaryDirectory
    let db: TidingsDatabase
    /// Sunday 2026-11-22 20:00 in Berlin.
    let now = MeetingFixture.now
    var config: TidingsConfig

    /// Two-hour meetings at 14:00 on `days` of November 2026 (Berlin).
    static func meetings(on days: [Int]) -> String {
        F.calendar(
            days.map { day in
                """
                UID:block-\(day)@example.org
                DTSTAMP:20261101T000000Z
                SUMMARY:Planning block
                DTSTART;TZID=Europe/Berlin:202611\(LocalDate.pad(day, 2))T140000
                DTEND;TZID=Europe/Berlin:202611\(LocalDate.pad(day, 2))T160000
                """
            })
    }

    /// Five meetings the week before last (10 h), two last week (4 h).
    static let fewerMeetings = meetings(on: [10, 11, 12, 13, 14, 17, 18])
    /// One meeting every day of the month.
    static let steadyMeetings = meetings(on: Array(1...30))

    init(calendar: String = InsightFixture.fewerMeetings, _ change: (inout TidingsConfig.Insights) -> Void = { _ in }) throws {
        directory = try TemporaryDirectory()
        db = try directory.database()
        var config = F.config { $0.enabled = false }
        change(&config.insights)
        self.config = config
        try F.store(calendar, in: db, at: now)
    }

    /// One planner run at `at`, worded by `wording`; returns the pending insights' ids.
    @discardableResult
    func plan(at: EpochMillis? = nil, horizon: Int64 = 3 * PlanFixture.day, wording: Wording = .english) throws -> [String] {
        try Planner(database: db, config: config, wording: wording).run(now: at ?? now, zone: F.berlin, horizon: horizon, dryRun: false)
        return try insights().map(\.id)
    }

    /// The pending insights, earliest first.
    func insights() throws -> [NotificationRecord] {
        try withExtendedLifetime(directory) { try db.pendingNotifications(kind: .insight) }
    }

    /// `count` notifications delivered to the inbox at `at` that the user then tapped (or dismissed).
    func engage(_ count: Int, _ engagement: Engagement = .tapped, at: EpochMillis, prefix: String = "seen") throws {
        let items = (0..<count).map { n in
            NotificationRecord(
                id: "\(prefix):\(n)", kind: .daily, category: .system, title: "News", body: "Body", deepLink: nil, dueAt: at,
                plannedLocal: "2026-11-20T07:30", plannedZone: "Europe/Berlin", staleness: .fresh, contentFetchTime: at, now: at)
        }
        _ = try db.applyPlan(items, now: at)
        let claimed = try db.claimDue(at: at, only: items.map(\.id))
        try db.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: at, actualDeliveryTime: at, contentAge: 0, staleness: .fresh, channel: .inbox,
                    outcome: .delivered)
            }, now: at)
        for item in claimed {
            try db.recordEngagement(notificationId: item.id, channel: .inbox, engagement: engagement, at: at + 60_000)
        }
    }

    /// A run of `stage` logged at `at`: the first sign of use.
    func ran(at: EpochMillis, stage: Stage = .prefetch) throws {
        try db.recordStageRun(StageRun(stage: stage, startedAt: at, endedAt: at + 1000, outcome: .ok, summary: "ok"))
    }

    /// The local instant `text` in Berlin.
    static func berlin(_ text: String) -> EpochMillis { TestClock.at(text, in: F.berlin) }
}
