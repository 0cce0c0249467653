import TidingsPostgres

/// How many rows one table held on each side of `TidingsDatabase.copy(to:)`.
public struct CopiedTable: Sendable, Equatable {
    /// The table's name, as the source's schema spells it (`fetchAttempt`).
    public var name: String
    /// Its rows in the source.
    public var sourceRows: Int
    /// Its rows in the target once copied, counted there in the copy's transaction.
    public var targetRows: Int
}

extension TidingsDatabase {
    /// Copies every table of this SQLite store into `target`, a store on PostgreSQL with
    /// this build's schema and no rows (a database just migrated, as opening it makes it).
    ///
    /// The tables are those of the source's schema, each matched by name and columns with
    /// the target's (PostgreSQL folds names to lower case): a table or a column on one side
    /// only stops the copy, naming it, since the two schemas then differ and a copy would
    /// lose it. The source is read in one read transaction, so the copy is of one moment;
    /// the target is written in one transaction that first locks every table against
    /// writers and refuses rows already there, keeps each row's ids (SQLite's `rowid` of
    /// `PostgresSchema.rowidTables` too), moves every identity past the ids copied (and past
    /// SQLite's `sqlite_sequence`), and counts each table: a count that differs from the
    /// source's rolls all of it back. Nothing is written unless all of it is.
    /// - Returns: each table's counts, by name.
    /// - Throws: `StoreError` naming the table, the column or the rows in the way.
    public func copy(to target: TidingsDatabase) throws(StoreError) -> [CopiedTable] {
        guard !isPostgreSQL else { throw StoreError(path: path, message: "the source of a copy must be a SQLite file") }
        guard target.isPostgreSQL else { throw StoreError(path: target.path, message: "the target of a copy must be a store on PostgreSQL") }
        let sourcePath = path
        let targetPath = target.path
        return try snapshot("read the tables to copy") { source throws -> [CopiedTable] in
            let tables = try Self.copiedTables(source: source)
            return try target.transaction("copy the store") { destination throws -> [CopiedTable] in
                let plans = try Self.matchTables(tables, in: destination, source: sourcePath, target: targetPath)
                try destination.execute("LOCK TABLE \(plans.map(\.name).joined(separator: ", ")) IN EXCLUSIVE MODE")
                try Self.refuseRows(plans, in: destination, target: targetPath)
                var copied: [CopiedTable] = []
                // The report's totals (v25) are not copied: the target's triggers add them up
                // as the rows go in, so they come last, their keys counted against the source's.
                let totals = Set(ReportTally.tables.map { $0.lowercased() })
                let ordered = plans.filter { !totals.contains($0.name.lowercased()) } + plans.filter { totals.contains($0.name.lowercased()) }
                for plan in ordered {
                    let isTotals = totals.contains(plan.name.lowercased())
                    let sourceRows: Int = try source.value("SELECT count(*) FROM \(plan.name)") ?? 0
                    if !isTotals {
                        try Self.copyRows(of: plan, from: source, to: destination)
                        try Self.moveIdentities(of: plan, past: source, destination)
                    }
                    let counted: Int = try destination.value("SELECT count(*) FROM \(plan.name)") ?? 0
                    guard counted == sourceRows else {
                        throw StoreError(
                            path: targetPath,
                            message:
                                "copy failed: table \(plan.name) holds \(counted) rows after the copy, the source \(sourceRows); nothing was copied")
                    }
                    copied.append(CopiedTable(name: plan.name, sourceRows: sourceRows, targetRows: counted))
                }
                return copied.sorted { $0.name < $1.name }
            }
        }
    }

    /// One table as the copy moves it: the columns both sides have, and the target's identity
    /// columns.
    struct CopyPlan {
        var name: String
        var columns: [String]
        var identities: [String]
        /// Whether the source's table has a `rowid` to read it in pages by.
        var pagedByRowid: Bool
    }

