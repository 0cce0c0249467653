import CICal
import TidingsCore

/// Resolves the TZIDs of one VCALENDAR, each once.
///
/// Order: UTC for the usual UTC names; the system's zone of that IANA name (also the last path
/// components of a prefixed TZID such as "/freeassociation.sourceforge.net/Europe/Berlin"); the IANA
/// zone CLDR maps a Windows zone name to; a VTIMEZONE of the calendar with that TZID; otherwise
/// floating, so that the time reads as written in the caller's zone rather than being dropped.
///
/// A VTIMEZONE decides only for names the system does not know, as in Thunderbird and Apple
/// Calendar: feeds often carry a VTIMEZONE that describes only a few years around its export (a
/// fixed +02:00 for Europe/Berlin, rules that end in 2020), and the system's zone data is kept up
/// to date when governments change their rules.
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
        let name = tzid.icsTrimmed
        if Self.utcNames.contains(name.lowercased()) { return .utc }
        if !name.isEmpty {
            for candidate in Self.candidates(name) {
                if let zone = Self.builtin(candidate) { return zone }
            }
            if let iana = Self.windowsZone(name), let zone = Self.builtin(iana) { return zone }
        }
        if let zone = tzid.withCString({ icalcomponent_get_timezone(calendar, $0) }), Self.isReasonable(zone) {
            return .zone(zone)
        }
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

    /// The IANA zone of a Windows zone name, compared without case: CLDR's mapping (`ICSWindowsZones`).
    static func windowsZone(_ name: String) -> String? {
        ICSWindowsZones.table[name] ?? windowsZonesByLowercase[name.lowercased()]
    }

    private static let windowsZonesByLowercase = Dictionary(
        ICSWindowsZones.table.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
}
