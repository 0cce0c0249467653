import CICal

/// A FREQ=WEEKLY rule on several weekdays (BYDAY without positions, nothing else but INTERVAL,
/// COUNT, UNTIL and WKST), walked week by week as RFC 5545 §3.3.10 says: weeks begin on WKST
/// (Monday unless the rule says otherwise), and INTERVAL counts them from the week DTSTART
/// falls in. libical 3.0 begins them on Sunday whatever WKST says, so a fortnightly Sunday
/// meeting of a rule without WKST came a week off; this walks them itself.
struct WeeklyDays: Equatable {
    /// The local day number on which DTSTART's week begins.
    let weekStartDay: Int64
    /// Seconds between the periods (INTERVAL weeks).
    let period: Int64
    /// The BYDAY days, as days after the week's start, in order.
    let offsets: [Int64]

    /// The walk of `rule` for a DTSTART on local day `startDay`, or nil when the rule is not
    /// of this shape (then libical's iterator runs it).
    init?(_ rule: icalrecurrencetype, startDay: Int64) {
        guard rule.freq == ICAL_WEEKLY_RECURRENCE, rule.rscale == nil, rule.interval >= 1 else { return nil }
        let none = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        var onlyByDay = rule
        onlyByDay.by_day.0 = none
        guard rule.by_day.0 != none, !ICSExpander.hasByParts(onlyByDay) else { return nil }
        var days: [Int64] = []
        for day in Mirror(reflecting: rule.by_day).children.compactMap({ $0.value as? Int16 }) {
            if day == none { break }
            guard icalrecurrencetype_day_position(day) == 0 else { return nil }
            days.append(Int64(icalrecurrencetype_day_day_of_week(day).rawValue))
        }
        // libical numbers weekdays from Sunday (1) to Saturday (7); 0 is none: Monday.
        let weekStart = rule.week_start == ICAL_NO_WEEKDAY ? 2 : Int64(rule.week_start.rawValue)
        let startWeekday = ICSMath.libicalWeekday(ofDay: startDay)
        weekStartDay = startDay - (startWeekday - weekStart + 7) % 7
        period = Int64(rule.interval) * 7 * 86_400
        offsets = Set(days.map { ($0 - weekStart + 7) % 7 }).sorted()
    }
}
