/// What a statement returned: its columns, its rows (copied out of libpq's result) and the
/// number of rows an INSERT, UPDATE or DELETE changed.
public struct PostgresResult: Sendable {
    /// The column names, in order.
    public let columns: [String]
    /// The rows, in the order the server sent them.
    public let rows: [PostgresRow]
    /// The rows the command changed (PQcmdTuples), 0 for a command that reports none.
    public let affectedRows: Int

    /// The first row, nil when there is none.
    public var first: PostgresRow? { rows.first }
}

/// One row of a result, read by column index or name as typed values.
public struct PostgresRow: Sendable {
    /// The column names, in order (shared by every row of a result).
    public let columns: [String]
    /// The values, one per column.
    public let values: [PostgresValue]

    /// The value of column `index` (0-based).
    public subscript(index: Int) -> PostgresValue { values[index] }

    /// The value of the column named `name` (the first of that name).
    /// - Throws: `PostgresError` (`.value`) when the row has no such column.
    public func value(_ name: String) throws(PostgresError) -> PostgresValue {
        guard let index = columns.firstIndex(of: name) else {
            throw PostgresError(.value, message: "no column \(name) in a result of \(columns.joined(separator: ", "))")
        }
        return values[index]
    }

    /// Column `name` as an integer; nil when it is NULL.
    /// - Throws: `PostgresError` when the column is missing or holds another type.
    public func int64(_ name: String) throws(PostgresError) -> Int64? { try typed(name, "an integer") { $0.int64 } }
    /// Column `name` as text; nil when it is NULL.
    public func string(_ name: String) throws(PostgresError) -> String? { try typed(name, "text") { $0.string } }
    /// Column `name` as a double (an integer column converted); nil when it is NULL.
    public func double(_ name: String) throws(PostgresError) -> Double? { try typed(name, "a number") { $0.double } }
    /// Column `name` as a boolean; nil when it is NULL.
    public func bool(_ name: String) throws(PostgresError) -> Bool? { try typed(name, "a boolean") { $0.bool } }

    private func typed<T>(_ name: String, _ what: String, _ read: (PostgresValue) -> T?) throws(PostgresError) -> T? {
        let value = try value(name)
        if value.isNull { return nil }
        guard let typed = read(value) else { throw PostgresError(.value, message: "column \(name) holds \(value), not \(what)") }
        return typed
    }
}
