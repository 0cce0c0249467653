import TidingsCore
import TidingsStore

/// Turns the reminders the user adds (`tidings add`) into notifications of kind `reminder`:
/// a one-off one at once, a repeating one as its occurrences ahead, created again by every
/// plan run from the stored rule. An occurrence's id comes from its wall time (`@2026-11-23`,
/// or `@2026-11-23T14:30` for a span shorter than a day), so planning again finds the same
/// row: none is created twice, and none is dropped, since plan cancels no reminder.
public struct ReminderRule: Sendable {
    /// At most this many occurrences of one rule are created ahead (a `--every 30m` rule
    /// covers the 12 hours after a run; plan runs at least every 6 hours).
    public static let ahead = 24

    /// Quiet hours, which move a reminder by its category.
    public let quietHours: QuietHours

    /// A rule following `quietHours`.
    public init(quietHours: QuietHours) {
        self.quietHours = quietHours
    }

    /// A new id, `reminder:` and 8 random letters and digits (no 0, 1, i, l, o).
    public static func newID() -> String {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
        var random = SystemRandomNumberGenerator()
        return "reminder:" + String((0..<8).map { _ in alphabet[Int(random.next(upperBound: UInt64(alphabet.count)))] })
    }

    /// The notification of a one-off reminder due at `wallDue` (moved by quiet hours).
    public func oneOff(
        id: String, category: Category, title: String, body: String, deepLink: String?, channels: String?,
        at wallDue: EpochMillis, now: EpochMillis, zone: Zone
    ) -> NotificationRecord {
        item(id: id, category: category, title: title, body: body, deepLink: deepLink, channels: channels, wallDue: wallDue, now: now, zone: zone)
    }

    /// The occurrences of `rule` due from `now` whose wall time lies within `horizon` (and
    /// before its `untilAt`), at most `ahead` of them. An occurrence quiet hours move onto the
    /// time of a later one of a span repeat is left out: the last one of the quiet window goes.
    public func occurrences(of rule: ReminderRecord, now: EpochMillis, horizon: Int64, zone: Zone) -> [NotificationRecord] {
        guard let repetition = rule.repetition else { return [] }
        let until = rule.untilAt ?? .max
        let end = min(now + horizon, until)
        let ruleZone = Zone(identifier: rule.zone) ?? zone
        var walls: [(id: String, wall: EpochMillis)] = []
        switch repetition {
        case .daily, .weekdays:
            let (firstDate, second) = ruleZone.local(rule.firstAt)
            guard let time = WallTime(hour: second / 3600, minute: second % 3600 / 60) else { return [] }
            var date = max(firstDate, zone.date(of: now).adding(days: -1))
            while walls.count < Self.ahead + 1 {
                let wall = zone.instant(date, time)
                if wall > end { break }
                if wall >= rule.firstAt, repetition == .daily || !date.isWeekend { walls.append(("\(rule.id)@\(date)", wall)) }
                date = date.adding(days: 1)
            }
        case .every(let step):
            // From the last occurrence at or before now: quiet hours may still move it ahead.
            var wall = rule.firstAt + max(0, (now - rule.firstAt) / step) * step
            var lastDue: EpochMillis?
            while wall <= until {
                let due = quietHours.adjusted(wall, category: rule.category, in: zone)
                // A group that quiet hours merge is read to its end, whichever limit comes
                // first, so that every run keeps the same one of it.
                if (wall > end || walls.count > Self.ahead) && due != lastDue { break }
                walls.append(("\(rule.id)@\(TidingsDatabase.wallTime(wall, in: ruleZone))", wall))
                lastDue = due
                wall += step
            }
        }
        var items = walls.map { occurrence in
            var item = item(
                id: occurrence.id, category: rule.category, title: rule.title, body: rule.body, deepLink: rule.deepLink,
                channels: rule.channels, wallDue: occurrence.wall, now: now, zone: zone)
            item.subject = rule.id
            return item
        }
        // Of several occurrences moved to the same time, the last one stays.
        items = items.enumerated().filter { index, item in
            index + 1 == items.count || items[index + 1].dueAt != item.dueAt
        }.map(\.element)
        return Array(items.filter { $0.dueAt >= now }.prefix(Self.ahead))
    }

    /// A reminder's notification: due at `wallDue` moved by quiet hours, never expiring
    /// (grace decides how late it may still go), ranked above anything planned.
    private func item(
        id: String, category: Category, title: String, body: String, deepLink: String?, channels: String?,
        wallDue: EpochMillis, now: EpochMillis, zone: Zone
    ) -> NotificationRecord {
        var item = NotificationRecord(
            id: id, kind: .reminder, category: category, title: title, body: body, deepLink: deepLink,
            dueAt: quietHours.adjusted(wallDue, category: category, in: zone), plannedLocal: TidingsDatabase.wallTime(wallDue, in: zone),
            plannedZone: zone.identifier, staleness: .fresh, contentFetchTime: nil, priority: Importance.reminder, now: now)
        item.channels = channels
        return item
    }
}
