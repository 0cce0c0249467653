/// Nag until seen: an item that repeats every `every` milliseconds after its delivery until
/// it is read, tapped or dismissed, at most `times` times. A repeat replaces the earlier copy
/// where the channel can (the desktop's replace-id, ntfy's sequence id, a Discord edit) and
/// counts once: its delivery rows are `repeated`, outside the delivery and engagement rates.
/// Set per reminder (`tidings add --nag 5m --nag-times 3`) or per category or kind (`[nag]`).
public struct NagRule: Sendable, Equatable {
    /// Milliseconds between the delivery (or the last repeat) and the next repeat.
    public var every: Int64
    /// Repeats at most, the first delivery not counted.
    public var times: Int

    /// A rule; `times` defaults to `defaultTimes`.
    public init(every: Int64, times: Int = NagRule.defaultTimes) {
        self.every = every
        self.times = times
    }

    /// Repeats when none are given: 3.
    public static let defaultTimes = 3
    /// The intervals allowed: a minute (deliver runs every minute) to a day.
    public static let everyRange: ClosedRange<Int64> = 60_000...86_400_000
    /// The repeat counts allowed.
    public static let timesRange: ClosedRange<Int> = 1...20

    /// What is wrong with `every`, or nil when it is allowed.
    public static func everyProblem(_ every: Int64) -> String? {
        everyRange.contains(every) ? nil : "must be between 1m and 1d, found \(DurationText.format(every))"
    }

    /// What is wrong with `times`, or nil when it is allowed.
    public static func timesProblem(_ times: Int) -> String? {
        timesRange.contains(times) ? nil : "must be between \(timesRange.lowerBound) and \(timesRange.upperBound), found \(times)"
    }
}
