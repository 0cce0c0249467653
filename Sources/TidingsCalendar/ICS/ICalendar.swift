import CICal
import Synchronization
import TidingsCore

/// One ATTENDEE of an event.
public struct CalendarAttendee: Sendable, Equatable {
    /// The calendar address, lower-cased, without "mailto:".
    public var address: String
    /// PARTSTAT as written, upper-cased (ACCEPTED, DECLINED, TENTATIVE, NEEDS-ACTION, …); nil when absent.
    public var partstat: String?

    /// Creates an attendee.
    public init(address: String, partstat: String? = nil) {
        self.address = address
        self.partstat = partstat
    }
}

/// One instance of a VEVENT that overlaps the expansion window.
public struct CalendarOccurrence: Sendable, Equatable {
    /// The event's UID ("" when the VEVENT has none).
    public var uid: String
    /// The original start of this instance for recurring events (nil for single events).
    public var recurrenceID: EpochMillis?
    /// SUMMARY cleaned with `TextSanitizer.clean`, "" when absent.
    public var summary: String
    /// The start of this instance.
    public var start: EpochMillis
    /// DTEND, or DTSTART+DURATION, or start (+1 day for all-day events) when both are absent; exclusive.
    public var end: EpochMillis
    /// Whether DTSTART is a DATE (VALUE=DATE): start and end are local midnights in the floating zone.
    public var allDay: Bool
    /// Whether the event (or this instance's override) has STATUS:CANCELLED.
    public var cancelled: Bool
    /// LOCATION as written (unescaped, not sanitized).
    public var location: String?
    /// DESCRIPTION as written (unescaped, may contain HTML, not sanitized).
    public var description: String?
    /// The URL property.
    public var url: String?
    /// RFC 7986 CONFERENCE values, then X-GOOGLE-CONFERENCE values, in file order.
    public var conference: [String]
    /// The ORGANIZER address, lower-cased, without "mailto:".
    public var organizer: String?
    /// The ATTENDEE properties, in file order: the first `ICalendar.maxAttendees` of them.
    public var attendees: [CalendarAttendee]
    /// How many ATTENDEE properties the event has, also those past `ICalendar.maxAttendees`.
    public var attendeeCount: Int
    /// SEQUENCE (0 when absent).
    public var sequence: Int
    /// The lead times of the event's own alarms (VALARM with ACTION:DISPLAY or AUDIO), in
    /// milliseconds before its start (negative: after it), ascending; empty when it has none.
    public var alarms: [Int64]

    /// Creates an occurrence.
    public init(
        uid: String, recurrenceID: EpochMillis? = nil, summary: String, start: EpochMillis, end: EpochMillis,
        allDay: Bool = false, cancelled: Bool = false, location: String? = nil, description: String? = nil,
        url: String? = nil, conference: [String] = [], organizer: String? = nil, attendees: [CalendarAttendee] = [],
        attendeeCount: Int? = nil, sequence: Int = 0, alarms: [Int64] = []
    ) {
        self.uid = uid
        self.recurrenceID = recurrenceID
        self.summary = summary
        self.start = start
        self.end = end
        self.allDay = allDay
        self.cancelled = cancelled
        self.location = location
        self.description = description
        self.url = url
        self.conference = conference
        self.organizer = organizer
        self.attendees = attendees
        self.attendeeCount = attendeeCount ?? attendees.count
        self.sequence = sequence
        self.alarms = alarms
    }
}

/// The result of expanding a calendar over a window.
public struct CalendarExpansion: Sendable {
    /// The occurrences overlapping the window, sorted by start, then end, then UID.
    public var occurrences: [CalendarOccurrence]
    /// UIDs whose expansion was cut short (occurrence limit, step limit, or a rule Tidings does not expand).
    public var truncated: [String]
    /// The number of VEVENT components in the calendar (masters and overrides).
    public var eventCount: Int
    /// What was skipped to read the rest (text after END:VCALENDAR, a malformed event named by its
    /// UID or SUMMARY), lower-case: to report as a problem of the calendar.
    public var warnings: [String] = []
    /// The calendar-wide limit that cut the expansion (`its limit of 1000000 recurrence steps
    /// per calendar`, or the time limit, the safety net), lower-case; nil when none did.
    public var limitCut: String?

