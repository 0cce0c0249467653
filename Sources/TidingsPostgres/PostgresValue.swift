import Foundation

/// A parameter sent to PostgreSQL or a value read back: the types Tidings stores.
/// Parameters travel as text (`$1`, `$2`, …); a `Data` as bytea's hex form.
public enum PostgresValue: Sendable, Equatable, Hashable {
    /// SQL NULL.
    case null
    /// A bigint (int2, int4 and int8 columns read back as this).
    case integer(Int64)
    /// A double precision (float4 and float8 columns read back as this).
    case double(Double)
    /// A boolean.
    case boolean(Bool)
    /// Text (and every type read back that has no case of its own, in its text form).
    case text(String)
    /// A bytea.
    case bytes(Data)

    /// The integer, nil for another case.
    public var int64: Int64? { if case .integer(let value) = self { value } else { nil } }
    /// The double (an integer converted), nil for another case.
    public var double: Double? {
        switch self {
        case .double(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
    /// The boolean, nil for another case.
    public var bool: Bool? { if case .boolean(let value) = self { value } else { nil } }
    /// The text, nil for another case.
    public var string: String? { if case .text(let value) = self { value } else { nil } }
    /// The bytes, nil for another case.
    public var data: Data? { if case .bytes(let value) = self { value } else { nil } }
    /// Whether it is NULL.
    public var isNull: Bool { self == .null }

    /// `value`, or NULL when it is nil.
    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    /// `value`, or NULL when it is nil.
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// `value`, or NULL when it is nil.
    public init(_ value: Double?) { self = value.map { .double($0) } ?? .null }
    /// `value`, or NULL when it is nil.
    public init(_ value: Bool?) { self = value.map { .boolean($0) } ?? .null }
    /// `value`, or NULL when it is nil.
    public init(_ value: Data?) { self = value.map { .bytes($0) } ?? .null }

    /// The parameter's type OID for PQexecParams: text is left to the server to infer (0), so
    /// that a string fills a timestamptz or jsonb column as it would in SQL. An integer is an
    /// int8: it fills and compares with any integer column, but a function that takes an
    /// integer (int4) needs a cast (`pg_terminate_backend($1::integer)`).
    var parameterType: UInt32 {
        switch self {
        case .null, .text: 0
        case .integer: PostgresType.int8
        case .double: PostgresType.float8
        case .boolean: PostgresType.bool
        case .bytes: PostgresType.bytea
        }
    }

    /// The parameter's text form, nil for NULL.
    var parameterText: String? {
        switch self {
        case .null: nil
        case .integer(let value): String(value)
        case .double(let value):
            value.isNaN ? "NaN" : value == .infinity ? "Infinity" : value == -.infinity ? "-Infinity" : "\(value)"
        case .boolean(let value): value ? "t" : "f"
        case .text(let value): value
        case .bytes(let value): "\\x" + value.map { String(format: "%02x", $0) }.joined()
        }
    }
}

extension PostgresValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByStringLiteral
{
    /// NULL.
    public init(nilLiteral: ()) { self = .null }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A double.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// Text.
    public init(stringLiteral value: String) { self = .text(value) }
}

/// The type OIDs the client reads and writes (pg_type.oid, fixed for the built-in types).
enum PostgresType {
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let int8: UInt32 = 20
    static let int2: UInt32 = 21
    static let int4: UInt32 = 23
    static let oid: UInt32 = 26
    static let float4: UInt32 = 700
    static let float8: UInt32 = 701

    /// The value of a column of type `type` whose text form is `text`; nil when the text is
    /// not what the type's output function writes.
    static func decode(_ text: String, type: UInt32) -> PostgresValue? {
        switch type {
        case int2, int4, int8, oid: Int64(text).map { .integer($0) }
        case float4, float8: decodeDouble(text).map { .double($0) }
        case bool: text == "t" ? .boolean(true) : text == "f" ? .boolean(false) : nil
        case bytea: decodeHex(text).map { .bytes($0) }
        default: .text(text)
        }
    }

    private static func decodeDouble(_ text: String) -> Double? {
        switch text {
        case "NaN": .nan
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        default: Double(text)
        }
    }

    /// bytea's hex output (`\x0aff`, the server's default since 9.0).
    private static func decodeHex(_ text: String) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, digits.starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "x")]) else { return nil }
        var data = Data(capacity: digits.count / 2 - 1)
        var index = 2
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
