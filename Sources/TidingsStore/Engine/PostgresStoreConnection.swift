import Foundation
import TidingsPostgres

/// The store's connection on PostgreSQL: one libpq session, inside a transaction the store
/// opened. Statements are written as for SQLite; `SQLDialect.postgresql` numbers their
/// arguments.
struct PostgresStoreConnection: StoreConnection {
    /// The session.
    let connection: PostgresConnection

    var dialect: SQLDialect { .postgresql }

    @discardableResult
    func execute(_ sql: String, _ arguments: [StoreValue]) throws -> Int {
        try connection.execute(dialect.prepared(sql), arguments.map(\.postgresValue)).affectedRows
    }

    /// None: a server's changes leave no mark a session can read this cheaply.
    func changeMark() throws -> ChangeMark? { nil }

    func rows(_ sql: String, _ arguments: [StoreValue]) throws -> [StoreRow] {
        let result = try connection.execute(dialect.prepared(sql), arguments.map(\.postgresValue))
        let columns = StoreColumns(result.columns)
        return result.rows.map { row in StoreRow(columns: columns, values: row.values.map(StoreValue.init)) }
    }
}

extension StoreValue {
    /// The value as a libpq parameter.
    var postgresValue: PostgresValue {
        switch self {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .double(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .bytes(Data(bytes))
        }
    }

    /// The value libpq read: a boolean becomes 1 or 0, as SQLite keeps it.
    init(_ value: PostgresValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .boolean(let flag): self = .integer(flag ? 1 : 0)
        case .text(let text): self = .text(text)
        case .bytes(let data): self = .blob(Array(data))
        }
    }
}
