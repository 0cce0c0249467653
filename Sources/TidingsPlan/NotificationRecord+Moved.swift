import TidingsCore
import TidingsGenerate
import TidingsStore

extension NotificationRecord {
    /// The body this item has once moved to `dueAt` (`tidings pending update --at`, a snooze):
    /// a stale item's "from 1 day ago" was true at its old time, so it is said again for the
    /// new one, in the language it was written in. Nil when the body stays as it is.
    public func bodyMoved(to dueAt: EpochMillis) -> String? {
        guard staleness == .stale, let fetchTime = contentFetchTime else { return nil }
        let moved = StaleLabel.moved(body, fetchTime: fetchTime, from: self.dueAt, to: dueAt)
        return moved == body ? nil : moved
    }
}
