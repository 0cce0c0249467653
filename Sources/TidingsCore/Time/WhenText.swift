/// A moment as people type it on the command line: `09:15` (the next time the clock shows
/// it), `2026-11-23T09:15` (local, or with an offset), or `+10m` (from now).
public enum WhenText {
    /// The instant `text` names at `now` in `zone`, or nil when it is none of the forms. A
    /// wall time that has already passed today means tomorrow; a relative time must be
    /// positive. A date alone is refused: it does not say when in the day.
    public static func parse(_ text: String, now: EpochMillis, zone: Zone) -> EpochMillis? {
        if text.hasPrefix("+") {
            guard let millis = DurationText.parse(String(text.dropFirst())), millis > 0 else { return nil }
            let (sum, overflow) = now.addingReportingOverflow(millis)
            return overflow ? nil : sum
        }
        if let wall = WallTime(text) {
            let today = zone.date(of: now)
            let instant = zone.instant(today, wall)
            return instant > now ? instant : zone.instant(today.adding(days: 1), wall)
        }
        guard text.count > 10 else { return nil }
        return ISOTime.parse(text, in: zone)
    }
}
