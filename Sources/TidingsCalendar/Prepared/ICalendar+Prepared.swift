import CICal
import TidingsCore

extension ICalendar {
    /// Expands a prepared calendar as `expand` expands its text: the same occurrences, the
    /// same problems, without parsing.
    static func expand(
        _ prepared: PreparedCalendar, from: EpochMillis, until: EpochMillis, floatingZone: Zone, maxOccurrencesPerEvent: Int,
        maxOccurrences: Int = maxOccurrencesPerCalendar
    ) throws(CalendarError) -> CalendarExpansion {
        let zone = floatingZone.resolved()
        // Rules not stepped by arithmetic run on libical's iterator, under its lock.
        return try libical.withLock { (_) throws(CalendarError) -> CalendarExpansion in
            var expander = ICSExpander(
                clock: ICSClock(floating: zone), from: from, until: until,
                maxPerEvent: max(0, maxOccurrencesPerEvent), maxOccurrences: maxOccurrences)
            var expansion = try expander.run(prepared.events)
            expansion.warnings = prepared.warnings
            return expansion
        }
    }
}
