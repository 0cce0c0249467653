import TidingsCore
import TidingsStore

/// What a realtime message becomes: a notification `push:<id>`. An urgent one is
/// transactional and due at once, through quiet hours; any other has the configured
/// category and waits for the end of quiet hours like everything else.
public struct PushRule: Sendable {
    /// The stream's settings.
    public let settings: TidingsConfig.Realtime
    /// The quiet hours that hold a message that is not urgent.
    public let quietHours: QuietHours

    /// A rule for `settings` under `quietHours`.
    public init(settings: TidingsConfig.Realtime, quietHours: QuietHours) {
        self.settings = settings
        self.quietHours = quietHours
    }

    /// The notification id of the message `id`.
    public static func notificationId(_ id: String) -> String { "push:" + id }

    /// Whether `message` is urgent (`urgent_priority`, `urgent_tags`).
    public func isUrgent(_ message: PushMessage) -> Bool {
        settings.isUrgent(priority: message.priority, tags: message.tags)
    }

    /// The notification for `message` received at `now` in `zone`.
    public func notification(for message: PushMessage, now: EpochMillis, zone: Zone) -> NotificationRecord {
        let urgent = isUrgent(message)
        let category: Category = urgent ? .transactional : settings.category
        let due = quietHours.adjusted(now, category: category, in: zone)
        let title = message.title ?? message.topic ?? "Alert"
        return NotificationRecord(
            id: Self.notificationId(message.id), kind: .push, category: category, title: title, body: message.message, deepLink: message.click,
            dueAt: due, plannedLocal: TidingsDatabase.wallTime(due, in: zone), plannedZone: zone.identifier, staleness: .fresh,
            contentFetchTime: message.time ?? now, priority: urgent ? 100 : message.priority, now: now)
    }
}
