import TidingsCore
import TidingsStore

/// Remote schedules: one notification per entry, `app_notification_<id>`, due `dayOffset`
/// days after the day its version was first seen, at the schedule's fixed time.
struct ScheduleRule: Sendable {
    /// Where each entry of every configured schedule falls, planned or not.
    struct Plan: Sendable {
        /// The notifications due in the horizon.
        var notifications: [NotificationRecord] = []
        /// Every entry's notification id and due time, beyond the horizon too.
        var due: [String: EpochMillis] = [:]
        /// The configured schedule sources that have a readable schedule.
        var read: Set<String> = []
        /// What could not be planned.
        var problems: [String] = []
    }

    let config: TidingsConfig

    /// The entries of `schedules` (only those of configured schedule sources), planned in
    /// `zone`; those due from `now` to `now + horizon` become notifications. An id that two
    /// schedules use goes to the first source in config order.
    func plan(now: EpochMillis, horizon: Int64, zone: Zone, schedules: [CachedSchedule]) -> Plan {
        var plan = Plan()
        let cached = Dictionary(schedules.map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        var owner: [String: String] = [:]
        for source in config.sources where source.type == .schedule {
            guard let stored = cached[source.name] else { continue }
            let schedule: RemoteSchedule
            do {
                schedule = try RemoteSchedule.decode(Array(stored.text.utf8))
            } catch {
                plan.problems.append("schedule \(source.name): unreadable (\(error))")
                continue
            }
            plan.read.insert(source.name)
            let firstSeen = zone.date(of: stored.versionSeenAt)
            for entry in schedule.entries {
                let id = entry.notificationID
                if let other = owner[id] {
                    plan.problems.append("schedule \(source.name): \(id) is also in schedule \(other), which keeps it")
                    continue
                }
                owner[id] = source.name
                let (date, due) = self.due(entry, of: schedule, firstSeen: firstSeen, category: source.category, zone: zone)
                plan.due[id] = due
                guard due >= now, due <= now + horizon else { continue }
                var item = NotificationRecord(
                    id: id, kind: .schedule, category: source.category, title: entry.title, body: entry.body, deepLink: nil,
                    dueAt: due, plannedLocal: "\(date)T\(schedule.fixedTime)", plannedZone: zone.identifier,
                    staleness: .fresh, contentFetchTime: stored.fetchTime, priority: Importance.routine,
                    expiresAt: zone.endOfDay(containing: due), now: now)
                // No fingerprint: an entry the user saw is never sent again, whatever changes.
                item.subject = "schedule:\(source.name):\(schedule.version)"
                plan.notifications.append(item)
            }
        }
        return plan
    }

    /// The day `entry` of `schedule` falls on (after the weekend shift of `weekdaysOnly`) when
    /// its version was first seen on `firstSeen`, and when it is due: that day at the
    /// schedule's fixed time in `zone`, moved by quiet hours for `category`.
    func due(
        _ entry: RemoteSchedule.Entry, of schedule: RemoteSchedule, firstSeen: LocalDate, category: Category, zone: Zone
    ) -> (date: LocalDate, due: EpochMillis) {
        let date = schedule.date(of: entry, firstSeen: firstSeen)
        return (date, config.quietHours.adjusted(zone.instant(date, schedule.fixedTime), category: category, in: zone))
    }

    /// Why the open schedule item `item`, not planned this run, is no longer wanted, or nil
    /// to leave it alone (its schedule unreadable, or its time beyond this run's horizon).
    func obsolescence(of item: NotificationRecord, plan: Plan) -> String? {
        let source = item.subject.map { $0.split(separator: ":", maxSplits: 2) }.flatMap { $0.count == 3 ? String($0[1]) : nil }
        guard let source, config.sources.contains(where: { $0.name == source && $0.type == .schedule }) else {
            return "its schedule source was removed"
        }
        guard plan.read.contains(source) else { return nil }
        guard let due = plan.due[item.id] else { return "removed from the schedule" }
        if due == item.dueAt { return nil }
        return "the schedule changed (a new version starts again from the day it was first seen)"
    }
}
