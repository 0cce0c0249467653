import TidingsCore
import TidingsPlan
import TidingsStore

/// How `tidings schedule show` looks: a few lines about the schedule, then one line per
/// entry; or one JSON object.
enum ScheduleView {
    static func render(_ overview: ScheduleOverview, format: Tidings.Schedule.ScheduleFormat, now: EpochMillis, zone: Zone) -> String {
        switch format {
        case .json: return json(overview, now: now, zone: zone) + "\n"
        case .text: return text(overview, now: now, zone: zone)
        }
    }

    /// `schedule welcome: version 1.0, 3 entries at 09:00, weekdays only`, the source and
    /// its days, any failure, then the entries.
    static func text(_ overview: ScheduleOverview, now: EpochMillis, zone: Zone) -> String {
        var lines: [String] = []
        if let schedule = overview.schedule {
            let count = "\(schedule.entries.count) entr\(schedule.entries.count == 1 ? "y" : "ies")"
            lines.append(
                "schedule \(overview.source): version \(schedule.version), \(count) at \(schedule.fixedTime)"
                    + (schedule.weekdaysOnly ? ", weekdays only" : ""))
        } else {
            lines.append("schedule \(overview.source)")
        }
        if let source = overview.config {
            lines.append("source \(source.url), category \(source.category)")
        } else {
            lines.append("not in the config: plan leaves it alone")
        }
        if let cached = overview.cached, let firstDay = overview.firstDay {
            lines.append(
                "version first seen \(PendingView.time(cached.versionSeenAt, zone: zone)): its days count from \(firstDay); fetched \(PendingView.time(cached.fetchTime, zone: zone))"
            )
        } else if overview.cached == nil {
            lines.append("nothing kept yet")
        }
        if let failure = overview.failure {
            lines.append(
                "last fetch failed (\(failure.attempts) since \(PendingView.time(failure.since, zone: zone))): \(failure.outcome): \(failure.reason)"
                    + (overview.cached == nil ? "" : "; shown: the last good schedule"))
        }
        if let unreadable = overview.unreadable { lines.append("the kept schedule no longer reads: \(unreadable)") }
        let stateWidth = overview.entries.map { $0.progress(now: now).count }.max() ?? 0
        let idWidth = overview.entries.map(\.entry.notificationID.count).max() ?? 0
        for entry in overview.entries {
            lines.append(line(entry, fixedTime: overview.schedule?.fixedTime, now: now, zone: zone, stateWidth: stateWidth, idWidth: idWidth))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `2026-11-23 09:00  pending  app_notification_1  day 1  Welcome — Tip  (Saturday 2026-11-21, moved past the weekend)`.
    static func line(
        _ entry: ScheduleOverview.Entry, fixedTime: WallTime?, now: EpochMillis, zone: Zone, stateWidth: Int, idWidth: Int
    ) -> String {
        let state = pad(entry.progress(now: now), stateWidth)
        let id = pad(entry.entry.notificationID, idWidth)
        var text = "\(PendingView.time(entry.due, zone: zone))  \(state)  \(id)  day \(entry.entry.dayOffset)  \(entry.entry.title)"
        if !entry.entry.body.isEmpty { text += " — \(entry.entry.body)" }
        var notes: [String] = []
        if entry.weekendShift > 0 {
            notes.append("\(entry.offsetDate.isoWeekday == 6 ? "Saturday" : "Sunday") \(entry.offsetDate), moved past the weekend")
        }
        if let fixedTime, entry.due != zone.instant(entry.date, fixedTime) { notes.append("moved by quiet hours") }
        if let keptBy = entry.keptBy { notes.append("schedule \(keptBy) keeps this id") }
        if !notes.isEmpty { text += "  (" + notes.joined(separator: "; ") + ")" }
        return text
    }

    static func json(_ overview: ScheduleOverview, now: EpochMillis, zone: Zone) -> String {
        var json = JSONLine()
        json.add("source", overview.source)
        json.add("configured", overview.config != nil)
        json.add("url", overview.config?.url)
        json.add("category", overview.config?.category)
        json.add("version", overview.schedule?.version)
        json.add("fixedTime", overview.schedule.map { "\($0.fixedTime)" })
        json.add("weekdaysOnly", overview.schedule?.weekdaysOnly ?? false)
        json.add("versionSeenAt", overview.cached.map { ISOTime.format($0.versionSeenAt, in: zone) })
        json.add("firstDay", overview.firstDay.map { "\($0)" })
        json.add("fetchedAt", overview.cached.map { ISOTime.format($0.fetchTime, in: zone) })
        json.add("unreadable", overview.unreadable)
        if let failure = overview.failure {
            var object = JSONLine()
            object.add("outcome", failure.outcome)
            object.add("reason", failure.reason)
            object.add("attempts", failure.attempts)
            object.add("since", ISOTime.format(failure.since, in: zone))
            json.add("lastFailure", json: object.string)
        } else {
            json.add("lastFailure", json: "null")
        }
        json.add(
            "entries",
            json: jsonArray(
                overview.entries.map { entry in
                    var object = JSONLine()
                    object.add("id", entry.entry.id)
                    object.add("notificationId", entry.entry.notificationID)
                    object.add("dayOffset", entry.entry.dayOffset)
                    object.add("offsetDate", "\(entry.offsetDate)")
                    object.add("date", "\(entry.date)")
                    object.add("weekendShift", entry.weekendShift)
                    object.add("due", ISOTime.format(entry.due, in: zone))
                    object.add("title", entry.entry.title)
                    object.add("body", entry.entry.body)
                    object.add("state", entry.progress(now: now))
                    object.add("keptBy", entry.keptBy)
                    return object.string
                }))
        return json.string
    }

    private static func pad(_ word: String, _ width: Int) -> String {
        word.count >= width ? word : word + String(repeating: " ", count: width - word.count)
    }
}