    /// Creates an expansion.
    public init(occurrences: [CalendarOccurrence], truncated: [String], eventCount: Int) {
        self.occurrences = occurrences
        self.truncated = truncated
        self.eventCount = eventCount
    }
}

/// A calendar as prefetch keeps it: its text, and what reading it found.
public struct CalendarText: Sendable, Equatable {
    /// The text to keep: the bytes received, with folds that split a UTF-8 character joined.
    public var text: String
    /// The number of VEVENT components that can be read.
    public var events: Int
    /// What was skipped to read the rest, lower-case (see `CalendarExpansion.warnings`).
    public var warnings: [String]
    /// How many of the events have no UID, and were given one derived from their content.
    public var withoutUID: Int

    /// Creates a result.
    public init(text: String, events: Int, warnings: [String] = [], withoutUID: Int = 0) {
        self.text = text
        self.events = events
        self.warnings = warnings
        self.withoutUID = withoutUID
    }
}

/// Why a calendar could not be read: lower-case text that says what and where.
public struct CalendarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The explanation, e.g. "line 12: begin:vevent is never closed (the calendar is truncated)".
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// ICS (RFC 5545) calendars read with libical: parsing, validation and recurrence expansion.
///
/// Time zones: a TZID is resolved, in order, to UTC for the usual UTC names, to the system's zone of
/// that IANA name, to the IANA zone CLDR maps a Windows zone name to (Outlook writes "W. Europe
/// Standard Time"), to a VTIMEZONE of the same calendar, and otherwise the time is read as floating,
/// in the caller's `floatingZone` (see `ICSZoneResolver`). A local time that does not exist (clocks go forward) is read with the
/// offset before the change (02:30 → 03:30 CEST), an ambiguous one takes its first occurrence, as RFC
/// 5545 §3.3.5 says.
///
/// Recurrence: RRULE, RDATE and EXDATE give the instances; DTSTART always counts as the first one.
/// A VEVENT with RECURRENCE-ID replaces the instance of its master that starts at that time (by
/// instant) and is reported on its own, with `cancelled` set when it has STATUS:CANCELLED;
/// properties it lacks are taken from the master. With RANGE=THISANDFUTURE it also moves and
/// changes every later instance (see `ICSFutureChange`); one a newer master no longer has is dropped.
/// SECONDLY, MINUTELY and HOURLY rules with BY… parts are not expanded (libical would scan second by
/// second, for centuries when the rule never matches): only DTSTART and RDATEs count, and the UID is
/// reported in `truncated`.
public enum ICalendar {
    /// The largest calendar accepted, in bytes.
    public static let maxBytes = 10 * 1024 * 1024
    /// The most components (BEGIN lines) a calendar may have.
    public static let maxComponents = 100_000
    /// The deepest nesting of components accepted.
    public static let maxDepth = 10
    /// The most iterator steps spent on one recurrence rule.
    public static let maxStepsPerRule = 100_000
    /// The most ATTENDEE entries read of one event (the rest are only counted).
    public static let maxAttendees = 1000

    /// Parses `text` (a whole VCALENDAR) and expands every VEVENT into the occurrences that overlap `from ..< until`,
    /// times resolved with the event's TZID (with or without a VTIMEZONE in the file), UTC, or floating (read in `floatingZone`).
    public static func expand(
        _ text: String, from: EpochMillis, until: EpochMillis, floatingZone: Zone, maxOccurrencesPerEvent: Int = 1000
    ) throws(CalendarError) -> CalendarExpansion {
        try expand(
            text, from: from, until: until, floatingZone: floatingZone, maxOccurrencesPerEvent: maxOccurrencesPerEvent,
            workBudget: timeLimit)
    }

