import CICal
import TidingsCore

extension ICalendar {
    /// What reading a calendar found besides its events.
    struct ReadNotes {
        /// What was skipped to read the rest (see `CalendarExpansion.warnings`).
        var warnings: [String]
        /// How many events were given a UID derived from their content.
        var withoutUID: Int
        /// How many VEVENTs can be read.
        var events: Int
    }

    /// Parses `text` with libical under the global lock, without what the prescan dropped, takes out
    /// the events that cannot be read, and passes the VCALENDAR components to `each` (a large
    /// calendar piece by piece, each freed before the next is parsed, with the resolver of its zones:
    /// see `ICSPieces`); then runs `then` with what reading found, while the calendar's zones are
    /// still alive, and frees everything. A calendar is refused only when something was skipped and
    /// no event is left.
    static func withParsedEvents<T: Sendable>(
        _ text: inout String, prescan: ICSPrescan.Body, pieceBytes: Int,
        each: ([OpaquePointer], ICSZoneResolver?) -> Void,
        then: (ReadNotes) throws(CalendarError) -> T
    ) throws(CalendarError) -> T {
        if let problem = tidings_ical_load() {
            throw CalendarError("cannot load libical (Debian's libical3): \(String(cString: problem))")
        }
        return try libical.withLock { (_) throws(CalendarError) -> T in
            icalerror_set_errors_are_fatal(0)
            icalerror_clear_errno()
            defer { icalerror_clear_errno() }
            var reading = EventReading(prescan: prescan)
            guard let pieces = text.withUTF8({ ICSPieces($0, prescan: prescan, pieceBytes: pieceBytes) }) else {
                let root = try parseWhole(text, prescan: prescan)
                defer { icalcomponent_free(root) }
                let calendars = try calendars(of: root)
                reading.take(calendars)
                each(calendars, nil)
                return try then(reading.notes())
            }
            let frame = try parse(pieces.frame)
            defer { icalcomponent_free(frame) }
            let zones = ICSZoneResolver(calendar: try calendars(of: frame)[0])
            for group in pieces.groups {
                let root = try parse(text.withUTF8 { pieces.piece(group, of: $0) })
                defer { icalcomponent_free(root) }
                let calendars = try calendars(of: root)
                reading.take(calendars)
                each(calendars, zones)
            }
            return try then(reading.notes())
        }
    }

    /// The whole of `text` parsed, without what the prescan dropped.
    private static func parseWhole(_ text: String, prescan: ICSPrescan.Body) throws(CalendarError) -> OpaquePointer {
        if prescan.dropped.isEmpty {
            // The prescan rejected NUL bytes, so the text is one C string; `skip` steps over a BOM.
            guard let root = text.withCString({ icalparser_parse_string($0 + prescan.skip) }) else { throw parseError() }
            return root
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(text.utf8.count + 1)
        var copied = prescan.skip
        let utf8 = Array(text.utf8)
        for range in prescan.dropped {
            if range.lowerBound > copied { kept += utf8[copied..<range.lowerBound] }
            copied = max(copied, range.upperBound)
        }
        if copied < utf8.count { kept += utf8[copied...] }
        kept.append(0)
        return try parse(kept)
    }

    /// `text` (NUL-terminated) parsed.
    private static func parse(_ text: [UInt8]) throws(CalendarError) -> OpaquePointer {
        let root = text.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { $0.withMemoryRebound(to: CChar.self, capacity: buffer.count) { icalparser_parse_string($0) } }
        }
        guard let root else { throw parseError() }
        return root
    }

    private static func parseError() -> CalendarError {
        CalendarError("libical could not parse the calendar (error \(icalerrno_return().pointee.rawValue))")
    }

    /// The VCALENDAR components of a parsed text.
    private static func calendars(of root: OpaquePointer) throws(CalendarError) -> [OpaquePointer] {
        var calendars: [OpaquePointer] = []
        switch icalcomponent_isa(root) {
        case ICAL_VCALENDAR_COMPONENT:
            calendars = [root]
        case ICAL_XROOT_COMPONENT:
            var child = icalcomponent_get_first_component(root, ICAL_VCALENDAR_COMPONENT)
            while let calendar = child {
                calendars.append(calendar)
                child = icalcomponent_get_next_component(root, ICAL_VCALENDAR_COMPONENT)
            }
        default:
            break
        }
        if calendars.isEmpty {
            throw CalendarError("libical found no vcalendar component in the calendar")
        }
        return calendars
    }

    /// The number of VEVENTs in `calendars`.
    static func eventCount(_ calendars: [OpaquePointer]) -> Int {
        var count = 0
        for calendar in calendars {
            var event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT)
            while event != nil {
                count += 1
                event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)
            }
        }
        return count
    }
}

/// What reading a calendar, piece by piece, found so far: the unreadable events taken out, the
/// events left, the UIDs given.
private struct EventReading {
    let prescan: ICSPrescan.Body
    /// The first problems of the unreadable events, and how many there were.
    var problems: [String] = []
    var problemCount = 0
    var skipped = 0
    var events = 0
    var withoutUID = 0
    /// The UID-less events met so far, by content key.
    var seen: [String: Int] = [:]

    init(prescan: ICSPrescan.Body) {
        self.prescan = prescan
    }

    /// Takes out the unreadable events of a piece, counts the rest, and gives UIDs.
    mutating func take(_ calendars: [OpaquePointer]) {
        let checked = ICSEventCheck.removeUnreadable(calendars)
        problemCount += checked.problems.count
        problems += checked.problems.prefix(max(0, ICSPrescan.maxProblems - problems.count))
        skipped += checked.skipped
        events += ICalendar.eventCount(calendars)
        withoutUID += ICSEventIdentity.assignMissingUIDs(calendars, seen: &seen)
    }

    /// The notes of the whole calendar; refuses it when something was skipped and no event is left.
    func notes() throws(CalendarError) -> ICalendar.ReadNotes {
        var warnings = prescan.problems
        warnings += problems.prefix(max(0, ICSPrescan.maxProblems - warnings.count))
        let total = prescan.problemCount + problemCount
        if total > warnings.count { warnings.append("\(total - warnings.count) more problems") }
        if (prescan.droppedComponent || skipped > 0) && events == 0 {
            throw CalendarError("no event can be read: \(warnings.joined(separator: "; "))")
        }
        return ICalendar.ReadNotes(warnings: warnings, withoutUID: withoutUID, events: events)
    }
}
