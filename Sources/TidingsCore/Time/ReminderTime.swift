/// The times of a reminder the user adds (`tidings add`): when it is due (`--at`, `--in`),
/// how it repeats (`--every`) and until when (`--until`). Times people give are whole
/// minutes: seconds are dropped.
public enum ReminderTime {
    /// A time that cannot be used: the option and why.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The option without its dashes: `at`, `in`, `every`, `until`.
        public var option: String
        /// Why, e.g. `09:00 has passed today; add --next for tomorrow`.
        public var message: String

        /// Creates a problem.
        public init(option: String, message: String) {
            self.option = option
            self.message = message
        }

        /// `--at: 09:00 has passed today; add --next for tomorrow`.
        public var description: String { "--\(option): \(message)" }

        /// What `read` gives, or its refusal as the problem of `option`.
        static func reading<T>(_ option: String, _ read: () throws(SpokenTime.Refusal) -> T) throws(Problem) -> T {
            do throws(SpokenTime.Refusal) {
                return try read()
            } catch {
                throw Problem(option: option, message: error.message)
            }
        }
    }

    /// The minute `--at` names at `now` in `zone`: `HH:MM` today, or tomorrow with `next`
    /// when it has passed today; a date and time (`2026-11-23T09:15`, in `zone` unless it
    /// carries an offset), which must lie ahead; or a phrase (`tomorrow 9:00`, `fri 14:30`,
    /// `in 1h30m`, `3pm`: `SpokenTime`), a time of day alone following the rule of `HH:MM`.
    public static func at(_ text: String, next: Bool, now: EpochMillis, zone: Zone) throws(Problem) -> EpochMillis {
        if let wall = WallTime(text) { return try at(wall, next: next, now: now, zone: zone) }
        if text.count > 10, let instant = ISOTime.parse(text, in: zone) {
            let minute = WhenText.wholeMinute(instant)
            guard minute > now else {
                throw Problem(option: "at", message: "\(ISOTime.format(minute, in: zone)) has passed (now is \(ISOTime.format(now, in: zone)))")
            }
            return minute
        }
        let phrase = try Problem.reading("at") { () throws(SpokenTime.Refusal) in try SpokenTime.phrase(text) }
        if case .clock(let wall) = phrase { return try at(wall, next: next, now: now, zone: zone) }
        return try Problem.reading("at") { () throws(SpokenTime.Refusal) in
            try SpokenTime.instant(of: phrase, text: text, now: now, zone: zone)
        }
    }

    /// `wall` today, or tomorrow with `next` when it has passed today.
    private static func at(_ wall: WallTime, next: Bool, now: EpochMillis, zone: Zone) throws(Problem) -> EpochMillis {
        let today = zone.date(of: now)
        let instant = zone.instant(today, wall)
        if instant > now { return instant }
        guard next else { throw Problem(option: "at", message: "\(wall) has passed today; add --next for tomorrow") }
        return zone.instant(today.adding(days: 1), wall)
    }

    /// The minute `--in` names: `now` plus a duration such as `10m` or `1h30m`, at least a minute.
    public static func after(_ text: String, now: EpochMillis) throws(Problem) -> EpochMillis {
        guard let millis = DurationText.parse(text), millis >= 60_000 else {
            throw Problem(option: "in", message: "expected a duration of a minute or more such as 10m or 1h30m, found \"\(text)\"")
        }
        let (sum, overflow) = now.addingReportingOverflow(millis)
        guard !overflow else { throw Problem(option: "in", message: "\"\(text)\" is too far ahead") }
        return WhenText.wholeMinute(sum)
    }

    /// The last moment `--until` allows: `HH:MM` (the next time the clock shows it), a date
    /// (`2026-11-30`: through the end of that day), a date and time, or a phrase with a time
    /// (`fri 18:00`, `tomorrow 6pm`: `SpokenTime`).
    public static func until(_ text: String, now: EpochMillis, zone: Zone) throws(Problem) -> EpochMillis {
        if let wall = WallTime(text) { return WhenText.next(wall, after: now, zone: zone) }
        if text.count == 10, let date = LocalDate(text) {
            return zone.startOfDay(date.adding(days: 1)) - 1
        }
        if text.count > 10, let instant = ISOTime.parse(text, in: zone) { return WhenText.wholeMinute(instant) }
        return try Problem.reading("until") { () throws(SpokenTime.Refusal) in
            try SpokenTime.instant(
                text, now: now, zone: zone,
                unknown: "expected HH:MM, a date such as 2026-11-30, a date and time, or a phrase such as fri 18:00, found \"\(text)\"")
        }
    }
}

/// How a reminder repeats: every fixed span, every day, or every weekday (Monday to Friday),
/// at the wall time of its first occurrence.
public enum Repetition: Sendable, Equatable, CustomStringConvertible {
    /// Every span of milliseconds, counted from the first occurrence.
    case every(Int64)
    /// Every day at the same wall time.
    case daily
    /// Monday to Friday at the same wall time.
    case weekdays

    /// The shortest span of `every`: each occurrence is a notification, and more would crowd
    /// the pending places.
    public static let shortest: Int64 = 30 * 60_000

    /// Reads `daily`, `weekdays` or a duration of at least `shortest` (`2h`, `1h30m`).
    public init(_ text: String) throws(ReminderTime.Problem) {
        switch text.lowercased() {
        case "daily": self = .daily
        case "weekdays": self = .weekdays
        default:
            guard let millis = DurationText.parse(text) else {
                throw ReminderTime.Problem(option: "every", message: "expected daily, weekdays or a duration such as 2h, found \"\(text)\"")
            }
            guard millis >= Self.shortest, millis % 60_000 == 0 else {
                throw ReminderTime.Problem(
                    option: "every", message: "a repeat is whole minutes, at least \(DurationText.format(Self.shortest)), found \"\(text)\"")
            }
            self = .every(millis)
        }
    }

    /// The stored text: `daily`, `weekdays`, or the span (`2h`).
    public var description: String {
        switch self {
        case .every(let millis): DurationText.format(millis)
        case .daily: "daily"
        case .weekdays: "weekdays"
        }
    }
}

/// What a reminder the user added keeps when the zone changes (`TZ`).
public enum TimeAnchor: String, VocabularyWord {
    /// Its wall time, like an alarm clock: `tidings add --at`, and every repeat.
    case wall
    /// Its instant: `tidings add --in` (25 minutes from now stays 25 minutes from then).
    case instant
}
