/// Any JSON value, as a content item's free-form `data` carries it: read whole and written
/// back as compact JSON (an object's keys may come back in another order).
public indirect enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int64)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Equal when written the same.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.compact == rhs.compact }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            self = .object(try container.allKeys.map { key in (key.stringValue, try container.decode(JSONValue.self, forKey: key)) })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// The value as compact JSON text.
    public var compact: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .number(let value): JSONLine.exact(value)
        case .string(let value): JSONLine.quoted(value)
        case .array(let elements): jsonArray(elements.map(\.compact))
        case .object(let members):
            "{" + members.map { JSONLine.quoted($0.key) + ":" + $0.value.compact }.joined(separator: ",") + "}"
        }
    }
}

/// The checks a content item's `data` passes before a notification carries it: a JSON object
/// of at most `maxBytes` bytes. What fails is dropped (with a warning), never the plan.
public enum ContentData {
    /// The largest `data` kept, in bytes of compact JSON: 4 KB.
    public static let maxBytes = 4096

    /// Why `data` (compact JSON text) is not kept; nil when it is.
    public static func problem(_ data: String) -> String? {
        guard data.hasPrefix("{") else { return "not a JSON object" }
        let size = data.utf8.count
        guard size <= maxBytes else { return "larger than \(maxBytes) bytes (\(size))" }
        return nil
    }

    /// `data` when it is kept, else nil.
    public static func accepted(_ data: String?) -> String? {
        guard let data, problem(data) == nil else { return nil }
        return data
    }
}
