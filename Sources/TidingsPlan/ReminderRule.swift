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

    /// The notification of a one-off reminder due at `wallDue` (moved by quiet hours), which
    /// keeps `anchor` (its wall time or its instant) when the zone changes.
    public func oneOff(
        id: String, category: Category, title: String, body: String, deepLink: String?, channels: [ChannelName]?,
        at wallDue: EpochMillis, anchor: TimeAnchor, now: EpochMillis, zone: Zone
    ) -> NotificationRecord {
        var item = item(
            id: id, category: category, title: title, body: body, deepLink: deepLink, channels: channels, wallDue: wallDue, now: now, zone: zone)
        item.anchor = anchor
        return item
    }

    /// `row`, a one-off reminder still to come, placed again in `zone` at `now`: at the same
    /// wall time there when it keeps its wall time (`--at`), at the same instant when it
    /// keeps that (`--in`, and reminders from before v20), then moved by quiet hours in
    /// `zone`, and never into the past. A wall time that has already passed in `zone` keeps
    /// the instant. Anything else (an occurrence of a repeat, an item the user changed, an
    /// update, an item already due) is returned as it is. In the zone it was placed in, with
    /// the same quiet hours, it stays as it is.
    public func placed(_ row: NotificationRecord, now: EpochMillis, zone: Zone) -> NotificationRecord {
        guard row.kind == .reminder, row.subject == nil, row.revision == 0, !row.isHeldByUser, row.dueAt > now,
            let placedZone = Zone(identifier: row.plannedZone), let asked = Self.asked(row, zone: placedZone)
        else { return row }
        var wall = asked
        if row.anchor == .wall {
            let moved = zone.sameWallTime(as: asked, in: placedZone)
            if moved >= now { wall = moved }
        }
        var item = row
        item.dueAt = max(now, quietHours.adjusted(wall, category: row.category, in: zone))
        item.plannedLocal = TidingsDatabase.wallTime(wall, in: zone)
        item.plannedZone = zone.identifier
        return item
    }

    /// The instant the user asked for `row`, before quiet hours: its due time when they did
    /// not move it, else its planned wall time in `zone`.
    private static func asked(_ row: NotificationRecord, zone: Zone) -> EpochMillis? {
        if TidingsDatabase.wallTime(row.dueAt, in: zone) == row.plannedLocal { return row.dueAt }
        let parts = row.plannedLocal.split(separator: "T")
        guard parts.count == 2, let date = LocalDate(String(parts[0])), let time = WallTime(String(parts[1])) else { return nil }
        return zone.instant(date, time)
    }

    /// The occurrences of `rule` due from `now` whose wall time lies within `horizon` (and
    /// not after its `untilAt`), at most `ahead` of them. A repeat is an alarm clock: each
    /// occurrence keeps the wall time it has in the zone the rule was added in, and in
    /// another `zone` it falls at that wall time there, moved by quiet hours there. An
    /// occurrence quiet hours move onto the time of a later one of a span repeat is left
    /// out: the last one of the quiet window goes.
    public func occurrences(of rule: ReminderRecord, now: EpochMillis, horizon: Int64, zone: Zone) -> [NotificationRecord] {
        guard let repetition = rule.repetition else { return [] }
        let until = rule.untilAt ?? .max
        let end = now + horizon
        let ruleZone = Zone(identifier: rule.zone) ?? zone
        // Occurrences are counted in the rule's zone (`instant`: the id and --until), and
        // placed at the same wall time in `zone` (`wall`).
        var walls: [(id: String, wall: EpochMillis)] = []
        switch repetition {
        case .daily, .weekdays:
            let (firstDate, second) = ruleZone.local(rule.firstAt)
            guard let time = WallTime(hour: second / 3600, minute: second % 3600 / 60) else { return [] }
            var date = max(firstDate, zone.date(of: now).adding(days: -1))
            while walls.count < Self.ahead + 1 {
                let instant = ruleZone.instant(date, time)
                let wall = zone.sameWallTime(as: instant, in: ruleZone)
                if wall > end || instant > until { break }
                if instant >= rule.firstAt, repetition == .daily || !date.isWeekend { walls.append(("\(rule.id)@\(date)", wall)) }
                date = date.adding(days: 1)
            }
        case .every(let step):
            // From the last occurrence placed at or before now: quiet hours may still move it
            // ahead. A zone's offset differs from another's by less than 27 hours.
            var count = max(0, (now - Self.widestOffsetGap - rule.firstAt) / step)
            while rule.firstAt + (count + 1) * step <= until, zone.sameWallTime(as: rule.firstAt + (count + 1) * step, in: ruleZone) <= now {
                count += 1
            }
            var instant = rule.firstAt + count * step
            var lastDue: EpochMillis?
            while instant <= until {
                let wall = zone.sameWallTime(as: instant, in: ruleZone)
                let due = quietHours.adjusted(wall, category: rule.category, in: zone)
                // A group that quiet hours merge is read to its end, whichever limit comes
                // first, so that every run keeps the same one of it.
                if (wall > end || walls.count > Self.ahead) && due != lastDue { break }
                walls.append(("\(rule.id)@\(TidingsDatabase.wallTime(instant, in: ruleZone))", wall))
                lastDue = due
                instant += step
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

    /// More than the widest gap between two zones' offsets (UTC−12 to UTC+14).
    static let widestOffsetGap: Int64 = 27 * 3_600_000

    /// The next occurrence of `rule` from `now` in `zone`, however far ahead; nil when it has
    /// none (it ended).
    public func next(of rule: ReminderRecord, now: EpochMillis, zone: Zone) -> NotificationRecord? {
        let step: Int64 = if case .every(let span) = rule.repetition { span } else { 0 }
        let horizon = max(0, rule.firstAt - now) + step + 8 * 86_400_000 + Self.widestOffsetGap
        return occurrences(of: rule, now: now, horizon: horizon, zone: zone).first
    }

    /// A reminder's notification: due at `wallDue` moved by quiet hours, never expiring
    /// (grace decides how late it may still go), ranked above anything planned.
    private func item(
        id: String, category: Category, title: String, body: String, deepLink: String?, channels: [ChannelName]?,
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