    /// `expand` with a wall-clock budget for recurrence iteration: rules still unexpanded when it runs out
    /// are cut short (their UIDs reported as truncated). It is a last resort against hostile rules that
    /// libical iterates slowly; ordinary calendars use a small fraction of it.
    static func expand(
        _ text: String, from: EpochMillis, until: EpochMillis, floatingZone: Zone, maxOccurrencesPerEvent: Int,
        workBudget: Duration, fixedSteps: Bool = true, maxSteps: Int = maxStepsPerCalendar,
        maxOccurrences: Int = maxOccurrencesPerCalendar, pieceBytes: Int = ICSPieces.pieceBytes,
        prepared: ((PreparedCalendar) -> Void)? = nil
    ) throws(CalendarError) -> CalendarExpansion {
        var text = text
        let body = try text.withUTF8 { bytes in
            Result { () throws(CalendarError) in try ICSPrescan.check(bytes) }
        }.get()
        let zone = floatingZone.resolved()
        var events: [ICSEvent] = []
        events.reserveCapacity(body.events)
        return try withParsedEvents(
            &text, prescan: body, pieceBytes: pieceBytes,
            each: { calendars, zones in ICSExpander.read(calendars, zones: zones, into: &events) },
            then: { (notes) throws(CalendarError) -> CalendarExpansion in
                let calendar = PreparedCalendar(events: events, warnings: notes.warnings, withoutUID: notes.withoutUID)
                events = []
                prepared?(calendar)
                var expander = ICSExpander(
                    clock: ICSClock(floating: zone), from: from, until: until,
                    maxPerEvent: max(0, maxOccurrencesPerEvent), maxSteps: maxSteps, maxOccurrences: maxOccurrences,
                    timeLimit: workBudget)
                expander.fixedSteps = fixedSteps
                var expansion = try expander.run(calendar.events)
                expansion.warnings = notes.warnings
                return expansion
            })
    }

    /// Checks that `bytes` is a calendar Tidings can use and returns its number of VEVENTs: for prefetch's validation.
    public static func validate(_ bytes: [UInt8]) throws(CalendarError) -> Int {
        try read(bytes).events
    }

    /// Reads `bytes` as prefetch receives them: folds that split a UTF-8 character joined (RFC 5545
    /// §3.1), then checked as UTF-8, BEGIN:VCALENDAR, the bounds (10 MiB, 100,000 components, nesting),
    /// and parsed. The text to keep is `text`, not the bytes.
    public static func read(_ bytes: [UInt8]) throws(CalendarError) -> CalendarText {
        try read(bytes, prepared: nil)
    }

    /// `read`, passing what expansion needs of the calendar to `prepared`.
    static func read(
        _ bytes: [UInt8], pieceBytes: Int = ICSPieces.pieceBytes, prepared: ((PreparedCalendar) -> Void)?
    ) throws(CalendarError) -> CalendarText {
        if bytes.count > maxBytes {
            throw CalendarError("calendar is too large: \(bytes.count) bytes, the limit is \(maxBytes) (10 mib)")
        }
        var text = try ICSUnfold.text(bytes)
        let body = try text.withUTF8 { buffer in
            Result { () throws(CalendarError) in try ICSPrescan.check(buffer) }
        }.get()
        var events: [ICSEvent] = []
        if prepared != nil { events.reserveCapacity(body.events) }
        let notes = try withParsedEvents(
            &text, prescan: body, pieceBytes: pieceBytes,
            each: { calendars, zones in
                if prepared != nil { ICSExpander.read(calendars, zones: zones, into: &events) }
            },
            then: { (notes) throws(CalendarError) -> ReadNotes in notes })
        prepared?(PreparedCalendar(events: events, warnings: notes.warnings, withoutUID: notes.withoutUID))
        return CalendarText(text: text, events: notes.events, warnings: notes.warnings, withoutUID: notes.withoutUID)
    }
}

/// libical keeps global state (builtin time zones and their caches, the error state, the memory ring
/// buffer's settings) that is not safe to touch from two threads at once: every call goes through this.
let libical = Mutex(())
