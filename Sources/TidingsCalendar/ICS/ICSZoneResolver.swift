import CICal
import TidingsCore

/// Resolves the TZIDs of one VCALENDAR, each once.
///
/// Order: a VTIMEZONE of the calendar with that TZID; UTC for the usual UTC names; libical's builtin
/// zone of that IANA name (also the last path components of a prefixed TZID such as
/// "/freeassociation.sourceforge.net/Europe/Berlin"); the IANA zone of a Windows zone name; otherwise
/// floating, so that the time reads as written in the caller's zone rather than being dropped.
final class ICSZoneResolver {
    private let calendar: OpaquePointer
    private var cache: [String: ICSFrame] = [:]

    /// Resolves against the VTIMEZONEs of `calendar`, which must outlive the resolver.
    init(calendar: OpaquePointer) {
        self.calendar = calendar
    }

    /// The frame of a time written with `tzid`.
    func frame(for tzid: String) -> ICSFrame {
        if let known = cache[tzid] { return known }
        let frame = resolve(tzid)
        cache[tzid] = frame
        return frame
    }

    private func resolve(_ tzid: String) -> ICSFrame {
        if let zone = tzid.withCString({ icalcomponent_get_timezone(calendar, $0) }), Self.isReasonable(zone) {
            return .zone(zone)
        }
        let name = tzid.icsTrimmed
        if name.isEmpty { return .floating }
        if Self.utcNames.contains(name.lowercased()) { return .utc }
        for candidate in Self.candidates(name) {
            if let zone = Self.builtin(candidate) { return zone }
        }
        if let iana = Self.windowsZones[name], let zone = Self.builtin(iana) { return zone }
        return .floating
    }

    /// Whether libical can expand the VTIMEZONE `zone` without stalling.
    ///
    /// libical turns a VTIMEZONE's rules into a list of every offset change from its DTSTART to a few
    /// years past the time asked for, the first time an offset is needed, with no bound: a STANDARD
    /// with RRULE:FREQ=SECONDLY runs for hours, FREQ=MINUTELY for seconds, a YEARLY rule that matches
    /// every day of the year for seconds. Real zones change offset once or twice a year, so: YEARLY
    /// rules only, no BYHOUR/BYMINUTE/BYSECOND, at most 8 changes in their first 4 years, and at most
    /// 10,000 RDATEs. A zone that fails is ignored, and its TZID resolved by name.
    static func isReasonable(_ zone: OpaquePointer) -> Bool {
        guard let vtimezone = icaltimezone_get_component(zone) else { return false }
        var rdates = 0
        var observance = icalcomponent_get_first_component(vtimezone, ICAL_ANY_COMPONENT)
        while let current = observance {
            observance = icalcomponent_get_next_component(vtimezone, ICAL_ANY_COMPONENT)
            var start: icaltimetype?
            var rules: [icalrecurrencetype] = []
            var property = icalcomponent_get_first_property(current, ICAL_ANY_PROPERTY)
            while let value = property {
                switch icalproperty_isa(value) {
                case ICAL_DTSTART_PROPERTY: start = icalproperty_get_dtstart(value)
                case ICAL_RRULE_PROPERTY: rules.append(icalproperty_get_rrule(value))
                case ICAL_RDATE_PROPERTY: rdates += 1
                default: break
                }
                property = icalcomponent_get_next_property(current, ICAL_ANY_PROPERTY)
            }
            if rdates > 10_000 { return false }
            guard let start, let startWall = ICSMath.wall(start) else { continue }
            for original in rules where original.freq != ICAL_NO_RECURRENCE {
                var rule = original
                let none = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
                guard rule.freq == ICAL_YEARLY_RECURRENCE, rule.by_second.0 == none, rule.by_minute.0 == none,
                    rule.by_hour.0 == none
                else { return false }
                // Count the changes of the first four years (UNTIL bounds libical's own search as well).
                let fourYears = ICSMath.fields(wall: startWall + 4 * 366 * 86_400, isDate: false)
                if icaltime_is_null_time(rule.until) != 0
                    || (ICSMath.wall(rule.until) ?? .max) > startWall + 4 * 366 * 86_400
                {
                    rule.until = fourYears
                }
                rule.count = 0
                guard let iterator = icalrecur_iterator_new(rule, ICSMath.fields(wall: startWall, isDate: false)) else {
                    continue
                }
                defer { icalrecur_iterator_free(iterator) }
                var changes = 0
                while icaltime_is_null_time(icalrecur_iterator_next(iterator)) == 0 {
                    changes += 1
                    if changes > 8 { return false }
                }
            }
        }
        return true
    }

    /// The name itself, then its trailing path components (at least two: "Europe/Berlin").
    private static func candidates(_ name: String) -> [String] {
        var result = [name]
        let parts = name.split(separator: "/")
        if parts.count > 2 || name.hasPrefix("/") {
            for start in 0..<(parts.count - 1) {
                let suffix = parts[start...].joined(separator: "/")
                if suffix != name { result.append(suffix) }
            }
        }
        return result
    }

    /// libical's builtin zone named `name`, for IANA-looking names only.
    ///
    /// libical opens `/usr/share/zoneinfo/<name>` for a name it does not know, so a hostile TZID such as
    /// "../../../dev/stdin" would make it read any file: only plain IANA characters get that far.
    private static func builtin(_ name: String) -> ICSFrame? {
        guard isSafeZoneName(name) else { return nil }
        if utcNames.contains(name.lowercased()) { return .utc }
        guard let zone = name.withCString({ icaltimezone_get_builtin_timezone($0) }) else { return nil }
        if zone == icaltimezone_get_utc_timezone() { return .utc }
        // libical reads the system's zone data too (/usr/share/zoneinfo).
        if let named = Zone(identifier: name) { return .named(named.resolved()) }
        return .zone(zone)
    }

