import CICal
import TidingsCore

/// The properties of one VEVENT that expansion uses, read in one pass over its properties.
struct ICSEvent {
    /// The position of the VEVENT in the file.
    var index: Int
    var uid: String?
    var start: ICSTime?
    var end: ICSTime?
    var duration: icaldurationtype?
    var recurrenceID: ICSTime?
    /// RECURRENCE-ID;RANGE=THISANDFUTURE: the override also changes every later instance.
    var thisAndFuture = false
    /// DTSTAMP, in milliseconds: which of two versions with the same SEQUENCE is newer.
    var stamp: EpochMillis?
    /// RRULEs, kept compact (see `ICSRule`).
    var rules: [ICSRule] = []
    var rdates: [ICSTime] = []
    /// The RDATEs given as a PERIOD (RFC 5545 §3.8.5.2), with their own end or length.
    var rdatePeriods: [ICSRDatePeriod] = []
    var exdates: [ICSTime] = []
    var summary: String?
    var location: String?
    var description: String?
    var url: String?
    var conference: [String] = []
    var googleConference: [String] = []
    var organizer: String?
    /// nil when the VEVENT has no ATTENDEE (an override then keeps the master's); at most
    /// `maxAttendees` of them.
    var attendees: [CalendarAttendee]?
    /// Every ATTENDEE property, also those past `maxAttendees`.
    var attendeeCount = 0
    /// nil when the VEVENT has no STATUS.
    var cancelled: Bool?
    var sequence: Int = 0
    /// The VALARMs that show or sound a reminder, as written.
    var alarms: [ICSAlarm] = []
    /// `alarms` as lead times before the start (see `ICSExpander.alarmLeads`), set once the
    /// expander knows the event's times.
    var alarmLeads: [Int64] = []

    /// An event with nothing but its place in the file (a prepared form fills in the rest).
    init(index: Int) {
        self.index = index
    }

