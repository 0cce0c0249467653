/// The column names of a result, shared by its rows, found without regard to case:
/// PostgreSQL folds unquoted names to lower case (`notificationid`), SQLite keeps them as
/// written (`notificationId`), and the store's code names them as the schema writes them.
public final class StoreColumns: Sendable {
    /// The names as the engine returned them.
    public let names: [String]
    private let positions: [String: Int]
    /// The positions by the names as written: found without lower-casing the name asked
    /// for, which most look-ups are (SQLite keeps the schema's names).
    private let exact: [String: Int]

    /// The columns `names`, in result order.
    public init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name.lowercased()] == nil {
            positions[name.lowercased()] = index
        }
        // A name as written maps to the first column of its lower-cased name, as the
        // lower-cased look-up would find it.
        var exact: [String: Int] = [:]
        for name in names where exact[name] == nil { exact[name] = positions[name.lowercased()] }
        self.positions = positions
        self.exact = exact
    }

    /// The position of `name`, the first of that name; nil when the result has none.
    public func position(of name: String) -> Int? { exact[name] ?? positions[name.lowercased()] }
}

/// One row of a result, read by position or by column name.
public struct StoreRow: Sendable {
    /// The result's columns.
    public let columns: StoreColumns
    /// The values, in column order.
    public let values: [StoreValue]

    /// A row of `values` under `columns`.
    public init(columns: StoreColumns, values: [StoreValue]) {
        self.columns = columns
        self.values = values
    }

    /// How many columns it has.
    public var count: Int { values.count }

    /// The value at `index`, or at the column `name` (NULL when there is no such column).
    public func value(_ index: Int) -> StoreValue { index < values.count ? values[index] : .null }

    /// The value of the column `name`; NULL when the result has no such column.
    public func value(_ name: String) -> StoreValue { columns.position(of: name).map(value) ?? .null }

    /// The value at `index` as a `T`; throws when it is not one (a NULL in a column read as
    /// non-optional, text this version does not know), naming the column.
    public func decode<T: StoreValueConvertible>(_ index: Int, as type: T.Type = T.self) throws(StoreDecodingError) -> T {
        let value = value(index)
        guard let decoded = T(storeValue: value) else {
            let name = index < columns.names.count ? columns.names[index] : "#\(index)"
            throw StoreDecodingError(column: name, value: value, type: "\(T.self)")
        }
        return decoded
    }

    /// The value of the column `name` as a `T`; throws as `decode(_:as:)` does.
    public func decode<T: StoreValueConvertible>(_ name: String, as type: T.Type = T.self) throws(StoreDecodingError) -> T {
        guard let index = columns.position(of: name) else {
            if let absent = T(storeValue: .null) { return absent }
            throw StoreDecodingError(column: name, value: .null, type: "\(T.self)")
        }
        return try decode(index, as: type)
    }
}

/// A stored value that does not read as the type asked for.
public struct StoreDecodingError: Error, Sendable, CustomStringConvertible {
    /// The column.
    public var column: String
    /// What it held.
    public var value: StoreValue
    /// The type asked for.
    public var type: String

    /// "could not read column state (text "sent") as NotificationState".
    public var description: String {
        let shown: String =
            switch value {
            case .null: "NULL"
            case .integer(let number): "integer \(number)"
            case .real(let number): "real \(number)"
            case .text(let text): "text \"\(text.prefix(60))\""
            case .blob(let bytes): "\(bytes.count) bytes"
            }
        return "could not read column \(column) (\(shown)) as \(type)"
    }
}
