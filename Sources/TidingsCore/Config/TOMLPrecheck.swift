/// Finds, before the TOML parser sees the text, what makes TOMLKit's parser (toml++ 3.x)
/// stop the program on an internal assertion instead of reporting an error: a table header
/// whose name starts with a character no key can start with (`[=`, `[[ .x]]`, `[` and a line
/// end), a `}` where an array expects a value (`[}`, `[1, }`), and bytes that are not
/// printable ASCII outside strings and comments (TOML allows them nowhere else), and a bare
/// value of ten or more characters followed by a space and a digit that is not a date and a
/// time (`1979-05-27 0`: the parser reads on as if a time followed). Found by fuzzing
/// (`scripts/fuzz config`); the inputs are kept in `fuzz/regressions/config`.
enum TOMLPrecheck {
    /// The line (1-based) and the problem of the first such header, or nil.
    static func problem(in text: String) -> (line: Int, message: String)? {
        var cursor = Cursor(Array(text.utf8))
        while !cursor.atEnd {
            if let message = cursor.step() { return (cursor.line, message) }
        }
        return nil
    }

    /// A walk over the text, byte by byte, that knows enough of TOML's shape to tell keys,
    /// values, strings, comments and table headers apart.
    private struct Cursor {
        let bytes: [UInt8]
        var index: Int
        var line = 1
        var atLineStart = true
        /// After `[` in a value or after `,`: a value (or the end of the array) must follow.
        var expectingValue = false
        /// The last byte on this line that was not white space: a quote opens a string only
        /// where a key or a value starts (a quote inside a bare word is just a wrong byte).
        var previous: UInt8?
        /// Open `[` of array values: inside one, a `[` that starts a line is a nested array,
        /// not a table header.
        var arrayDepth = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            // A byte-order mark is skipped by the parser, so a header can follow it.
            index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        var atEnd: Bool { index >= bytes.count }

        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        /// Moves past what starts at `index`: a byte, a comment, a string or a table header's
        /// brackets; returns the problem found there, if any.
        mutating func step() -> String? {
            let byte = bytes[index]
            let significant =
                !(byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r"))
            // Outside strings and comments TOML is printable ASCII (bare keys, numbers, dates,
            // punctuation); anything else is an error the parser does not always survive.
            if byte >= 0x7F || (byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r")) {
                let hex = String(byte, radix: 16, uppercase: true)
                return "unexpected byte 0x\(hex.count < 2 ? "0" + hex : hex) outside a string or comment"
            }
            if significant {
                if expectingValue && byte == UInt8(ascii: "}") { return "expected a value, found \"}\"" }
                expectingValue = byte == UInt8(ascii: ",") || (byte == UInt8(ascii: "[") && !(atLineStart && arrayDepth == 0))
            }
            switch byte {
            case UInt8(ascii: "#"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                return nil
            case UInt8(ascii: "\""),
                UInt8(ascii: "'")
            where previous.map { [UInt8(ascii: "="), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ".")].contains($0) }
                ?? true:
                skipString()
                atLineStart = false
                previous = byte
                return nil
            case UInt8(ascii: "\n"):
                line += 1
                atLineStart = true
                previous = nil
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "[") where atLineStart && arrayDepth == 0:
                if let problem = tableHeader() { return problem }
            case UInt8(ascii: "["):
                arrayDepth += 1
                atLineStart = false
            case UInt8(ascii: "]"):
                arrayDepth = max(0, arrayDepth - 1)
                atLineStart = false
            default:
                let startsValue = previous.map { [UInt8(ascii: "="), UInt8(ascii: "["), UInt8(ascii: ",")].contains($0) } ?? (arrayDepth > 0)
                if startsValue, let found = TOMLPrecheck.spacedDateTimeProblem(bytes, from: index) {
                    return "a date and a time are written 1979-05-27 07:32:00, found \(found.debugDescription)"
                }
                atLineStart = false
            }
            if significant { previous = byte }
            index += 1
            return nil
        }

