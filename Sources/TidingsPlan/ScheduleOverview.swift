import TidingsCore
import TidingsStore

/// A remote schedule as `plan` reads it, for `tidings schedule show`: the last good document
/// kept in the database, parsed and checked, each entry with the day it falls on, the weekend
/// shift, its due time and what became of its notification. Nothing is fetched.
public struct ScheduleOverview: Sendable {
    /// One entry of the schedule and where it falls.
    public struct Entry: Sendable {
        /// The producer's id and the entry's text, as checked.
        public var entry: RemoteSchedule.Entry
        /// The first day plus `dayOffset`, before the weekend shift.
        public var offsetDate: LocalDate
        /// The day it is due: `offsetDate`, moved past a weekend with `weekdaysOnly`.
        public var date: LocalDate
        /// When it is due: `date` at `fixedTime`, moved by quiet hours.
        public var due: EpochMillis
        /// Its notification, when one was planned (of this or an earlier version: an entry
        /// delivered once is never sent again).
        public var notification: NotificationRecord?
        /// The schedule that keeps its id instead (the first in the config), or nil.
        public var keptBy: String?

        /// Days the weekend shift added: 0, 1 (a Sunday) or 2 (a Saturday).
        public var weekendShift: Int { date.dayNumber - offsetDate.dayNumber }

        /// What became of it: its notification's state, else `unplanned` (due later than
        /// the plans so far looked) or `skipped` (its time passed before a plan saw it).
        public func progress(now: EpochMillis) -> String {
            if keptBy != nil { return "elsewhere" }
            if let notification { return notification.state.description }
            return due < now ? "skipped" : "unplanned"
        }
    }

    /// The source's name.
    public var source: String
    /// Its config entry, nil when the config no longer has it (plan then ignores its cache).
    public var config: TidingsConfig.Source?
    /// What the database keeps of it: nil when no fetch was ever good.
    public var cached: CachedSchedule?
    /// The kept document, parsed and checked; nil when there is none or it no longer reads.
    public var schedule: RemoteSchedule?
    /// Why the kept document no longer reads (a rule it breaks), else nil.
    public var unreadable: String?
    /// The failures since its last good fetch, when the last attempt failed: the document
    /// shown is then the last good one.
    public var failure: SourceFailure?
    /// The local day its version was first seen: the entries' days count from it.
    public var firstDay: LocalDate?
    /// The entries, in the document's order.
    public var entries: [Entry] = []

    /// The overview of the schedule source `name` in `zone` at `now`, from `database` only;
    /// nil when neither the config nor the database knows a schedule of that name.
    public static func read(
        _ name: String, config: TidingsConfig, database: TidingsDatabase, zone: Zone, now: EpochMillis
    ) throws(StoreError) -> ScheduleOverview? {
        let configured = config.sources.first { $0.name == name && $0.type == .schedule }
        let schedules = try database.cachedSchedules()
        let cached = schedules.first { $0.source == name }
        guard configured != nil || cached != nil else { return nil }
        var overview = ScheduleOverview(source: name, config: configured, cached: cached)
        overview.failure = try database.failingSources(among: [name]).first
        guard let cached else { return overview }
        do {
            overview.schedule = try RemoteSchedule.decode(Array(cached.text.utf8))
        } catch {
            overview.unreadable = "\(error)"
            return overview
        }
        guard let schedule = overview.schedule else { return overview }
        let firstDay = zone.date(of: cached.versionSeenAt)
        overview.firstDay = firstDay
        let owners = Self.earlierOwners(of: name, config: config, schedules: schedules)
        let rows = try database.notifications(ids: schedule.entries.map(\.notificationID))
        let category = configured?.category ?? .system
        let rule = ScheduleRule(config: config)
        overview.entries = schedule.entries.map { entry in
            let (date, due) = rule.due(entry, of: schedule, firstSeen: firstDay, category: category, zone: zone)
            let keptBy = owners[entry.notificationID]
            return Entry(
                entry: entry, offsetDate: firstDay.adding(days: entry.dayOffset), date: date, due: due,
                notification: keptBy == nil ? rows[entry.notificationID] : nil, keptBy: keptBy)
        }
        return overview
    }

    /// The notification ids of the readable schedules configured before `name`, each with
    /// its schedule's name: plan gives an id two schedules use to the first.
    private static func earlierOwners(of name: String, config: TidingsConfig, schedules: [CachedSchedule]) -> [String: String] {
        var owners: [String: String] = [:]
        for source in config.sources where source.type == .schedule {
            if source.name == name { break }
            guard let text = schedules.first(where: { $0.source == source.name })?.text,
                let schedule = try? RemoteSchedule.decode(Array(text.utf8))
            else { continue }
            for entry in schedule.entries where owners[entry.notificationID] == nil { owners[entry.notificationID] = source.name }
        }
        return owners
    }
}
