/// How a meeting reminder counts the minutes to its start (see `CountdownSlot`, which
/// fills its "(in 10 min)" when it is sent).
public enum Countdown {
    /// Whole minutes from `now` until `start`, rounded up, as the reminder's text counts them.
    public static func minutes(from now: EpochMillis, until start: EpochMillis) -> Int {
        Int((start - now + 59_999) / 60_000)
    }
}
