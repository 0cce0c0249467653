import CICal
import TidingsCore

/// DAILY and WEEKLY rules stepped through by arithmetic, and the rule facts they need.
extension ICSExpander {
    /// The wall seconds between instances of `rule` when they are a fixed number of days
    /// apart: FREQ=DAILY or WEEKLY with an INTERVAL and nothing else but COUNT or UNTIL (a
    /// WEEKLY rule may name the weekday of DTSTART in BYDAY, as Google writes them; WKST then
    /// changes nothing). Nil for every other rule; `startDay` is DTSTART's local day number.
    static func fixedStep(of rule: icalrecurrencetype, startDay: Int64) -> Int64? {
        guard rule.rscale == nil, rule.interval >= 1 else { return nil }
        var onlyByDay = rule
        let none = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        onlyByDay.by_day.0 = none
        guard !hasByParts(onlyByDay) else { return nil }
        switch rule.freq {
        case ICAL_DAILY_RECURRENCE:
            return rule.by_day.0 == none ? Int64(rule.interval) * 86_400 : nil
        case ICAL_WEEKLY_RECURRENCE:
            if rule.by_day.0 != none {
                let weekday = ICSMath.libicalWeekday(ofDay: startDay)
                guard rule.by_day.1 == none, icalrecurrencetype_day_position(rule.by_day.0) == 0,
                    Int64(icalrecurrencetype_day_day_of_week(rule.by_day.0).rawValue) == weekday
                else { return nil }
            }
            return Int64(rule.interval) * 7 * 86_400
        default:
            return nil
        }
    }

    /// The instances `start + k × step` (k below `count` when it is set) that fall in
    /// `first ... last`, as libical's iterator gives them for a `fixedStep` rule, without
    /// its per-instance calendar arithmetic.
    func stepThrough(from start: Int64, step: Int64, count: Int, first: Int64, last: Int64, body: (Int64) -> Step) -> Outcome {
        // The first instance that can reach the window; those before it cannot overlap it.
        var k = first > start ? (first - start + step - 1) / step : 0
        var steps = 0
        while count == 0 || k < count {
            let (wall, overflow) = start.addingReportingOverflow(k * step)
            guard !overflow, wall <= last, wall <= ICSMath.maxWall else { return .complete }
            steps += 1
            if steps > ICalendar.maxStepsPerRule || !work.step() { return .cut }
            switch body(wall) {
            case .more: k += 1
            case .stop: return .complete
            case .full: return .cut
            }
        }
        return .complete
    }

    /// The instances of a `WeeklyDays` rule from `start` that fall in `first ... last`. DTSTART
    /// is always the first; it counts towards COUNT when it is on one of the rule's days (as
    /// libical and dateutil count: RFC 5545 leaves a DTSTART off the rule undefined).
    func walkWeeks(_ week: WeeklyDays, from start: Int64, count: Int, first: Int64, last: Int64, body: (Int64) -> Step) -> Outcome {
        let timeOfDay = start - ICSMath.floorDiv(start, 86_400) * 86_400
        let firstWeek = week.weekStartDay * 86_400 + timeOfDay
        // Instances of week 0 after DTSTART; each later week has one per day.
        let laterInWeekZero = week.offsets.filter { firstWeek + $0 * 86_400 > start }.count
        let startDay = ICSMath.floorDiv(start, 86_400)
        var emitted = week.offsets.contains(startDay - week.weekStartDay) ? 1 : 0
        if start >= first {
            switch body(start) {
            case .more: break
            case .stop: return .complete
            case .full: return .cut
            }
        }
        var k: Int64 = 0
        if first > firstWeek {
            // Skip whole periods that end before the window, counting what they hold.
            k = max(0, (first - firstWeek) / week.period - 1)
            if k > 0 { emitted += laterInWeekZero + Int(k - 1) * week.offsets.count }
        }
        var steps = 0
        while count == 0 || emitted < count {
            let (base, overflow) = firstWeek.addingReportingOverflow(k * week.period)
            guard !overflow, base <= last, base <= ICSMath.maxWall else { return .complete }
            for offset in week.offsets {
                let wall = base + offset * 86_400
                if wall <= start { continue }
                if wall > last { return .complete }
                if count > 0 && emitted >= count { return .complete }
                emitted += 1
                if wall < first { continue }
                steps += 1
                if steps > ICalendar.maxStepsPerRule || !work.step() { return .cut }
                switch body(wall) {
                case .more: continue
                case .stop: return .complete
                case .full: return .cut
                }
            }
            k += 1
        }
        return .complete
    }

    /// UNTIL as a wall reading in the frame of DTSTART (a DATE is inclusive: its whole day).
    func untilWall(_ until: icaltimetype, start: ICSTime) -> Int64? {
        guard let wall = ICSMath.wall(until) else { return nil }
        var result: Int64
        if until.is_date != 0 {
            result = start.isDate ? wall : wall + 86_399
        } else if icaltime_is_utc(until) != 0 {
            result = clock.wall(ofEpochSeconds: wall, in: start.isDate ? .floating : start.frame)
        } else {
            result = wall
        }
        if start.isDate { result = ICSMath.floorDiv(result, 86_400) * 86_400 }
        return result
    }

    /// Whether `rule` has any BY… part.
    static func hasByParts(_ rule: icalrecurrencetype) -> Bool {
        let none = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        return rule.by_second.0 != none || rule.by_minute.0 != none || rule.by_hour.0 != none || rule.by_day.0 != none
            || rule.by_month_day.0 != none || rule.by_year_day.0 != none || rule.by_week_no.0 != none
            || rule.by_month.0 != none || rule.by_set_pos.0 != none
    }
}
