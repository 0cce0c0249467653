import TidingsCore
import TidingsGenerate
import TidingsStore

extension NotificationRecord {
    /// The item as a view shows it at `now` (`plan --dry-run` and `--format`, `tidings
    /// pending`, the inbox): a meeting reminder's countdown slot filled in its language, as
    /// deliver fills it when it sends (`CountdownSlot`); the stored text keeps the slot.
    public func countdownFilled(at now: EpochMillis) -> NotificationRecord {
        var shown = self
        shown.fillCountdown(at: now)
        return shown
    }

    /// `countdownFilled(at:)` in place.
    public mutating func fillCountdown(at now: EpochMillis) {
        guard CountdownSlot.count(in: body) > 0 else { return }
        body = CountdownSlot.fill(body, dueAt: dueAt, start: expiresAt, now: now)
    }
}
