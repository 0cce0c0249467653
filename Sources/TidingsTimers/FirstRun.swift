import Foundation
import TidingsCore
import TidingsStore

/// What the first `prefetch` and `plan` of `tidings init` did.
public struct FirstRun: Sendable {
    /// How one program's run ended.
    public enum Result: Sendable, Equatable {
        /// It ran; the text is its logged summary.
        case done(String)
        /// It ran, but something was wrong that the timers will retry (a source failed).
        case warning(String)
        /// It failed.
        case failed(String)
    }

    /// The prefetch run.
    public var prefetch: Result
    /// The plan run.
    public var plan: Result
    /// The next notifications planned, earliest first (at most three).
    public var upcoming: [NotificationRecord]

    /// What the runs did, and what they planned next.
    public init(prefetch: Result, plan: Result, upcoming: [NotificationRecord]) {
        self.prefetch = prefetch
        self.plan = plan
        self.upcoming = upcoming
    }
}

/// The next notifications in a few words, as `tidings init` prints them.
public enum UpcomingText {
    /// `daily update tomorrow 07:30; meeting reminder today 14:50`, or nil when nothing is planned.
    public static func line(_ items: [NotificationRecord], now: EpochMillis, zone: Zone) -> String? {
        guard !items.isEmpty else { return nil }
        return items.map { "\(name(of: $0)) \(when($0.dueAt, now: now, zone: zone))" }.joined(separator: "; ")
    }

    /// What the item is: `daily update`, `meeting reminder`, `weekly summary`, or the title
    /// of a scheduled item.
    static func name(of item: NotificationRecord) -> String {
        switch item.kind {
        case .daily: "daily update"
        case .meeting: "meeting reminder"
        case .weekly: "weekly summary"
        case .insight: "insight"
        case .digest: "digest"
        case .test: "test notification"
        case .notice: "notice"
        case .schedule, .reminder, .push: "\"\(item.title)\""
        }
    }

    /// `today 14:50`, `tomorrow 07:30`, `Sunday 18:00` within the week, else `2026-12-01 07:30`.
    static func when(_ instant: EpochMillis, now: EpochMillis, zone: Zone) -> String {
        let (date, second) = zone.local(instant)
        let time = "\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
        let today = zone.date(of: now)
        if date == today { return "today \(time)" }
        if date == today.adding(days: 1) { return "tomorrow \(time)" }
        if date > today, date < today.adding(days: 7) { return "\(weekdays[date.isoWeekday - 1]) \(time)" }
        return "\(date) \(time)"
    }

    private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
}