        /// At the `[` of a table header: its name must start like a key. Leaves `index` on the
        /// header's last bracket (`[[` counts as one).
        private mutating func tableHeader() -> String? {
            var position = index + 1
            if position < bytes.count && bytes[position] == UInt8(ascii: "[") { position += 1 }
            while position < bytes.count && (bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")) { position += 1 }
            if position < bytes.count && !TOMLPrecheck.startsKey(bytes[position]) {
                let found = String(decoding: bytes[index...position], as: UTF8.self)
                return "a table header must start with a name, found \(found.debugDescription)"
            }
            index = position - 1
            atLineStart = false
            return nil
        }

        /// Moves past a string that starts at `index` (comments, quotes and brackets inside it
        /// mean nothing), counting its lines.
        private mutating func skipString() {
            let quote = bytes[index]
            let multiline = at(1) == quote && at(2) == quote
            index += multiline ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    guard multiline else { return }
                    line += 1
                }
                if byte == quote && (!multiline || (at(1) == quote && at(2) == quote)) {
                    index += multiline ? 3 : 1
                    return
                }
                index += 1
            }
        }
    }

    /// The value at `start` when it is one the parser cannot survive: a bare value that begins
    /// with a digit or a sign, ten or more bytes long, followed by a space and a digit, which
    /// is not `YYYY-MM-DD` and a time (`HH:MM[:SS[.fff]]`, then `Z` or `±HH:MM` or nothing).
    static func spacedDateTimeProblem(_ bytes: [UInt8], from start: Int) -> String? {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        guard isDigit(bytes[start]) || bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: "-") else { return nil }
        func runEnd(from index: Int) -> Int {
            var end = index
            while end < bytes.count, !isValueTerminator(bytes[end]) { end += 1 }
            return end
        }
        let dateEnd = runEnd(from: start)
        guard dateEnd - start >= 10, dateEnd + 1 < bytes.count, bytes[dateEnd] == UInt8(ascii: " "), isDigit(bytes[dateEnd + 1]) else { return nil }
        let timeEnd = runEnd(from: dateEnd + 1)
        let date = Array(bytes[start..<dateEnd])
        let time = Array(bytes[(dateEnd + 1)..<timeEnd])
        if matches(date, "dddd-dd-dd") && isTime(time) { return nil }
        return String(decoding: bytes[start..<timeEnd], as: UTF8.self)
    }

    /// What ends a bare value for the parser: white space, a line end, `,`, `]`, `}` or `#`.
    private static func isValueTerminator(_ byte: UInt8) -> Bool {
        [
            UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: ","), UInt8(ascii: "]"),
            UInt8(ascii: "}"), UInt8(ascii: "#"),
        ].contains(byte)
    }

    /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.f…`, then nothing, `Z` or `±HH:MM`.
    private static func isTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 5, matches(Array(bytes[0..<5]), "dd:dd") else { return false }
        var rest = bytes[5...]
        if rest.count >= 3, matches(Array(rest.prefix(3)), ":dd") {
            rest = rest.dropFirst(3)
            if rest.first == UInt8(ascii: "."), rest.count >= 2, rest.dropFirst().first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true {
                rest = rest.dropFirst().drop { $0 >= 0x30 && $0 <= 0x39 }
            }
        }
        if rest.isEmpty { return true }
        if rest.count == 1 { return rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z") }
        return rest.count == 6 && (rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-")) && matches(Array(rest.dropFirst()), "dd:dd")
    }

    /// Whether `bytes` has `pattern`'s shape: `d` a digit, any other character itself.
    private static func matches(_ bytes: [UInt8], _ pattern: String) -> Bool {
        let shape = Array(pattern.utf8)
        guard bytes.count == shape.count else { return false }
        return zip(bytes, shape).allSatisfy { byte, expected in
            expected == UInt8(ascii: "d") ? (byte >= 0x30 && byte <= 0x39) : byte == expected
        }
    }

    /// Whether a key (or the end of an empty header, which the parser reports itself) can
    /// start with `byte`: a bare-key character, a quote, or `]`.
    fileprivate static func startsKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
            true
        default:
            false
        }
    }
}
