import TidingsCore
import TidingsGenerate
import TidingsStore

extension NotificationRecord {
    /// The item as a view shows it at `now` (`plan --dry-run` and `--format`, `tidings
    /// pending`, the inbox): a meeting reminder's countdown slot filled in its language, as
    /// deliver fills it when it sends (`CountdownSlot`); the stored text keeps the slot.
    public func countdownFilled(at now: EpochMillis) -> NotificationRecord {
        guard CountdownSlot.count(in: body) > 0 else { return self }
        var shown = self
        shown.body = CountdownSlot.fill(body, dueAt: dueAt, start: expiresAt, now: now)
        return shown
    }
}
