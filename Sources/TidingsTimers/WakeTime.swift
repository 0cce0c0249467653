import TidingsCore

/// The time a wake-up is armed for, in the forms the programs that arm it read.
public struct WakeTime: Sendable, Equatable {
    /// The instant, on a whole second.
    public let instant: EpochMillis

    /// The wake-up for the next due time `due` seen at `now`: `due` rounded up to the whole
    /// second, and never earlier than a second from now (a timer set in the past never fires).
    public init(due: EpochMillis, now: EpochMillis) {
        instant = max(Self.floor(due + 999, to: 1000), Self.floor(now, to: 1000) + 1000)
    }

    /// systemd's calendar form in UTC, which a DST change cannot make ambiguous:
    /// `2026-11-22 06:30:00 UTC`.
    public var calendarSpec: String {
        let iso = ISOTime.formatUTC(instant)
        return iso.dropLast().replacingOccurrences(of: "T", with: " ") + " UTC"
    }

    /// The transient unit's name for a wake-up running `command`: one per instant, so that
    /// a deliver run started by one wake-up can arm the next, and one per command, whose
    /// absolute `--db` keeps two databases due at the same second apart:
    /// `tidings-wake-1a2b3c4d-20261122-063000`.
    public func unitName(for command: String) -> String {
        let digits = ISOTime.formatUTC(instant).filter(\.isNumber)
        return "tidings-wake-\(Self.shortHash(command))-\(digits.prefix(8))-\(digits.dropFirst(8))"
    }

    /// The first eight hex digits of the stable hash of `text`.
    static func shortHash(_ text: String) -> String {
        String(StableHash.hex(text).prefix(8))
    }

    /// `at -t`'s `[[CC]YY]MMDDhhmm` in `zone` (the zone `at` runs in). `at` runs jobs on the
    /// minute, so a time inside a minute goes to the next one: never before the item is due.
    public func atTime(in zone: Zone) -> String {
        let minute = Self.floor(instant + 59_999, to: 60_000)
        let local = ISOTime.format(minute, in: zone).filter(\.isNumber)
        return String(local.prefix(12))
    }

    /// `value` rounded down to a multiple of `step` (also below zero).
    static func floor(_ value: EpochMillis, to step: EpochMillis) -> EpochMillis {
        value - ((value % step) + step) % step
    }
}
