import CICal
import TidingsCore

/// The events of a prepared form, field by field as `ICSEvent` holds them.
extension PreparedWriter {
    /// Writes `event`; false when it holds what only its parsed calendar can (a VTIMEZONE's
    /// zone, an RSCALE rule).
    mutating func event(_ event: ICSEvent) -> Bool {
        int(Int64(event.index))
        optional(event.uid)
        guard optionalTime(event.start), optionalTime(event.end), optionalTime(event.recurrenceID) else { return false }
        flag(event.duration != nil)
        if let duration = event.duration { self.duration(duration) }
        flag(event.thisAndFuture)
        flag(event.stamp != nil)
        if let stamp = event.stamp { int(stamp) }
        int32(Int32(event.rules.count))
        for rule in event.rules {
            guard let compact = rule.compact else { return false }
            bytes.append(contentsOf: compact)
        }
        guard times(event.rdates), times(event.exdates) else { return false }
        int32(Int32(event.rdatePeriods.count))
        for period in event.rdatePeriods {
            int(Int64(period.index))
            guard optionalTime(period.end) else { return false }
            flag(period.duration != nil)
            if let duration = period.duration { self.duration(duration) }
        }
        for text in [event.summary, event.location, event.description, event.url, event.organizer] { optional(text) }
        strings(event.conference)
        strings(event.googleConference)
        flag(event.attendees != nil)
        if let attendees = event.attendees {
            int32(Int32(attendees.count))
            for attendee in attendees {
                string(attendee.address)
                optional(attendee.partstat)
            }
        }
        int(Int64(event.attendeeCount))
        byte(event.cancelled.map { $0 ? 1 : 0 } ?? 2)
        int(Int64(event.sequence))
        int32(Int32(event.alarms.count))
        for alarm in event.alarms {
            switch alarm {
            case .fromStart(let seconds):
                byte(0)
                int(seconds)
            case .fromEnd(let seconds):
                byte(1)
                int(seconds)
            case .at(let time):
                byte(2)
                guard self.time(time) else { return false }
            }
        }
        return true
    }

    private mutating func time(_ time: ICSTime) -> Bool {
        int(time.wall)
        flag(time.isDate)
        switch time.frame {
        case .utc: byte(0)
        case .floating: byte(1)
        case .named(let zone):
            byte(2)
            string(zone.identifier)
        case .zone: return false
        }
        return true
    }

    private mutating func optionalTime(_ value: ICSTime?) -> Bool {
        flag(value != nil)
        return value.map { time($0) } ?? true
    }

    private mutating func times(_ values: [ICSTime]) -> Bool {
        int32(Int32(values.count))
        return values.allSatisfy { time($0) }
    }
}

extension PreparedReader {
    /// Reads an event; `zones` keeps each named zone once, with its offsets remembered.
    mutating func event(zones: inout [String: Zone]) throws(PreparedDamage) -> ICSEvent {
        var event = ICSEvent(index: Int(try int()))
        event.uid = try optional()
        event.start = try optionalTime(&zones)
        event.end = try optionalTime(&zones)
        event.recurrenceID = try optionalTime(&zones)
        if try flag() { event.duration = try duration() }
        event.thisAndFuture = try flag()
        if try flag() { event.stamp = try int() }
        for _ in 0..<(try count(minimumSize: 8)) {
            let start = at
            _ = try rule()
            event.rules.append(ICSRule(compact: Array(bytes[start..<at])))
        }
        for _ in 0..<(try count(minimumSize: 10)) { event.rdates.append(try time(&zones)) }
        for _ in 0..<(try count(minimumSize: 10)) { event.exdates.append(try time(&zones)) }
        for _ in 0..<(try count(minimumSize: 10)) {
            let index = Int(try int())
            guard index >= 0, index < event.rdates.count else { throw PreparedDamage(reason: "period of rdate \(index)") }
            let end = try optionalTime(&zones)
            event.rdatePeriods.append(ICSRDatePeriod(index: index, end: end, duration: try flag() ? try duration() : nil))
        }
        event.summary = try optional()
        event.location = try optional()
        event.description = try optional()
        event.url = try optional()
        event.organizer = try optional()
        event.conference = try strings()
        event.googleConference = try strings()
        if try flag() {
            var attendees: [CalendarAttendee] = []
            for _ in 0..<(try count(minimumSize: 5)) {
                attendees.append(CalendarAttendee(address: try string(), partstat: try optional()))
            }
            event.attendees = attendees
        }
        event.attendeeCount = Int(try int())
        switch try byte() {
        case 0: event.cancelled = false
        case 1: event.cancelled = true
        case 2: event.cancelled = nil
        case let other: throw PreparedDamage(reason: "status mark \(other)")
        }
        event.sequence = Int(try int())
        for _ in 0..<(try count(minimumSize: 9)) {
            switch try byte() {
            case 0: event.alarms.append(.fromStart(try int()))
            case 1: event.alarms.append(.fromEnd(try int()))
            case 2: event.alarms.append(.at(try time(&zones)))
            case let other: throw PreparedDamage(reason: "alarm mark \(other)")
            }
        }
        return event
    }

    private mutating func time(_ zones: inout [String: Zone]) throws(PreparedDamage) -> ICSTime {
        let wall = try int()
        let isDate = try flag()
        switch try byte() {
        case 0: return ICSTime(wall: wall, isDate: isDate, frame: .utc)
        case 1: return ICSTime(wall: wall, isDate: isDate, frame: .floating)
        case 2:
            let name = try string()
            if let zone = zones[name] { return ICSTime(wall: wall, isDate: isDate, frame: .named(zone)) }
            // A zone the system no longer knows: the ICS is read again, and resolves it as it can.
            guard ICSZoneResolver.isSafeZoneName(name), let zone = Zone(identifier: name)?.resolved() else {
                throw PreparedDamage(reason: "unknown zone \(name)")
            }
            zones[name] = zone
            return ICSTime(wall: wall, isDate: isDate, frame: .named(zone))
        case let other: throw PreparedDamage(reason: "frame mark \(other)")
        }
    }

    private mutating func optionalTime(_ zones: inout [String: Zone]) throws(PreparedDamage) -> ICSTime? {
        try flag() ? try time(&zones) : nil
    }
}
