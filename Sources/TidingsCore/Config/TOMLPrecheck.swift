/// Finds, before the TOML parser sees the text, what makes TOMLKit's parser (toml++ 3.x)
/// stop the program on an internal assertion instead of reporting an error: a table header
/// whose name starts with a character no key can start with (`[=`, `[[ .x]]`, `[` and a line
/// end), a `}` where an array expects a value (`[}`, `[1, }`), and bytes that are not
/// printable ASCII outside strings and comments (TOML allows them nowhere else). Found by fuzzing
/// (`scripts/fuzz config`); the inputs are kept in `fuzz/regressions/config`.
enum TOMLPrecheck {
    /// The line (1-based) and the problem of the first such header, or nil.
    static func problem(in text: String) -> (line: Int, message: String)? {
        let bytes = Array(text.utf8)
        var line = 1
        var atLineStart = true
        // After `[` in a value or after `,`: a value (or the end of the array) must follow.
        var expectingValue = false
        // The last byte on this line that was not white space: a quote opens a string only
        // where a key or a value starts (a quote inside a bare word is just a wrong byte).
        var previous: UInt8?
        // Open `[` of array values: inside one, a `[` that starts a line is a nested array,
        // not a table header.
        var arrayDepth = 0
        // A byte-order mark is skipped by the parser, so a header can follow it.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        /// Moves past a string that starts at `index` (comments, quotes and brackets inside it
        /// mean nothing), counting its lines.
        func skipString() {
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
        while index < bytes.count {
            let byte = bytes[index]
            let significant = !(byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r"))
            // Outside strings and comments TOML is printable ASCII (bare keys, numbers, dates,
            // punctuation); anything else is an error the parser does not always survive.
            if byte >= 0x7F || (byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r")) {
                let hex = String(byte, radix: 16, uppercase: true)
                return (line, "unexpected byte 0x\(hex.count < 2 ? "0" + hex : hex) outside a string or comment")
            }
            if significant {
                if expectingValue && byte == UInt8(ascii: "}") {
                    return (line, "expected a value, found \"}\"")
                }
                expectingValue = byte == UInt8(ascii: ",") || (byte == UInt8(ascii: "[") && !(atLineStart && arrayDepth == 0))
            }
            switch byte {
            case UInt8(ascii: "#"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "'")
                where previous.map { [UInt8(ascii: "="), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ".")].contains($0) } ?? true:
                skipString()
                atLineStart = false
                previous = byte
                continue
            case UInt8(ascii: "\n"):
                line += 1
                atLineStart = true
                previous = nil
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "[") where atLineStart && arrayDepth == 0:
                var position = index + 1
                if position < bytes.count && bytes[position] == UInt8(ascii: "[") { position += 1 }
                while position < bytes.count && (bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")) { position += 1 }
                if position < bytes.count && !startsKey(bytes[position]) {
                    let found = String(decoding: bytes[index...position], as: UTF8.self)
                    return (line, "a table header must start with a name, found \(found.debugDescription)")
                }
                // Past the header's own brackets: `[[` counts as one.
                index = position - 1
                atLineStart = false
            case UInt8(ascii: "["):
                arrayDepth += 1
                atLineStart = false
            case UInt8(ascii: "]"):
                arrayDepth = max(0, arrayDepth - 1)
                atLineStart = false
            default:
                atLineStart = false
            }
            if significant { previous = byte }
            index += 1
        }
        return nil
    }

    /// Whether a key (or the end of an empty header, which the parser reports itself) can
    /// start with `byte`: a bare-key character, a quote, or `]`.
    private static func startsKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
            true
        default:
            false
        }
    }
}
