/// A time as people say it: `tomorrow 9:00`, `fri 14:30`, `next monday 8am`, `in 1h30m`,
/// `noon`, `tomorrow, 3pm`, with the day names of the eight languages Tidings writes
/// (`morgen 9:00`, `fr 14:30`, `mañana 9:00`, `lundi prochain 8h`).
///
/// The rules (docs/reminders.md repeats them):
/// - a weekday alone (`fri 14:30`) is the next such day, today included while the time lies
///   ahead; today's when it has passed is refused, naming `next fri 14:30` (a week later);
/// - `next DAY` is the first such day after today, but only when that is also the DAY of next
///   week (weeks start on Monday): `next friday` said on a Tuesday could mean in 3 days or in 10,
///   so it is refused, naming both dates;
/// - a time alone (`3pm`, `noon`) is today; what happens when it has passed is the caller's rule
///   (`tidings add` refuses unless `--next`, `pending update` takes tomorrow); `midnight` alone
///   is the one that ends today; with a day it is refused (the start or the end of the day?);
/// - `12am` is 00:00, `12pm` is 12:00; an hour without minutes, am or pm (`tomorrow 9`) is refused;
/// - a time the clocks skip (02:30 on the day they go forward) moves to the first minute after
///   the gap (03:00) and one they show twice is the first, as everywhere in Tidings (`Zone.instant`);
/// - a date written with slashes or dots (`1/2 9:00`) is refused: day or month first? A date is
///   written `2027-02-01 9:00`.
public enum SpokenTime {
    /// What a phrase says, before it meets a clock.
    public enum Phrase: Sendable, Equatable {
        /// A time of day alone: `3pm`, `noon`, `14:30`.
        case clock(WallTime)
        /// `midnight` alone: the one that ends today.
        case midnight
        /// A day and a time: `tomorrow 9:00`, `fri 14:30`, `2027-03-28 9:00`.
        case on(Day, WallTime)
        /// A span from now: `in 1h30m`.
        case after(Int64)

        /// Whether the phrase counts from now (`in 1h30m`), so that it keeps its instant when
        /// the zone changes rather than its wall time.
        public var isFromNow: Bool {
            if case .after = self { return true }
            return false
        }
    }

    /// The day part of a phrase.
    public enum Day: Sendable, Equatable {
        /// `today`, `heute`.
        case today
        /// `tomorrow`, `morgen`, `demain`.
        case tomorrow
        /// A weekday (1 Monday … 7 Sunday), with `next` or without.
        case weekday(Int, next: Bool)
        /// A date: `2027-03-28`.
        case date(LocalDate)
    }

    /// A phrase that cannot be used, and why: what was understood, or which forms are accepted.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Why, e.g. `"next friday" is ambiguous on a Tuesday: …`.
        public var message: String

        /// Creates a refusal.
        public init(_ message: String) { self.message = message }

        /// The message.
        public var description: String { message }
    }

    /// The forms a phrase may take, for messages.
    public static let examples = "tomorrow 9:00, fri 14:30, next monday 8am, in 1h30m or noon"

    /// The instant `text` names at `now` in `zone`, a time of day alone taken as the next time
    /// the clock shows it (today, or tomorrow when it has passed). Whole minutes.
    public static func instant(_ text: String, now: EpochMillis, zone: Zone) throws(Refusal) -> EpochMillis {
        let phrase = try phrase(text)
        if case .clock(let wall) = phrase { return WhenText.next(wall, after: now, zone: zone) }
        return try instant(of: phrase, text: text, now: now, zone: zone)
    }

    /// `instant(_:now:zone:)`, refused with `unknown` when `text` is no phrase at all: the
    /// caller's own forms, which it tried first, named in one message.
    public static func instant(
        _ text: String, now: EpochMillis, zone: Zone, unknown message: @autoclosure () -> String
    ) throws(Refusal) -> EpochMillis {
        do throws(Refusal) {
            return try instant(text, now: now, zone: zone)
        } catch {
            guard error == unknown(text) else { throw error }
            throw Refusal(message())
        }
    }

    /// The instant `phrase` (read from `text`, for messages) names at `now` in `zone`. A time of
    /// day alone is today's, which may have passed: the caller decides what that means.
    public static func instant(of phrase: Phrase, text: String, now: EpochMillis, zone: Zone) throws(Refusal) -> EpochMillis {
        let today = zone.date(of: now)
        switch phrase {
        case .clock(let wall):
            return zone.instant(today, wall)
        case .midnight:
            return zone.startOfDay(today.adding(days: 1))
        case .after(let millis):
            guard millis >= 60_000 else { throw Refusal("\"\(text)\": at least a minute from now, such as in 10m") }
            let (sum, overflow) = now.addingReportingOverflow(millis)
            guard !overflow else { throw Refusal("\"\(text)\" is too far ahead") }
            return WhenText.wholeMinute(sum)
        case .on(let day, let wall):
            let date = try date(of: day, wall: wall, text: text, now: now, zone: zone)
            let instant = zone.instant(date, wall)
            guard instant > now else {
                throw Refusal("\"\(text)\": \(ISOTime.format(instant, in: zone)) has passed (now is \(ISOTime.format(now, in: zone)))")
            }
            return instant
        }
    }

    /// The date `day` names at `now`: for a weekday the rules above.
    private static func date(of day: Day, wall: WallTime, text: String, now: EpochMillis, zone: Zone) throws(Refusal) -> LocalDate {
        let today = zone.date(of: now)
        switch day {
        case .today: return today
        case .tomorrow: return today.adding(days: 1)
        case .date(let date): return date
        case .weekday(let weekday, next: false):
            let ahead = (weekday - today.isoWeekday + 7) % 7
            if ahead == 0 && zone.instant(today, wall) <= now {
                let name = Words.dayNames[weekday - 1]
                throw Refusal(
                    "\"\(text)\": today is \(name) and \(wall) has passed; say next \(name.lowercased()) \(wall) for \(today.adding(days: 7))")
            }
            return today.adding(days: ahead)
        case .weekday(let weekday, next: true):
            let first = today.adding(days: (weekday - today.isoWeekday + 6) % 7 + 1)
            // Next week's DAY: the Monday after today, then DAY in that week.
            let nextWeek = today.adding(days: 8 - today.isoWeekday + weekday - 1)
            guard first == nextWeek else {
                let name = Words.dayNames[weekday - 1]
                let todayName = Words.dayNames[today.isoWeekday - 1]
                throw Refusal(
                    "\"\(text)\" is ambiguous on a \(todayName): say \(name.lowercased()) \(wall) for \(first), or \(nextWeek) \(wall) for the \(name) after"
                )
            }
            return first
        }
    }
}
