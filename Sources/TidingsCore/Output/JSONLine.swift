/// Writes one JSON object with its keys in the order given, for output that people read
/// and scripts parse (JSON lines, report documents).
public struct JSONLine: Sendable {
    private var text = "{"
    private var empty = true

    /// Starts an empty object.
    public init() {}

    /// Continues `object`, an object written with this type, so that more keys follow its own.
    public init(continuing object: String) {
        guard object.hasPrefix("{"), object.hasSuffix("}") else { return }
        text = String(object.dropLast())
        empty = object == "{}"
    }

    private mutating func key(_ key: String) {
        if !empty { text += "," }
        empty = false
        appendQuoted(key)
        text += ":"
    }

    /// Appends `value` as a string literal, in place when it has nothing to escape.
    private mutating func appendQuoted(_ value: String) {
        if JSONLine.needsNoEscape(value) {
            text += "\""
            text += value
            text += "\""
        } else {
            text += JSONLine.quoted(value)
        }
    }

    /// Adds a string, or null.
    public mutating func add(_ name: String, _ value: String?) {
        key(name)
        if let value { appendQuoted(value) } else { text += "null" }
    }

    /// Adds a word of the vocabulary (a state, a kind) as the text the database stores, or null.
    public mutating func add(_ name: String, _ value: (some VocabularyWord)?) {
        add(name, value?.description)
    }

    /// Adds an integer, or null.
    public mutating func add(_ name: String, _ value: Int64?) {
        key(name)
        text += value.map { String($0) } ?? "null"
    }

    /// Adds an integer.
    public mutating func add(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    /// Adds a number, or null; NaN and infinities become null too.
    public mutating func add(_ name: String, _ value: Double?) {
        key(name)
        if let value, value.isFinite { text += JSONLine.exact(value) } else { text += "null" }
    }

    /// Adds a Boolean.
    public mutating func add(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    /// Adds already encoded JSON (an object or array written with this type).
    public mutating func add(_ name: String, json: String) {
        key(name)
        text += json
    }

    /// The finished object.
    public var string: String { text + "}" }

    /// `value` as a JSON string literal. Text with nothing to escape, as most is, is copied
    /// whole; otherwise its UTF-8 is escaped byte by byte (every byte of a multi-byte
    /// character is 0x80 or above, so only ASCII and the two line separators need a look).
    public static func quoted(_ value: String) -> String {
        if needsNoEscape(value) { return "\"" + value + "\"" }
        let utf8 = value.utf8
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(utf8.count + 16)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20: out += Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            case 0xE2 where utf8[index...].starts(with: [0x80, 0xA8]) || utf8[index...].starts(with: [0x80, 0xA9]):
                // U+2028 and U+2029 end a line in JavaScript.
                out += Array("\\u202".utf8) + [utf8[utf8.index(after: index)] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")]
                index = utf8.index(index, offsetBy: 2)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `value` holds no byte that may need escaping, as most text does.
    private static func needsNoEscape(_ value: String) -> Bool {
        let utf8 = value.utf8
        return utf8.withContiguousStorageIfAvailable { !$0.contains(where: needsEscape) } ?? !utf8.contains(where: needsEscape)
    }

    /// Whether a byte of UTF-8 may need escaping: a control, a quote, a backslash, or the
    /// first byte of U+2028 or U+2029.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The shortest text that reads back as exactly `value`: `1`, `0.5`, `0.6666666666666666`.
    public static func exact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// A short decimal for people, six places at most: `0.5`, `1`, `0.333333`.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format6: value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

extension String {
    /// `value` with six decimals, without Foundation's locale-aware formatting.
    init(format6 value: Double) {
        let scaled = (abs(value) * 1_000_000).rounded()
        let whole = Int64(scaled / 1_000_000)
        let fraction = Int64(scaled.truncatingRemainder(dividingBy: 1_000_000))
        let digits = String(fraction)
        self = (value < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 6 - digits.count) + digits
    }
}

/// Writes a JSON array of already encoded elements.
public func jsonArray(_ elements: [String]) -> String { "[" + elements.joined(separator: ",") + "]" }
