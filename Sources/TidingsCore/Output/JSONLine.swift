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
        text += JSONLine.quoted(key)
        text += ":"
    }

    /// Adds a string, or null.
    public mutating func add(_ name: String, _ value: String?) {
        key(name)
        text += value.map(JSONLine.quoted) ?? "null"
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

    /// `value` as a JSON string literal.
    public static func quoted(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
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
