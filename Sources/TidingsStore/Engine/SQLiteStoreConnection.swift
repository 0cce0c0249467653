import Foundation
import GRDB

/// The store's connection on SQLite: GRDB's `Database`, inside the transaction GRDB opened.
/// Statements are prepared once per connection and kept (GRDB's statement cache), so a
/// statement run for each of many rows is parsed once.
struct SQLiteStoreConnection: StoreConnection {
    /// The GRDB connection; valid only inside the access closure that handed it out.
    let database: Database

    var dialect: SQLDialect { .sqlite }

    @discardableResult
    func execute(_ sql: String, _ arguments: [StoreValue]) throws -> Int {
        if arguments.isEmpty, sql.contains(";") {
            // Several statements (a migration): GRDB runs them one after the other.
            try database.execute(sql: sql)
        } else {
            try database.cachedStatement(sql: sql).execute(arguments: StatementArguments(arguments.map(\.databaseValue)))
        }
        return database.changesCount
    }

    func changeMark() throws -> ChangeMark? {
        let version = try Int64.fetchOne(database.cachedStatement(sql: "PRAGMA data_version")) ?? 0
        return ChangeMark(dataVersion: version, ownChanges: database.totalChangesCount)
    }

    func rows(_ sql: String, _ arguments: [StoreValue]) throws -> [StoreRow] {
        let statement = try database.cachedStatement(sql: sql)
        let columns = StoreColumns(statement.columnNames)
        let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(arguments.map(\.databaseValue)))
        let count = columns.names.count
        var rows: [StoreRow] = []
        while try cursor.next() != nil {
            // By position, straight from the statement's current row: GRDB's row as a
            // collection would build each column's name too, and its generic subscript looks
            // up the type's metadata for every value.
            var values: [StoreValue] = []
            values.reserveCapacity(count)
            for index in 0..<count { values.append(StoreValue(DatabaseValue(sqliteStatement: statement.sqliteStatement, index: CInt(index)))) }
            rows.append(StoreRow(columns: columns, values: values))
        }
        return rows
    }
}

extension StoreValue {
    /// The value as GRDB binds it.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }

    /// The value GRDB read.
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob(Array(data))
        }
    }
}
