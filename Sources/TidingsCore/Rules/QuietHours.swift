/// A daily window in which only transactional notifications may be shown; the rest wait
/// for its end. The window may lie within a day (12:00–14:00) or cross midnight (22:00–07:00).
public struct QuietHours: Sendable, Equatable {
    /// Whether the window applies at all.
    public var enabled: Bool
    /// Wall time the window opens.
    public var start: WallTime
    /// Wall time the window closes; earlier than `start` means the next day.
    public var end: WallTime

    /// Creates a window.
    public init(enabled: Bool, start: WallTime, end: WallTime) {
        self.enabled = enabled
        self.start = start
        self.end = end
    }

    /// Whether `category` has to wait for the end of the window.
    public func applies(to category: Category) -> Bool {
        enabled && category != .transactional && start != end
    }

    /// `instant`, or the end of the window when `instant` falls inside it.
    public func adjusted(_ instant: EpochMillis, category: Category, in zone: Zone) -> EpochMillis {
        guard applies(to: category) else { return instant }
        let (date, second) = zone.local(instant)
        let minute = second / 60
        let startMinute = start.minuteOfDay
        let endMinute = end.minuteOfDay
        if startMinute < endMinute {
            guard minute >= startMinute, minute < endMinute else { return instant }
            return zone.instant(date, end)
        }
        if minute >= startMinute { return zone.instant(date.adding(days: 1), end) }
        if minute < endMinute { return zone.instant(date, end) }
        return instant
    }
}
