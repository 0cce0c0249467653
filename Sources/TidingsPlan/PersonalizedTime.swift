import TidingsCore

/// The daily update's time moved toward the local hour at which the user engages most
/// (`features.personalization`): at most two hours from the configured time, and only once
/// enough days of engagement show a habit.
public enum PersonalizedTime {
    /// Distinct local days with engagement needed before the time moves.
    public static let minimumDays = 14
    /// How far back engagement counts.
    public static let window: Int64 = 30 * 86_400_000
    /// The most the time moves, either way, in minutes.
    public static let maxShift = 120

    /// `configured`, moved toward the start of the local hour that holds the most of
    /// `engagements` (instants the user tapped or dismissed a notification) in the 30 days
    /// before `now`, by at most `maxShift` minutes and never past midnight; `configured`
    /// itself with engagement on fewer than `minimumDays` local days. Ties between hours go
    /// to the one nearest `configured`, then to the earlier one.
    public static func time(configured: WallTime, engagements: [EpochMillis], now: EpochMillis, zone: Zone) -> WallTime {
        let recent = engagements.filter { $0 > now - window && $0 <= now }.map(zone.local)
        guard Set(recent.map(\.date)).count >= minimumDays else { return configured }
        var counts = [Int](repeating: 0, count: 24)
        for moment in recent { counts[moment.secondOfDay / 3600] += 1 }
        func distance(_ hour: Int) -> Int { abs(signedMinutes(from: configured.minuteOfDay, to: hour * 60)) }
        let peak =
            (0..<24).max { a, b in
                (counts[a], -distance(a), -a) < (counts[b], -distance(b), -b)
            } ?? configured.hour
        let shift = min(maxShift, max(-maxShift, signedMinutes(from: configured.minuteOfDay, to: peak * 60)))
        let minute = min(24 * 60 - 1, max(0, configured.minuteOfDay + shift))
        return WallTime(hour: minute / 60, minute: minute % 60) ?? configured
    }

    /// The shortest way round the clock from minute `from` to minute `to`: -720 ... 720.
    static func signedMinutes(from: Int, to: Int) -> Int {
        var delta = (to - from) % 1440
        if delta > 720 { delta -= 1440 }
        if delta < -720 { delta += 1440 }
        return delta
    }
}
