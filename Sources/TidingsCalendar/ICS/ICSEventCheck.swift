import CICal
import TidingsCore

/// The VEVENTs of a parsed calendar that cannot be read are taken out before expansion, each
/// reported by name, so that the other events still count. Runs under the libical lock.
///
/// libical removes a property whose value it cannot parse and leaves an X-LIC-ERROR in its place
/// ("Can't parse as DATE-TIME value in DTSTART property. Removing entire property: …"). Without its
/// DTSTART, DTEND, DURATION or RECURRENCE-ID an event would be planned at the wrong time, so it is
/// skipped; so is a master without DTSTART (RFC 5545 requires one). Without an RRULE, RDATE or
/// EXDATE it still has its first instance (as libical-based clients show it): it is kept and the
/// loss reported. An error in any other property (a broken DESCRIPTION, a line without a colon)
/// leaves the event as it is. An RRULE whose separators are escaped (`FREQ=DAILY\;COUNT=10`, as
/// some exporters write it) is read with them unescaped, as Thunderbird, vobject and khal read it.
enum ICSEventCheck {
    /// The properties without which an event is skipped, as libical names them in its errors.
    private static let essential: Set<String> = ["DTSTART", "DTEND", "DURATION", "RECURRENCE-ID"]
    /// The properties an event is read without, with a warning.
    private static let recurrence: Set<String> = ["RRULE", "RDATE", "EXDATE"]

    /// Removes (and frees) the unreadable VEVENTs of `calendars`; returns the problems met and how
    /// many events were skipped.
    static func removeUnreadable(_ calendars: [OpaquePointer]) -> (problems: [String], skipped: Int) {
        var problems: [String] = []
        var skipped = 0
        for calendar in calendars {
            var broken: [OpaquePointer] = []
            var next = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT)
            while let event = next {
                next = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)
                let found = check(event)
                if let reason = found.skip {
                    problems.append("\(name(of: event)): \(reason), skipped")
                    broken.append(event)
                } else if !found.lost.isEmpty {
                    let names = found.lost.map { $0.lowercased() }.joined(separator: ", ")
                    problems.append("\(name(of: event)): its \(names) cannot be read, read without")
                }
            }
            for event in broken {
                icalcomponent_remove_component(calendar, event)
                icalcomponent_free(event)
            }
            skipped += broken.count
        }
        return (problems, skipped)
    }

    /// Why `event` must be skipped (nil when it can be read), and the recurrence properties it lost.
    private static func check(_ event: OpaquePointer) -> (skip: String?, lost: [String]) {
        var hasStart = false
        var hasRecurrenceID = false
        var lost: [String] = []
        var repaired: [(error: OpaquePointer, rule: icalrecurrencetype)] = []
        defer {
            for (error, rule) in repaired {
                icalcomponent_remove_property(event, error)
                icalproperty_free(error)
                if let property = icalproperty_new_rrule(rule) { icalcomponent_add_property(event, property) }
            }
        }
        var property = icalcomponent_get_first_property(event, ICAL_ANY_PROPERTY)
        while let current = property {
            switch icalproperty_isa(current) {
            case ICAL_DTSTART_PROPERTY: hasStart = true
            case ICAL_RECURRENCEID_PROPERTY: hasRecurrenceID = true
            case ICAL_XLICERROR_PROPERTY:
                if let text = icalproperty_get_xlicerror(current).map({ String(cString: $0) }),
                    let name = propertyName(inError: text)
                {
                    if essential.contains(name) { return ("its \(name.lowercased()) cannot be read", lost) }
                    if name == "RRULE", let rule = escapedRule(inError: text) {
                        repaired.append((current, rule))
                    } else if recurrence.contains(name), !lost.contains(name) {
                        lost.append(name)
                    }
                }
            default: break
            }
            property = icalcomponent_get_next_property(event, ICAL_ANY_PROPERTY)
        }
        if !hasStart && !hasRecurrenceID { return ("it has no dtstart", lost) }
        return (nil, lost)
    }

    /// The rule of an RRULE libical refused ("… in RRULE property. Removing entire property:
    /// FREQ=DAILY\;COUNT=10") when it reads with its escaped separators unescaped.
    static func escapedRule(inError text: String) -> icalrecurrencetype? {
        guard let marker = text.range(of: "Removing entire property: ") else { return nil }
        let value = text[marker.upperBound...]
        guard value.contains("\\;") || value.contains("\\,") else { return nil }
        let unescaped = value.replacing("\\;", with: ";").replacing("\\,", with: ",")
        let rule = unescaped.withCString { icalrecurrencetype_from_string($0) }
        return rule.freq == ICAL_NO_RECURRENCE ? nil : rule
    }

    /// "DTSTART" of "Can't parse as DATE-TIME value in DTSTART property. Removing …".
    static func propertyName(inError text: String) -> String? {
        let words = text.split(separator: " ")
        guard words.count >= 4 else { return nil }
        for index in 1..<(words.count - 2)
        where words[index] == "in" && words[index - 1] == "value" && words[index + 2].hasPrefix("property") {
            return words[index + 1].uppercased()
        }
        return nil
    }

    /// `event "<UID>"`, else `event "<SUMMARY>"`, else `an event without uid or summary`.
    static func name(of event: OpaquePointer) -> String {
        for kind in [ICAL_UID_PROPERTY, ICAL_SUMMARY_PROPERTY] {
            if let property = icalcomponent_get_first_property(event, kind),
                let value = (kind == ICAL_UID_PROPERTY ? icalproperty_get_uid(property) : icalproperty_get_summary(property))
                    .map({ String(cString: $0) }),
                !value.isEmpty
            {
                return "event \"\(TextSanitizer.clean(value).leading(80))\""
            }
        }
        return "an event without uid or summary"
    }
}
