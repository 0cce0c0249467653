import CICal
import TidingsCore

/// Gives each VEVENT without a UID one of its own, derived from its content. Runs under the libical lock.
///
/// RFC 5545 requires a UID, but real feeds omit it. Reminder ids are built from the UID, so such
/// events would share one id (and all but one meeting would disappear) or, with a random one, change
/// id on every fetch. The UID given is `no-uid-` and a hash (FNV-1a, 64 bits) of the DTSTART as
/// written (with its TZID), the SUMMARY, and the event's position among the UID-less events with the
/// same start and summary: stable across fetches of the same feed, distinct within it.
enum ICSEventIdentity {
    /// The prefix of a derived UID.
    static let prefix = "no-uid-"

    /// Adds a derived UID to every VEVENT of `calendars` that has none (or an empty one); returns how
    /// many. `seen` counts the UID-less events met so far by content key: those of the pieces before,
    /// for a calendar read in pieces.
    static func assignMissingUIDs(_ calendars: [OpaquePointer], seen: inout [String: Int]) -> Int {
        var assigned = 0
        for calendar in calendars {
            var next = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT)
            while let event = next {
                next = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)
                if let property = icalcomponent_get_first_property(event, ICAL_UID_PROPERTY) {
                    if let value = icalproperty_get_uid(property), value.pointee != 0 { continue }
                    icalcomponent_remove_property(event, property)
                    icalproperty_free(property)
                }
                let key = content(of: event)
                let position = seen[key, default: 0]
                seen[key] = position + 1
                let uid = derivedUID(content: key, position: position)
                guard let property = uid.withCString({ icalproperty_new_uid($0) }) else { continue }
                icalcomponent_add_property(event, property)
                assigned += 1
            }
        }
        return assigned
    }

    /// The UID of the `position`th UID-less event (from 0) whose content key is `content`.
    static func derivedUID(content: String, position: Int) -> String {
        let digits = StableHash.hex(content)
        return position == 0 ? prefix + digits : "\(prefix)\(digits)-\(position + 1)"
    }

    /// DTSTART (its TZID, its value as written), RECURRENCE-ID and SUMMARY, separated by NUL.
    private static func content(of event: OpaquePointer) -> String {
        var parts: [String] = []
        for kind in [ICAL_DTSTART_PROPERTY, ICAL_RECURRENCEID_PROPERTY] {
            guard let property = icalcomponent_get_first_property(event, kind) else {
                parts += ["", ""]
                continue
            }
            parts.append(icalproperty_get_parameter_as_string(property, "TZID").map { String(cString: $0) } ?? "")
            parts.append(icalproperty_get_value_as_string(property).map { String(cString: $0) } ?? "")
        }
        let summary = icalcomponent_get_first_property(event, ICAL_SUMMARY_PROPERTY)
            .flatMap { icalproperty_get_summary($0) }.map { String(cString: $0) }
        parts.append(summary ?? "")
        return parts.joined(separator: "\u{0}")
    }
}