    static func isSafeZoneName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), !name.hasPrefix("/"), !name.hasSuffix("/"), !name.contains("//"),
            !name.contains("..")
        else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2F || byte == 0x5F || byte == 0x2D || byte == 0x2B
        }
    }

    private static let utcNames: Set<String> = [
        "utc", "gmt", "z", "zulu", "etc/utc", "etc/gmt", "etc/zulu", "etc/uct", "uct", "universal",
        "etc/universal", "coordinated universal time", "(utc) coordinated universal time", "utc+00:00", "utc±00:00",
    ]

    /// Windows zone names (as Outlook and Exchange write them) and the IANA zone of their main city,
    /// from CLDR's windowsZones.xml (territory 001).
    static let windowsZones: [String: String] = [
        "Dateline Standard Time": "Etc/GMT+12",
        "UTC-11": "Etc/GMT+11",
        "Hawaiian Standard Time": "Pacific/Honolulu",
        "Alaskan Standard Time": "America/Anchorage",
        "Pacific Standard Time": "America/Los_Angeles",
        "Pacific Standard Time (Mexico)": "America/Tijuana",
        "US Mountain Standard Time": "America/Phoenix",
        "Mountain Standard Time": "America/Denver",
        "Mountain Standard Time (Mexico)": "America/Mazatlan",
        "Central America Standard Time": "America/Guatemala",
        "Central Standard Time": "America/Chicago",
        "Central Standard Time (Mexico)": "America/Mexico_City",
        "Canada Central Standard Time": "America/Regina",
        "SA Pacific Standard Time": "America/Bogota",
        "Eastern Standard Time": "America/New_York",
        "Eastern Standard Time (Mexico)": "America/Cancun",
        "US Eastern Standard Time": "America/Indiana/Indianapolis",
        "Venezuela Standard Time": "America/Caracas",
        "Atlantic Standard Time": "America/Halifax",
        "SA Western Standard Time": "America/La_Paz",
        "Pacific SA Standard Time": "America/Santiago",
        "Newfoundland Standard Time": "America/St_Johns",
        "E. South America Standard Time": "America/Sao_Paulo",
        "Argentina Standard Time": "America/Argentina/Buenos_Aires",
        "SA Eastern Standard Time": "America/Cayenne",
        "Greenland Standard Time": "America/Nuuk",
        "Montevideo Standard Time": "America/Montevideo",
        "UTC-02": "Etc/GMT+2",
        "Azores Standard Time": "Atlantic/Azores",
        "Cape Verde Standard Time": "Atlantic/Cape_Verde",
        "UTC": "Etc/UTC",
        "GMT Standard Time": "Europe/London",
        "Greenwich Standard Time": "Atlantic/Reykjavik",
        "Morocco Standard Time": "Africa/Casablanca",
        "W. Europe Standard Time": "Europe/Berlin",
        "Central Europe Standard Time": "Europe/Budapest",
        "Romance Standard Time": "Europe/Paris",
        "Central European Standard Time": "Europe/Warsaw",
        "W. Central Africa Standard Time": "Africa/Lagos",
        "GTB Standard Time": "Europe/Bucharest",
        "Middle East Standard Time": "Asia/Beirut",
        "Egypt Standard Time": "Africa/Cairo",
        "E. Europe Standard Time": "Europe/Chisinau",
        "South Africa Standard Time": "Africa/Johannesburg",
        "FLE Standard Time": "Europe/Kiev",
        "Israel Standard Time": "Asia/Jerusalem",
        "Jordan Standard Time": "Asia/Amman",
        "Arabic Standard Time": "Asia/Baghdad",
        "Turkey Standard Time": "Europe/Istanbul",
        "Arab Standard Time": "Asia/Riyadh",
        "Russian Standard Time": "Europe/Moscow",
        "E. Africa Standard Time": "Africa/Nairobi",
        "Iran Standard Time": "Asia/Tehran",
        "Arabian Standard Time": "Asia/Dubai",
        "Pakistan Standard Time": "Asia/Karachi",
        "India Standard Time": "Asia/Kolkata",
        "Sri Lanka Standard Time": "Asia/Colombo",
        "Nepal Standard Time": "Asia/Kathmandu",
        "Bangladesh Standard Time": "Asia/Dhaka",
        "SE Asia Standard Time": "Asia/Bangkok",
        "China Standard Time": "Asia/Shanghai",
        "Singapore Standard Time": "Asia/Singapore",
        "W. Australia Standard Time": "Australia/Perth",
        "Taipei Standard Time": "Asia/Taipei",
        "Tokyo Standard Time": "Asia/Tokyo",
        "Korea Standard Time": "Asia/Seoul",
        "Cen. Australia Standard Time": "Australia/Adelaide",
        "AUS Central Standard Time": "Australia/Darwin",
        "E. Australia Standard Time": "Australia/Brisbane",
        "AUS Eastern Standard Time": "Australia/Sydney",
        "Tasmania Standard Time": "Australia/Hobart",
        "New Zealand Standard Time": "Pacific/Auckland",
    ]
}
