import Foundation

/// A value as both store engines keep it: SQLite's five storage classes, which PostgreSQL's
/// `bigint`, `double precision`, `text` and `bytea` columns hold alike. Booleans are integers
/// (0 and 1) on both, as the schema has always stored them.
public enum StoreValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Whether it is SQL NULL.
    public var isNull: Bool { self == .null }
}

/// A Swift type a store column holds: written as a `StoreValue`, read back from one. Reading
/// gives nil for a value of another type, or text this version does not know.
public protocol StoreValueConvertible {
    /// The value to store.
    var storeValue: StoreValue { get }
    /// The value read back; nil when `value` is not one of this type.
    init?(storeValue value: StoreValue)
}

extension Int64: StoreValueConvertible {
    /// An integer.
    public var storeValue: StoreValue { .integer(self) }
    /// An integer; a real with no fraction also reads as one.
    public init?(storeValue value: StoreValue) {
        switch value {
        case .integer(let number): self = number
        case .real(let number) where number.rounded() == number && abs(number) < 9.2e18: self = Int64(number)
        default: return nil
        }
    }
}

extension Int: StoreValueConvertible {
    /// An integer.
    public var storeValue: StoreValue { .integer(Int64(self)) }
    /// An integer.
    public init?(storeValue value: StoreValue) {
        guard let number = Int64(storeValue: value) else { return nil }
        self = Int(number)
    }
}

extension Bool: StoreValueConvertible {
    /// 1 or 0.
    public var storeValue: StoreValue { .integer(self ? 1 : 0) }
    /// Any integer but 0 is true.
    public init?(storeValue value: StoreValue) {
        guard let number = Int64(storeValue: value) else { return nil }
        self = number != 0
    }
}

extension Double: StoreValueConvertible {
    /// A real.
    public var storeValue: StoreValue { .real(self) }
    /// A real, or an integer widened.
    public init?(storeValue value: StoreValue) {
        switch value {
        case .real(let number): self = number
        case .integer(let number): self = Double(number)
        default: return nil
        }
    }
}

extension String: StoreValueConvertible {
    /// Text.
    public var storeValue: StoreValue { .text(self) }
    /// Text only: a number is not read as its digits.
    public init?(storeValue value: StoreValue) {
        guard case .text(let text) = value else { return nil }
        self = text
    }
}

extension Data: StoreValueConvertible {
    /// Bytes.
    public var storeValue: StoreValue { .blob(Array(self)) }
    /// Bytes.
    public init?(storeValue value: StoreValue) {
        guard case .blob(let bytes) = value else { return nil }
        self = Data(bytes)
    }
}

extension Optional: StoreValueConvertible where Wrapped: StoreValueConvertible {
    /// NULL for nil.
    public var storeValue: StoreValue { self?.storeValue ?? .null }
    /// nil for NULL; a value of another type does not read.
    public init?(storeValue value: StoreValue) {
        if value.isNull {
            self = .none
        } else if let wrapped = Wrapped(storeValue: value) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}

extension StoreValueConvertible where Self: RawRepresentable, RawValue == String {
    /// The raw text.
    public var storeValue: StoreValue { .text(rawValue) }
    /// The case whose raw value is the text; nil for text this version does not know.
    public init?(storeValue value: StoreValue) {
        guard case .text(let text) = value else { return nil }
        self.init(rawValue: text)
    }
}
