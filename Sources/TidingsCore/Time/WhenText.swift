/// A moment as people type it on the command line: `09:15` (the next time the clock shows
/// it), `2026-11-23T09:15` (local, or with an offset), or `+10m` (from now).
public enum WhenText {
    /// The instant `text` names at `now` in `zone`, or nil when it is none of the forms. A
    /// wall time that has already passed today means tomorrow; a relative time must be
    /// positive. A date alone is refused: it does not say when in the day. Times given by
    /// people are whole minutes: `+1m` at 06:12:04 is 06:13:00, and seconds in a date-time are
    /// dropped, so a deliver run started by a minute timer sends the item on that minute.
    public static func parse(_ text: String, now: EpochMillis, zone: Zone) -> EpochMillis? {
        if text.hasPrefix("+") {
            guard let millis = DurationText.parse(String(text.dropFirst())), millis > 0 else { return nil }
            let (sum, overflow) = now.addingReportingOverflow(millis)
            return overflow ? nil : wholeMinute(sum)
        }
        if let wall = WallTime(text) { return next(wall, after: now, zone: zone) }
        guard text.count > 10 else { return nil }
        return ISOTime.parse(text, in: zone).map(wholeMinute)
    }

    /// The instant `text` names at `now` in `zone`: one of the forms of `parse`, or a phrase
    /// such as `tomorrow 9:00`, `fri 14:30` or `in 1h30m` (`SpokenTime`), a time of day alone
    /// being the next time the clock shows it.
    public static func read(_ text: String, now: EpochMillis, zone: Zone) throws(SpokenTime.Refusal) -> EpochMillis {
        if let instant = parse(text, now: now, zone: zone) { return instant }
        return try SpokenTime.instant(
            text, now: now, zone: zone,
            unknown: "expected HH:MM, YYYY-MM-DDTHH:MM, +DURATION (such as +10m) or a phrase such as \(SpokenTime.examples); found \"\(text)\"")
    }

    /// The next time after `now` the clock in `zone` shows `wall`: today, or tomorrow when it
    /// has passed.
    public static func next(_ wall: WallTime, after now: EpochMillis, zone: Zone) -> EpochMillis {
        let today = zone.date(of: now)
        let instant = zone.instant(today, wall)
        return instant > now ? instant : zone.instant(today.adding(days: 1), wall)
    }

    /// `instant` with its seconds dropped (towards the past, also before 1970).
    public static func wholeMinute(_ instant: EpochMillis) -> EpochMillis {
        let minute: EpochMillis = 60_000
        let remainder = instant % minute
        return remainder < 0 ? instant - remainder - minute : instant - remainder
    }
}
