#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A quick pass over the raw text before libical sees it: libical accepts almost anything (it turns
/// errors into X-LIC-ERROR properties, drops a truncated calendar silently, and frees nested
/// components recursively), and reports no line numbers. This pass rejects what Tidings cannot use,
/// with the line where it goes wrong.
enum ICSPrescan {
    /// What the pass learnt about a calendar that passed.
    struct Body {
        /// Bytes to skip before the first line (a UTF-8 byte order mark).
        var skip: Int
        /// BEGIN lines.
        var components: Int
        /// BEGIN:VEVENT lines.
        var events: Int
    }

    /// Checks size, NUL bytes, the first line, BEGIN/END pairs, nesting depth and the number of components.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(CalendarError) -> Body {
        if bytes.count > ICalendar.maxBytes {
            throw CalendarError(
                "calendar is too large: \(bytes.count) bytes, the limit is \(ICalendar.maxBytes) (10 mib)")
        }
        var body = Body(skip: 0, components: 0, events: 0)
        let count = bytes.count
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { body.skip = 3 }

        var stack: [(name: [UInt8], line: Int)] = []
        var sawCalendar = false
        // The logical (unfolded) line being read: only BEGIN and END lines are kept, and only their start.
        var pending: [UInt8] = []
        var pendingLine = 0
        var pendingKeep = false
        var pendingBlank = true

        func finish() throws(CalendarError) {
            defer {
                pending.removeAll(keepingCapacity: true)
                pendingKeep = false
                pendingBlank = true
            }
            if pendingLine == 0 || pendingBlank { return }
            guard pendingKeep, let colon = pending.firstIndex(of: UInt8(ascii: ":")) else {
                if stack.isEmpty {
                    throw CalendarError(
                        sawCalendar
                            ? "line \(pendingLine): text after end:vcalendar"
                            : "line \(pendingLine): the calendar does not start with begin:vcalendar")
                }
                return
            }
            let isBegin = colon == 5
            var name = Array(pending[(colon + 1)...])
            while let last = name.last, last == 0x20 || last == 0x09 { name.removeLast() }
            for index in name.indices { name[index] = upper(name[index]) }
            func shown(_ name: [UInt8]) -> String { String(decoding: name, as: UTF8.self).lowercased() }
            if isBegin {
                if stack.isEmpty && name != calendarName {
                    throw CalendarError(
                        sawCalendar
                            ? "line \(pendingLine): begin:\(shown(name)) outside begin:vcalendar … end:vcalendar"
                            : "line \(pendingLine): the calendar does not start with begin:vcalendar")
                }
                if stack.count >= ICalendar.maxDepth {
                    throw CalendarError(
                        "line \(pendingLine): components are nested more than \(ICalendar.maxDepth) deep")
                }
                body.components += 1
                if body.components > ICalendar.maxComponents {
                    throw CalendarError("line \(pendingLine): more than \(ICalendar.maxComponents) components")
                }
                if name == eventName { body.events += 1 }
                if name == calendarName { sawCalendar = true }
                stack.append((name, pendingLine))
            } else {
                guard let open = stack.last else {
                    throw CalendarError("line \(pendingLine): end:\(shown(name)) without a matching begin")
                }
                if open.name != name {
                    throw CalendarError(
                        "line \(pendingLine): end:\(shown(name)) does not close begin:\(shown(open.name)) (line \(open.line))"
                    )
                }
                stack.removeLast()
            }
        }

        guard let base = bytes.baseAddress else {
            throw CalendarError("line 1: the calendar is empty, it has no begin:vcalendar")
        }
        if let nul = memchr(base + body.skip, 0, count - body.skip) {
            let offset = base.distance(to: nul.assumingMemoryBound(to: UInt8.self))
            let line = 1 + UnsafeBufferPointer(rebasing: bytes[..<offset]).count(where: { $0 == 0x0A })
            throw CalendarError("line \(line): nul byte (not a text calendar)")
        }
        var line = 0
        var index = body.skip
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
                // A folded continuation of the pending logical line.
                if pendingKeep && pending.count < 200 {
                    pending.append(
                        contentsOf: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<min(last, index + 1 + 200)]))
                }
                if pendingBlank && bytes[(index + 1)..<last].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                    pendingBlank = false
                }
            } else {
                try finish()
                pendingLine = line
                pendingBlank = index == last
                if let first, upper(first) == 0x42 || upper(first) == 0x45 {
                    let head = UnsafeBufferPointer(rebasing: bytes[index..<min(last, index + 200)])
                    if startsWith(head, beginKeyword) || startsWith(head, endKeyword) {
                        pendingKeep = true
                        pending.append(contentsOf: head)
                    }
                }
            }
            index = end + 1
        }
        try finish()
        if let open = stack.last {
            let name = String(decoding: open.name, as: UTF8.self).lowercased()
            throw CalendarError("line \(open.line): begin:\(name) is never closed (the calendar is truncated)")
        }
        if !sawCalendar {
            throw CalendarError("line 1: the calendar is empty, it has no begin:vcalendar")
        }
        return body
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
    private static let calendarName = Array("VCALENDAR".utf8)
    private static let eventName = Array("VEVENT".utf8)

    private static func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ expected: [UInt8]) -> Bool {
        guard bytes.count >= expected.count else { return false }
        for index in expected.indices where upper(bytes[index]) != expected[index] { return false }
        return true
    }
}
