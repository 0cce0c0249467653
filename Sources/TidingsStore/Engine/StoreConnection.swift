/// One connection to the store, inside a transaction the engine opened: what the store's
/// functions run their statements through, whichever engine holds the data. Statements are
/// written with `?` for each argument (see `SQLDialect`).
public protocol StoreConnection {
    /// The engine's SQL words.
    var dialect: SQLDialect { get }

    /// Runs a statement that returns no rows; the number of rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [StoreValue]) throws -> Int

    /// Runs a statement and returns its rows (a `SELECT`, or a change with `RETURNING`).
    func rows(_ sql: String, _ arguments: [StoreValue]) throws -> [StoreRow]

    /// A mark of the store's state as this connection sees it: two marks are equal only when
    /// nothing was written to the store between them, by this connection or another. Nil
    /// where the engine gives none (PostgreSQL): what was read is then read again.
    func changeMark() throws -> ChangeMark?
}

/// What `StoreConnection.changeMark` gives on SQLite: the file's `data_version` (which moves
/// when another connection commits) and this connection's count of changed rows.
public struct ChangeMark: Sendable, Equatable {
    let dataVersion: Int64
    let ownChanges: Int
}

extension StoreConnection {
    /// Runs a statement without arguments that returns no rows.
    @discardableResult
    public func execute(_ sql: String) throws -> Int { try execute(sql, []) }

    /// Runs a statement without arguments and returns its rows.
    public func rows(_ sql: String) throws -> [StoreRow] { try rows(sql, []) }

    /// The first row of a statement's result; nil when it has none.
    public func row(_ sql: String, _ arguments: [StoreValue] = []) throws -> StoreRow? {
        try rows(sql, arguments).first
    }

    /// The first column of the first row as a `T`; nil when there is no row or it is NULL.
    public func value<T: StoreValueConvertible>(_ sql: String, _ arguments: [StoreValue] = [], as type: T.Type = T.self) throws -> T? {
        guard let row = try row(sql, arguments) else { return nil }
        return try row.decode(0, as: T?.self)
    }

    /// The first column of every row as a `T`.
    public func values<T: StoreValueConvertible>(_ sql: String, _ arguments: [StoreValue] = [], as type: T.Type = T.self) throws -> [T] {
        try rows(sql, arguments).map { row throws in try row.decode(0, as: T.self) }
    }
}
