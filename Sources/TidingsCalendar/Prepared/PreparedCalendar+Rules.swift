import CICal
import TidingsCore

/// An RRULE and a DURATION in the prepared form: libical's structs field by field, the BY…
/// lists only as long as they are (the struct holds room for 1,500 of them).
extension PreparedWriter {
    /// Writes `rule`; false when it cannot be kept apart from its parsed calendar (an RSCALE,
    /// or an UNTIL in a zone other than UTC).
    mutating func rule(_ rule: icalrecurrencetype) -> Bool {
        guard rule.rscale == nil else { return false }
        int(Int64(rule.freq.rawValue))
        guard time(rule.until) else { return false }
        int32(rule.count)
        int32(Int32(rule.interval))
        int(Int64(rule.week_start.rawValue))
        var copy = rule
        shorts(&copy.by_second)
        shorts(&copy.by_minute)
        shorts(&copy.by_hour)
        shorts(&copy.by_day)
        shorts(&copy.by_month_day)
        shorts(&copy.by_year_day)
        shorts(&copy.by_week_no)
        shorts(&copy.by_month)
        shorts(&copy.by_set_pos)
        int(Int64(rule.skip.rawValue))
        return true
    }

    /// libical's time fields; false for a zone other than none or UTC.
    mutating func time(_ time: icaltimetype) -> Bool {
        let zone: UInt8
        if time.zone == nil {
            zone = 0
        } else if icaltime_is_utc(time) != 0 {
            zone = 1
        } else {
            return false
        }
        for field in [time.year, time.month, time.day, time.hour, time.minute, time.second, time.is_date, time.is_daylight] {
            int32(field)
        }
        byte(zone)
        return true
    }

    mutating func duration(_ duration: icaldurationtype) {
        int32(duration.is_neg)
        for field in [duration.days, duration.weeks, duration.hours, duration.minutes, duration.seconds] {
            int32(Int32(bitPattern: field))
        }
    }

    /// A BY… list up to its end mark.
    private mutating func shorts<T>(_ list: inout T) {
        let none = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        withUnsafeBytes(of: &list) { raw in
            let values = raw.bindMemory(to: Int16.self)
            let used = values.firstIndex(of: none) ?? values.count
            int32(Int32(used))
            for value in values[..<used] { int32(Int32(value)) }
        }
    }
}

extension PreparedReader {
    mutating func rule() throws(PreparedDamage) -> icalrecurrencetype {
        var rule = icalrecurrencetype()
        rule.freq = icalrecurrencetype_frequency(rawValue: .init(truncatingIfNeeded: try int()))
        rule.until = try time()
        rule.count = try int32()
        rule.interval = Int16(truncatingIfNeeded: try int32())
        rule.week_start = icalrecurrencetype_weekday(rawValue: .init(truncatingIfNeeded: try int()))
        try shorts(&rule.by_second)
        try shorts(&rule.by_minute)
        try shorts(&rule.by_hour)
        try shorts(&rule.by_day)
        try shorts(&rule.by_month_day)
        try shorts(&rule.by_year_day)
        try shorts(&rule.by_week_no)
        try shorts(&rule.by_month)
        try shorts(&rule.by_set_pos)
        rule.rscale = nil
        rule.skip = icalrecurrencetype_skip(rawValue: .init(truncatingIfNeeded: try int()))
        return rule
    }

    mutating func time() throws(PreparedDamage) -> icaltimetype {
        var fields: [Int32] = []
        for _ in 0..<8 { fields.append(try int32()) }
        let zone = try byte()
        guard zone <= 1 else { throw PreparedDamage(reason: "time zone mark \(zone)") }
        return icaltimetype(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5],
            is_date: fields[6], is_daylight: fields[7], zone: zone == 1 ? icaltimezone_get_utc_timezone() : nil)
    }

    mutating func duration() throws(PreparedDamage) -> icaldurationtype {
        let negative = try int32()
        var fields: [UInt32] = []
        for _ in 0..<5 { fields.append(UInt32(bitPattern: try int32())) }
        return icaldurationtype(
            is_neg: negative, days: fields[0], weeks: fields[1], hours: fields[2], minutes: fields[3], seconds: fields[4])
    }

    /// A BY… list: its values, then the end mark when there is room for one.
    private mutating func shorts<T>(_ list: inout T) throws(PreparedDamage) {
        let none = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        let capacity = MemoryLayout<T>.size / 2
        let used = try count(minimumSize: 4)
        guard used <= capacity else { throw PreparedDamage(reason: "a list of \(used) in a rule") }
        var values: [Int16] = []
        values.reserveCapacity(used)
        for _ in 0..<used { values.append(Int16(truncatingIfNeeded: try int32())) }
        withUnsafeMutableBytes(of: &list) { raw in
            let target = raw.bindMemory(to: Int16.self)
            for index in target.indices { target[index] = index < values.count ? values[index] : none }
        }
    }
}
