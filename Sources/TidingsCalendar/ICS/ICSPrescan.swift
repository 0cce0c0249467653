import TidingsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A quick pass over the raw text before libical sees it: libical accepts almost anything (it turns
/// errors into X-LIC-ERROR properties, drops a truncated calendar silently, and frees nested
/// components recursively), and reports no line numbers. This pass rejects what Tidings cannot use,
/// with the line where it goes wrong, and marks what libical should not see: text after
/// END:VCALENDAR, and a component whose END does not match its BEGIN (a misspelled `END:VEVNT`), so
/// that the rest of the calendar is still read.
enum ICSPrescan {
    /// The most problems kept of one calendar; the rest are only counted.
    static let maxProblems = 20

    /// What the pass learnt about a calendar that passed.
    struct Body {
        /// Bytes to skip before the first line (a UTF-8 byte order mark).
        var skip: Int
        /// BEGIN lines.
        var components: Int
        /// BEGIN:VEVENT lines.
        var events: Int
        /// BEGIN:VCALENDAR lines.
        var calendars = 0
        /// The byte ranges of the VEVENTs directly in a VCALENDAR, from BEGIN to the end of the END
        /// line, in order: where a large calendar can be cut into pieces (see `ICSPieces`).
        var eventRanges: [Range<Int>] = []
        /// Byte ranges libical must not see, in order and disjoint.
        var dropped: [Range<Int>] = []
        /// What was dropped and why, lower-case: the first `maxProblems`.
        var problems: [String] = []
        /// How many problems there were, also those past `maxProblems`.
        var problemCount = 0
        /// Whether a component was dropped (not only text after END:VCALENDAR).
        var droppedComponent = false

        mutating func report(_ problem: String) {
            problemCount += 1
            if problems.count < ICSPrescan.maxProblems { problems.append(problem) }
        }

        /// Drops `range`, which ends after every range dropped so far and may contain some of them.
        mutating func drop(_ range: Range<Int>) {
            while let last = dropped.last, last.lowerBound >= range.lowerBound { dropped.removeLast() }
            if let last = dropped.last, last.upperBound >= range.lowerBound {
                dropped[dropped.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                dropped.append(range)
            }
        }
    }

    /// An open component: its name, the line and byte offset of its BEGIN, and the UID and SUMMARY read in it.
    private struct Open {
        var name: [UInt8]
        var line: Int
        var offset: Int
        var uid: String?
        var summary: String?
    }

    private enum Kind { case begin, end, uid, summary }

    /// Checks size, NUL bytes, the first line, BEGIN/END pairs, nesting depth and the number of
    /// components: the raw bytes first, then line by line, then what is left open at the end.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(CalendarError) -> Body {
        if bytes.count > ICalendar.maxBytes {
            throw CalendarError(
                "calendar is too large: \(bytes.count) bytes, the limit is \(ICalendar.maxBytes) (10 mib)")
        }
        guard let base = bytes.baseAddress else {
            throw CalendarError("line 1: the calendar is empty, it has no begin:vcalendar")
        }
        var scanner = Scanner()
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { scanner.body.skip = 3 }
        let count = bytes.count
        let skip = scanner.body.skip
        if let nul = memchr(base + skip, 0, count - skip) {
            let offset = base.distance(to: nul.assumingMemoryBound(to: UInt8.self))
            let line = 1 + UnsafeBufferPointer(rebasing: bytes[..<offset]).count(where: { $0 == 0x0A })
            throw CalendarError("line \(line): nul byte (not a text calendar)")
        }
        var line = 0
        var index = skip
        while index < count {
            line += 1
            let end =
                memchr(base + index, 0x0A, count - index).map {
                    base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                } ?? count
            var last = end
            if last > index && bytes[last - 1] == 0x0D { last -= 1 }
            let first = index < last ? bytes[index] : nil
            if first == 0x20 || first == 0x09 {
                scanner.continueLine(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<last]))
            } else {
                try scanner.finishLine()
                scanner.startLine(UnsafeBufferPointer(rebasing: bytes[index..<last]), number: line, at: index)
            }
            scanner.pendingEnd = min(end + 1, count)
            index = end + 1
        }
        try scanner.finishLine()
        return try scanner.close()
    }

    /// The state of the pass between lines: the components open, and the logical (unfolded)
    /// line being read, of which only BEGIN, END, UID and SUMMARY lines are kept, and only
    /// their start.
    private struct Scanner {
        var body = Body(skip: 0, components: 0, events: 0)
        var stack: [Open] = []
        var sawCalendar = false
        var trailingLine: Int?
        var pending: [UInt8] = []
        var pendingLine = 0
        var pendingKind: Kind?
        var pendingBlank = true
        var pendingStart = 0
        var pendingEnd = 0

        /// A new logical line, `text` without its line break, line `number` at byte `offset`.
        mutating func startLine(_ text: UnsafeBufferPointer<UInt8>, number: Int, at offset: Int) {
            pendingLine = number
            pendingStart = offset
            pendingBlank = text.isEmpty
            guard let first = text.first, let lineKind = ICSPrescan.kind(of: upper(first)) else { return }
            let head = UnsafeBufferPointer(rebasing: text[..<min(text.count, 200)])
            if lineKind.keywords.contains(where: { startsWith(head, $0) }) {
                pendingKind = lineKind.kind
                pending.append(contentsOf: head)
            }
        }

        /// A folded continuation of the pending logical line, without its leading white space.
        mutating func continueLine(_ text: UnsafeBufferPointer<UInt8>) {
            if pendingKind != nil && pending.count < 200 {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<min(text.count, 200)]))
            }
            if pendingBlank && text.contains(where: { $0 != 0x20 && $0 != 0x09 }) { pendingBlank = false }
        }

        /// Takes the pending logical line into account.
        mutating func finishLine() throws(CalendarError) {
            defer {
                pending.removeAll(keepingCapacity: true)
                pendingKind = nil
                pendingBlank = true
            }
            if pendingLine == 0 || pendingBlank { return }
            let colon = pending.firstIndex(of: UInt8(ascii: ":"))
            var name = colon.map { Array(pending[($0 + 1)...]) } ?? []
            while let last = name.last, last == 0x20 || last == 0x09 { name.removeLast() }
            if stack.isEmpty {
                if sawCalendar && !(pendingKind == .begin && name.map(upper) == calendarName) {
                    // Text after END:VCALENDAR (a cache comment some servers append): ignored, as
                    // everything up to the next BEGIN:VCALENDAR.
                    if trailingLine == nil {
                        trailingLine = pendingLine
                        body.report("line \(pendingLine): text after end:vcalendar ignored")
                    }
                    body.drop(pendingStart..<pendingEnd)
                    return
                }
                guard pendingKind == .begin, colon != nil, name.map(upper) == calendarName else {
                    throw CalendarError("line \(pendingLine): the calendar does not start with begin:vcalendar")
                }
            }
            guard let kind = pendingKind, colon != nil else { return }
            switch kind {
            case .uid, .summary: property(kind, String(decoding: name, as: UTF8.self))
            case .begin: try begin(name.map(upper))
            case .end: end(name.map(upper))
            }
        }

        /// The first UID or SUMMARY of the innermost open component.
        private mutating func property(_ kind: Kind, _ value: String) {
            guard !value.isEmpty else { return }
            let open = stack.count - 1
            if kind == .uid, stack[open].uid == nil { stack[open].uid = value }
            if kind == .summary, stack[open].summary == nil { stack[open].summary = value }
        }

        private mutating func begin(_ name: [UInt8]) throws(CalendarError) {
            if stack.count >= ICalendar.maxDepth {
                throw CalendarError("line \(pendingLine): components are nested more than \(ICalendar.maxDepth) deep")
            }
            body.components += 1
            if body.components > ICalendar.maxComponents {
                throw CalendarError("line \(pendingLine): more than \(ICalendar.maxComponents) components")
            }
            if name == eventName { body.events += 1 }
            if name == calendarName {
                body.calendars += 1
                sawCalendar = true
                trailingLine = nil
            }
            stack.append(Open(name: name, line: pendingLine, offset: pendingStart))
        }

        /// An END closes its component; one that does not match is skipped with what it spoils.
        private mutating func end(_ name: [UInt8]) {
            let open = stack.count - 1
            if stack[open].name == name {
                if open == 1 && name == eventName { body.eventRanges.append(stack[open].offset..<pendingEnd) }
                stack.removeLast()
            } else if let match = stack.lastIndex(where: { $0.name == name }) {
                // END of an outer component: those opened inside it were never closed.
                body.report(
                    "\(named(match + 1)): begin:\(shown(stack[match + 1].name)) is never closed before end:\(shown(name)) (line \(pendingLine)), skipped"
                )
                body.drop(stack[match + 1].offset..<pendingStart)
                body.droppedComponent = true
                body.events -= stack[(match + 1)...].count(where: { $0.name == eventName })
                stack.removeLast(stack.count - match)
            } else if stack.count == 1 {
                // A stray END in the calendar itself: only that line goes.
                body.report("line \(pendingLine): end:\(shown(name)) without a matching begin ignored")
                body.drop(pendingStart..<pendingEnd)
            } else {
                // A misspelled END (END:VEVNT) closes the open component, which is skipped.
                body.report(
                    "\(named(open)): end:\(shown(name)) (line \(pendingLine)) does not close begin:\(shown(stack[open].name)), skipped"
                )
                body.drop(stack[open].offset..<pendingEnd)
                body.droppedComponent = true
                if stack[open].name == eventName { body.events -= 1 }
                stack.removeLast()
            }
        }

        /// The result, unless a component is left open or there was no calendar at all.
        func close() throws(CalendarError) -> Body {
            if let open = stack.last {
                throw CalendarError("line \(open.line): begin:\(shown(open.name)) is never closed (the calendar is truncated)")
            }
            if !sawCalendar { throw CalendarError("line 1: the calendar is empty, it has no begin:vcalendar") }
            return body
        }

        private func shown(_ name: [UInt8]) -> String { String(decoding: name, as: UTF8.self).lowercased() }

        /// "event "Standup" (line 12)", "valarm of event "Standup" (line 14)", "vtimezone (line 3)".
        private func named(_ depth: Int) -> String {
            let open = stack[depth]
            let event = stack[...depth].last(where: { $0.name == eventName })
            let title = (event?.uid ?? event?.summary).map { "\"\(TextSanitizer.clean($0).leading(80))\"" }
            let kind = open.name == eventName ? "event" : shown(open.name)
            switch (open.name == eventName, title) {
            case (true, let title?): return "event \(title) (line \(open.line))"
            case (false, let title?): return "\(kind) of event \(title) (line \(open.line))"
            case (_, nil): return "\(kind) (line \(open.line))"
            }
        }
    }

    /// The kinds of line that start with `first` (upper-cased), and how they start.
    private static func kind(of first: UInt8) -> (kind: Kind, keywords: [[UInt8]])? {
        switch first {
        case 0x42: (.begin, [beginKeyword])
        case 0x45: (.end, [endKeyword])
        case 0x55: (.uid, uidKeywords)
        case 0x53: (.summary, summaryKeywords)
        default: nil
        }
    }

    /// The error for bytes that are not UTF-8, naming the first bad byte and its line.
    static func utf8Error(_ bytes: [UInt8]) -> CalendarError {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: break loop
            case .emptyInput: break loop
            }
        }
        let line = 1 + bytes[..<min(offset, bytes.count)].count(where: { $0 == 0x0A })
        return CalendarError("line \(line): the calendar is not valid utf-8 (byte \(offset))")
    }

    private static let beginKeyword = Array("BEGIN:".utf8)
    private static let endKeyword = Array("END:".utf8)
    private static let uidKeywords = [Array("UID:".utf8), Array("UID;".utf8)]
    private static let summaryKeywords = [Array("SUMMARY:".utf8), Array("SUMMARY;".utf8)]
    private static let calendarName = Array("VCALENDAR".utf8)
    private static let eventName = Array("VEVENT".utf8)

    private static func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ expected: [UInt8]) -> Bool {
        guard bytes.count >= expected.count else { return false }
        for index in expected.indices where upper(bytes[index]) != expected[index] { return false }
        return true
    }
}