    /// Reads `component` (a VEVENT); the first of a repeated single-valued property wins.
    init(_ component: OpaquePointer, index: Int, zones: ICSZoneResolver) {
        self.index = index
        var next = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let property = next {
            read(property, zones: zones)
            next = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        alarms = ICSAlarm.alarms(of: component, zones: zones)
    }

    private mutating func read(_ property: OpaquePointer, zones: ICSZoneResolver) {
        switch icalproperty_isa(property) {
        case ICAL_UID_PROPERTY:
            if uid == nil { uid = Self.text(icalproperty_get_uid(property)) }
        case ICAL_DTSTART_PROPERTY:
            if start == nil { start = Self.time(icalproperty_get_dtstart(property), property, zones) }
        case ICAL_DTEND_PROPERTY:
            if end == nil { end = Self.time(icalproperty_get_dtend(property), property, zones) }
        case ICAL_DURATION_PROPERTY:
            if duration == nil {
                let value = icalproperty_get_duration(property)
                if icaldurationtype_is_bad_duration(value) == 0 { duration = value }
            }
        case ICAL_RECURRENCEID_PROPERTY:
            if recurrenceID == nil {
                recurrenceID = Self.time(icalproperty_get_recurrenceid(property), property, zones)
                if let range = icalproperty_get_first_parameter(property, ICAL_RANGE_PARAMETER) {
                    thisAndFuture = icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
                }
            }
        case ICAL_DTSTAMP_PROPERTY:
            if stamp == nil, let time = Self.time(icalproperty_get_dtstamp(property), property, zones),
                case .utc = time.frame
            {
                stamp = time.wall * 1000
            }
        case ICAL_RRULE_PROPERTY:
            let rule = icalproperty_get_rrule(property)
            if rule.freq != ICAL_NO_RECURRENCE { rules.append(ICSRule(rule)) }
        case ICAL_RDATE_PROPERTY:
            let value = icalproperty_get_rdate(property)
            if icaltime_is_null_time(value.time) == 0 {
                if let rdate = Self.time(value.time, property, zones) { rdates.append(rdate) }
            } else if let rdate = Self.time(value.period.start, property, zones) {
                let end = Self.time(value.period.end, property, zones)
                let duration = icaldurationtype_is_bad_duration(value.period.duration) == 0 ? value.period.duration : nil
                if end != nil || duration != nil {
                    rdatePeriods.append(ICSRDatePeriod(index: rdates.count, end: end, duration: duration))
                }
                rdates.append(rdate)
            }
        case ICAL_EXDATE_PROPERTY:
            if let exdate = Self.time(icalproperty_get_exdate(property), property, zones) { exdates.append(exdate) }
        case ICAL_SUMMARY_PROPERTY:
            if summary == nil { summary = Self.text(icalproperty_get_summary(property)) }
        case ICAL_LOCATION_PROPERTY:
            if location == nil { location = Self.text(icalproperty_get_location(property)) }
        case ICAL_DESCRIPTION_PROPERTY:
            if description == nil { description = Self.text(icalproperty_get_description(property)) }
        case ICAL_URL_PROPERTY:
            if url == nil { url = Self.text(icalproperty_get_url(property)) }
        case ICAL_CONFERENCE_PROPERTY:
            if let value = Self.text(icalproperty_get_conference(property)), !value.isEmpty { conference.append(value) }
        case ICAL_ORGANIZER_PROPERTY:
            if organizer == nil { organizer = Self.address(icalproperty_get_organizer(property)) }
        case ICAL_ATTENDEE_PROPERTY:
            // A hostile invitation may list 100,000 attendees: past the cap they are only counted.
            attendeeCount += 1
            if attendees == nil { attendees = [] }
            if attendeeCount <= ICalendar.maxAttendees, let address = Self.address(icalproperty_get_attendee(property)) {
                attendees?.append(CalendarAttendee(address: address, partstat: Self.partstat(property)))
            }
        case ICAL_STATUS_PROPERTY:
            if cancelled == nil { cancelled = icalproperty_get_status(property) == ICAL_STATUS_CANCELLED }
        case ICAL_SEQUENCE_PROPERTY:
            sequence = Int(icalproperty_get_sequence(property))
        case ICAL_X_PROPERTY:
            if let name = Self.text(icalproperty_get_x_name(property)), name.uppercased() == "X-GOOGLE-CONFERENCE",
                let value = Self.valueText(property), !value.isEmpty
            {
                googleConference.append(value)
            }
        default:
            break
        }
    }

    /// A DATE or DATE-TIME value with the frame of its TZID parameter (or Z, or floating).
    static func time(_ value: icaltimetype, _ property: OpaquePointer, _ zones: ICSZoneResolver) -> ICSTime? {
        guard icaltime_is_null_time(value) == 0, let wall = ICSMath.wall(value) else { return nil }
        if value.is_date != 0 { return ICSTime(wall: wall, isDate: true, frame: .floating) }
        // A TZID wins over a trailing Z (`TZID=Europe/Berlin:…T100000Z`, which RFC 5545 forbids):
        // the time is read on the zone's clock, as Python's icalendar and most clients read it.
        if let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
            let tzid = text(icalparameter_get_tzid(parameter))
        {
            return ICSTime(wall: wall, isDate: false, frame: zones.frame(for: tzid))
        }
        if icaltime_is_utc(value) != 0 { return ICSTime(wall: wall, isDate: false, frame: .utc) }
        return ICSTime(wall: wall, isDate: false, frame: .floating)
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The value of an X- property, unescaped. The `_r` call returns a buffer of our own: the plain one
    /// parks it in libical's per-thread ring of 2,500 temporary buffers, which looks like a leak.
    private static func valueText(_ property: OpaquePointer) -> String? {
        guard let buffer = icalproperty_get_value_as_string_r(property) else { return nil }
        defer { icalmemory_free_buffer(buffer) }
        return unescape(String(cString: buffer))
    }

    /// "MAILTO:Boss@Example.COM" → "boss@example.com".
    private static func address(_ pointer: UnsafePointer<CChar>?) -> String? {
        text(pointer).flatMap(CalendarAddress.normalized)
    }

    private static func partstat(_ property: OpaquePointer) -> String? {
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_PARTSTAT_PARAMETER) else { return nil }
        let value = icalparameter_get_partstat(parameter)
        let name =
            value == ICAL_PARTSTAT_X
            ? text(icalparameter_get_xvalue(parameter))
            : text(icalparameter_enum_to_string(Int32(value.rawValue)))
        return name.map { $0.uppercased() }
    }

    /// Undoes RFC 5545 text escapes in a value libical returns escaped (X- properties).
    private static func unescape(_ value: String) -> String {
        guard value.contains("\\") else { return value.icsTrimmed }
        var result = ""
        var escaped = false
        for character in value {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result.icsTrimmed
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var icsTrimmed: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        if first == bytes.startIndex && bytes.index(after: last) == bytes.endIndex { return self }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

/// An RDATE given as a PERIOD: the instance at `rdates[index]` ends at `end`, or lasts `duration`.
struct ICSRDatePeriod {
    var index: Int
    var end: ICSTime?
    var duration: icaldurationtype?
}
