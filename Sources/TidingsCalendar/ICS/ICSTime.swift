import CICal
import TidingsCore

/// The clock a DATE-TIME is read on.
enum ICSFrame {
    /// A `…Z` time.
    case utc
    /// No zone (or a TZID Tidings cannot resolve): read in the caller's floating zone. DATE values use it too.
    case floating
    /// A libical zone: a VTIMEZONE of the calendar (freed with it) or a builtin zone (never freed).
    case zone(OpaquePointer)
    /// A zone of the system's time zone data, for a TZID libical knows by the same name:
    /// the same offsets, looked up once per quarter hour instead of once per question.
    case named(Zone)
}

/// A DATE or DATE-TIME value as written: its wall clock reading and the frame it is read in.
struct ICSTime {
    /// Seconds since 1970-01-01 00:00 on the wall clock (whole days for a DATE).
    var wall: Int64
    /// Whether the value is a DATE.
    var isDate: Bool
    /// Where the wall clock hangs.
    var frame: ICSFrame

    /// The local day number (days since 1970-01-01) of the wall reading.
    var day: Int64 { ICSMath.floorDiv(wall, 86_400) }
}

/// Conversions between wall clocks and instants for the frames of one expansion.
struct ICSClock {
    /// Where floating times and DATE values are read.
    let floating: Zone

    /// The UTC offset of `frame` at `seconds` since the epoch.
    func offset(_ frame: ICSFrame, atEpochSeconds seconds: Int64) -> Int64 {
        switch frame {
        case .utc:
            return 0
        case .floating:
            return Int64(floating.offset(atEpochSeconds: seconds))
        case .named(let zone):
            return Int64(zone.offset(atEpochSeconds: seconds))
        case .zone(let zone):
            var utc = ICSMath.fields(wall: seconds, isDate: false)
            var daylight: Int32 = 0
            return Int64(icaltimezone_get_utc_offset_of_utc_time(zone, &utc, &daylight))
        }
    }

    /// The wall clock reading of `frame` at `seconds` since the epoch.
    func wall(ofEpochSeconds seconds: Int64, in frame: ICSFrame) -> Int64 {
        seconds + offset(frame, atEpochSeconds: seconds)
    }

    /// The instant (seconds) when `frame`'s wall clock reads `wall`.
    ///
    /// As RFC 5545 §3.3.5 says: a reading that happens twice (clocks go back) is its first occurrence;
    /// one that never happens (clocks go forward) is read with the offset in effect before the change.
    /// libical's own `icaltime_as_timet_with_zone` does neither (it takes the second occurrence, and
    /// moves a skipped time an hour early), so Tidings does the arithmetic itself with libical's offsets.
    func epochSeconds(ofWall wall: Int64, in frame: ICSFrame) -> Int64 {
        if case .utc = frame { return wall }
        let before = offset(frame, atEpochSeconds: wall - 86_400)
        let here = offset(frame, atEpochSeconds: wall)
        let after = offset(frame, atEpochSeconds: wall + 86_400)
        if before == here && here == after { return wall - here }
        var best: Int64?
        for candidate in [before, here, after] where offset(frame, atEpochSeconds: wall - candidate) == candidate {
            best = min(best ?? Int64.max, wall - candidate)
        }
        return best ?? wall - before
    }

    /// The instant of `time` in milliseconds: local midnight in the floating zone for a DATE.
    func epoch(_ time: ICSTime) -> EpochMillis {
        if time.isDate { return startOfDay(time.day) }
        return epochSeconds(ofWall: time.wall, in: time.frame) * 1000
    }

    /// Local midnight of day number `day` in the floating zone.
    func startOfDay(_ day: Int64) -> EpochMillis {
        floating.startOfDay(LocalDate(dayNumber: Int(ICSMath.clampDay(day))))
    }
}

/// Calendar arithmetic on plain integers, valid for every year libical can write.
enum ICSMath {
    /// Wall seconds of 0001-01-01T00:00:00 and 9999-12-31T23:59:59: every value is clamped to them.
    static let minWall: Int64 = -62_135_596_800
    static let maxWall: Int64 = 253_402_300_799

    /// libical's number of the weekday of local day `day` (days since 1970): Sunday 1 to Saturday 7.
    static func libicalWeekday(ofDay day: Int64) -> Int64 {
        Int64(LocalDate(dayNumber: Int(day)).isoWeekday % 7 + 1)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func clampWall(_ wall: Int64) -> Int64 { min(max(wall, minWall), maxWall) }

    static func clampDay(_ day: Int64) -> Int64 { min(max(day, minWall / 86_400), maxWall / 86_400) }

    /// The wall seconds of libical's fields (zone ignored), or nil when they are not a real date and time.
    static func wall(_ time: icaltimetype) -> Int64? {
        guard time.year >= 1, time.year <= 9999, let date = LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day))
        else { return nil }
        let day = Int64(date.dayNumber) * 86_400
        if time.is_date != 0 { return day }
        guard (0...23).contains(time.hour), (0...59).contains(time.minute), (0...60).contains(time.second) else {
            return nil
        }
        return day + Int64(time.hour) * 3600 + Int64(time.minute) * 60 + Int64(min(time.second, 59))
    }

    /// libical fields (no zone: floating) for wall seconds, clamped to years 1–9999.
    static func fields(wall: Int64, isDate: Bool) -> icaltimetype {
        let wall = clampWall(wall)
        let day = floorDiv(wall, 86_400)
        let second = wall - day * 86_400
        let date = LocalDate(dayNumber: Int(day))
        return icaltimetype(
            year: Int32(date.year), month: Int32(date.month), day: Int32(date.day),
            hour: isDate ? 0 : Int32(second / 3600), minute: isDate ? 0 : Int32(second / 60 % 60),
            second: isDate ? 0 : Int32(second % 60), is_date: isDate ? 1 : 0, is_daylight: 0, zone: nil)
    }
}