    /// The source's tables and their columns in order, GRDB's and SQLite's own left out;
    /// `rowid` added for the tables that keep it on PostgreSQL.
    static func copiedTables(source: any StoreConnection) throws -> [SourceTable] {
        let rows = try source.rows(
            """
            SELECT name, upper(sql) LIKE '%WITHOUT ROWID%' FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations' ORDER BY name
            """)
        return try rows.map { row throws -> SourceTable in
            let name: String = try row.decode(0)
            var columns: [String] = try source.values("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(name)])
            if PostgresSchema.rowidTables.contains(name.lowercased()) { columns.append("rowid") }
            return SourceTable(name: name, columns: columns, hasRowid: try !row.decode(1, as: Bool.self))
        }
    }

    /// A table of the source: its name, its columns in order, and whether it has a `rowid`.
    struct SourceTable {
        var name: String
        var columns: [String]
        var hasRowid: Bool
    }

    /// Matches the source's tables with the target's, by name and columns without regard to
    /// case: the same set on both sides, or an error naming what is on one side only.
    static func matchTables(
        _ tables: [SourceTable], in destination: any StoreConnection, source: String, target: String
    ) throws -> [CopyPlan] {
        let rows = try destination.rows(
            """
            SELECT c.table_name, c.column_name, c.is_identity FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> 'tidings_migrations'
            ORDER BY c.table_name, c.ordinal_position
            """)
        var targetColumns: [String: [(name: String, identity: Bool)]] = [:]
        for row in rows {
            let table: String = try row.decode(0)
            let column: String = try row.decode(1)
            let identity: String = try row.decode(2)
            targetColumns[table, default: []].append((column, identity == "YES"))
        }
        let sourceNames = Set(tables.map { $0.name.lowercased() })
        if let extra = targetColumns.keys.sorted().first(where: { !sourceNames.contains($0) }) {
            throw StoreError(
                path: target,
                message: "copy refused: the target has a table \(extra) that the source \(source) has not; is one of them another version's?")
        }
        return try tables.map { table throws(StoreError) -> CopyPlan in
            guard let columns = targetColumns[table.name.lowercased()] else {
                throw StoreError(
                    path: target,
                    message: "copy refused: the source's table \(table.name) is not in the target's schema, and would be lost; nothing was copied")
            }
            let wanted = Set(table.columns.map { $0.lowercased() })
            let present = Set(columns.map(\.name))
            if let missing = table.columns.first(where: { !present.contains($0.lowercased()) }) {
                throw StoreError(path: target, message: "copy refused: the target's table \(table.name) has no column \(missing); nothing was copied")
            }
            if let extra = columns.first(where: { !wanted.contains($0.name) }) {
                throw StoreError(
                    path: target, message: "copy refused: the target's table \(table.name) has a column \(extra.name) the source has not")
            }
            return CopyPlan(
                name: table.name, columns: table.columns, identities: columns.filter(\.identity).map(\.name), pagedByRowid: table.hasRowid)
        }
    }

    /// Throws when any of the tables holds a row: a copy goes into an empty store only.
    static func refuseRows(_ plans: [CopyPlan], in destination: any StoreConnection, target: String) throws {
        var filled: [String] = []
        for plan in plans {
            let count: Int = try destination.value("SELECT count(*) FROM \(plan.name)") ?? 0
            if count > 0 { filled.append("\(plan.name) \(count)") }
        }
        guard filled.isEmpty else {
            throw StoreError(
                path: target,
                message:
                    "copy refused: the target already holds Tidings rows (\(filled.joined(separator: ", "))); copy into an empty database only, nothing was changed"
            )
        }
    }

    /// The rows read from the source at a time: a history of a million rows is copied
    /// without holding it all in memory.
    static let pageSize = 5_000

    /// Copies the plan's table page by page, in the order of SQLite's `rowid` (read after the
    /// plan's columns, and left out of what is inserted); a table without one (`WITHOUT
    /// ROWID`: the digests' members, a few rows) at once.
    static func copyRows(of plan: CopyPlan, from source: any StoreConnection, to destination: any StoreConnection) throws {
        guard plan.pagedByRowid else {
            return try insert(source.rows("SELECT \(plan.columns.joined(separator: ", ")) FROM \(plan.name)"), into: plan, destination)
        }
        let select = "SELECT \(plan.columns.joined(separator: ", ")), rowid FROM \(plan.name) WHERE rowid > ? ORDER BY rowid LIMIT ?"
        var after = Int64.min
        while true {
            let page = try source.rows(select, [.integer(after), .integer(Int64(pageSize))])
            guard let last = page.last else { return }
            after = try last.decode(plan.columns.count)
            try insert(page, into: plan, destination)
            if page.count < pageSize { return }
        }
    }

    /// Inserts `rows` (the plan's columns, then anything after them, left out) into the plan's
    /// table, many rows to a statement.
    static func insert(_ rows: [StoreRow], into plan: CopyPlan, _ destination: any StoreConnection) throws {
        // PostgreSQL takes at most 65535 parameters in one statement.
        let perStatement = max(1, 30_000 / plan.columns.count)
        let tuple = "(" + Array(repeating: "?", count: plan.columns.count).joined(separator: ", ") + ")"
        var start = 0
        while start < rows.count {
            let batch = rows[start..<min(start + perStatement, rows.count)]
            let sql =
                "INSERT INTO \(plan.name) (\(plan.columns.joined(separator: ", "))) VALUES "
                + Array(repeating: tuple, count: batch.count).joined(separator: ", ")
            try destination.execute(sql, batch.flatMap { $0.values.prefix(plan.columns.count) })
            start += batch.count
        }
    }

    /// Moves each identity of the plan's table on past the largest id copied and past what
    /// SQLite's `sqlite_sequence` gave out (an AUTOINCREMENT never hands an id out twice),
    /// so that the next row the programs insert gets a new one.
    static func moveIdentities(of plan: CopyPlan, past source: any StoreConnection, _ destination: any StoreConnection) throws {
        guard !plan.identities.isEmpty else { return }
        let hasSequence: Bool = try source.value("SELECT count(*) > 0 FROM sqlite_master WHERE name = 'sqlite_sequence'") ?? false
        let given: Int64 = hasSequence ? try source.value("SELECT seq FROM sqlite_sequence WHERE name = ?", [.text(plan.name)]) ?? 0 : 0
        for column in plan.identities {
            let largest: Int64 = try destination.value("SELECT coalesce(max(\(column)), 0) FROM \(plan.name)") ?? 0
            try destination.execute(
                "SELECT setval(pg_get_serial_sequence(?, ?), ?, false)",
                [.text(plan.name.lowercased()), .text(column), .integer(max(largest, given) + 1)])
        }
    }
}
