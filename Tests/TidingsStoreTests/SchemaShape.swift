import GRDB
import TidingsPostgres

@testable import TidingsStore

/// A schema as the engines' parity test compares it: tables, their columns (name, type class,
/// NOT NULL, default) in order, primary keys, unique constraints, indexes (columns, unique,
/// partial) and triggers. Names are lower case, as PostgreSQL folds unquoted names; the
/// columns PostgreSQL adds for SQLite's implicit `rowid` are set apart in `rowids`.
struct SchemaShape: Equatable {
    /// A column's type as the store reads it.
    enum TypeClass: Equatable, CustomStringConvertible {
        /// 64-bit integers (SQLite's INTEGER affinity, PostgreSQL's bigint).
        case integer
        case real, text, bytes
        /// Anything else, by its name (PostgreSQL's 32-bit `integer` is one).
        case other(String)

        var description: String {
            switch self {
            case .integer: "integer"
            case .real: "real"
            case .text: "text"
            case .bytes: "bytes"
            case .other(let name): "other(\(name))"
            }
        }
    }

    struct Column: Equatable {
        var name: String
        var type: TypeClass
        var notNull: Bool
        var defaultValue: String?
    }

    struct Index: Equatable {
        var columns: [String]
        var unique: Bool
        var partial: Bool
    }

    struct Table: Equatable {
        var columns: [Column] = []
        var primaryKey: [String] = []
        var uniques: Set<[String]> = []
        var indexes: [String: Index] = [:]
        var triggers: Set<String> = []
    }

    var tables: [String: Table] = [:]
    /// PostgreSQL's `rowid` columns, by table.
    var rowids: [String: Column] = [:]

    /// The schema of a SQLite database, from its PRAGMAs (GRDB's and SQLite's own tables left out).
    static func sqlite(_ db: Database) throws -> SchemaShape {
        var shape = SchemaShape()
        let names = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'")
        for name in names {
            var table = Table()
            let info = try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(name)\")")
            // A primary key's column is never NULL, whether it says NOT NULL or not.
            table.columns = info.map { row in
                Column(
                    name: (row["name"] as String).lowercased(), type: sqliteClass(row["type"]),
                    notNull: (row["notnull"] as Int) != 0 || (row["pk"] as Int) > 0, defaultValue: row["dflt_value"])
            }
            table.primaryKey = info.filter { ($0["pk"] as Int) > 0 }.sorted { ($0["pk"] as Int) < ($1["pk"] as Int) }
                .map { ($0["name"] as String).lowercased() }
            for index in try Row.fetchAll(db, sql: "PRAGMA index_list(\"\(name)\")") {
                let indexName: String = index["name"]
                let columns = try Row.fetchAll(db, sql: "PRAGMA index_info(\"\(indexName)\")")
                    .sorted { ($0["seqno"] as Int) < ($1["seqno"] as Int) }.map { ($0["name"] as String).lowercased() }
                switch index["origin"] as String {
                case "pk": continue
                case "u": table.uniques.insert(columns)
                default:
                    table.indexes[indexName.lowercased()] = Index(
                        columns: columns, unique: (index["unique"] as Int) != 0, partial: (index["partial"] as Int) != 0)
                }
            }
            shape.tables[name.lowercased()] = table
        }
        for row in try Row.fetchAll(db, sql: "SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger'") {
            shape.tables[(row[0] as String).lowercased()]?.triggers.insert((row[1] as String).lowercased())
        }
        return shape
    }

    /// A declared SQLite type's class, by SQLite's affinity rules.
    static func sqliteClass(_ declared: String) -> TypeClass {
        let type = declared.uppercased()
        if type.contains("INT") { return .integer }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return .text }
        if type.isEmpty || type.contains("BLOB") { return .bytes }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return .real }
        return .other(declared)
    }

    /// The schema of the PostgreSQL database `connection` is on (its current schema, without
    /// `tidings_migrations`), from information_schema and pg_index.
    static func postgresql(_ connection: PostgresConnection) throws -> SchemaShape {
        var shape = SchemaShape()
        let here = "table_schema = current_schema() AND table_name <> 'tidings_migrations'"
        for row in try connection.execute("SELECT table_name FROM information_schema.tables WHERE \(here) AND table_type = 'BASE TABLE'").rows {
            let table = try text(row[0])
            shape.tables[table] = Table()
        }
        let columns = try connection.execute(
            "SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE \(here) ORDER BY table_name, ordinal_position"
        )
        for row in columns.rows {
            let (table, name, type, nullable) = (try text(row[0]), try text(row[1]), try text(row[2]), try text(row[3]))
            let column = Column(name: name, type: postgresClass(type), notNull: nullable == "NO", defaultValue: row[4].string.map(withoutCast))
            if column.name == "rowid", PostgresSchema.rowidTables.contains(table) {
                shape.rowids[table] = column
            } else {
                shape.tables[table, default: Table()].columns.append(column)
            }
        }
        let constraints = try connection.execute(
            """
            SELECT tc.table_name, tc.constraint_type, tc.constraint_name, kcu.column_name
            FROM information_schema.table_constraints tc
            JOIN information_schema.key_column_usage kcu ON kcu.constraint_schema = tc.constraint_schema
                AND kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name
            WHERE tc.table_schema = current_schema() AND tc.table_name <> 'tidings_migrations'
                AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE')
            ORDER BY tc.table_name, tc.constraint_name, kcu.ordinal_position
            """)
        var keys: [String: (table: String, primary: Bool, columns: [String])] = [:]
        for row in constraints.rows {
            let (table, type, name, column) = (try text(row[0]), try text(row[1]), try text(row[2]), try text(row[3]))
            keys[name, default: (table, type == "PRIMARY KEY", [])].columns.append(column)
        }
        for key in keys.values {
            if key.primary {
                shape.tables[key.table, default: Table()].primaryKey = key.columns
            } else if key.columns != ["rowid"] || !PostgresSchema.rowidTables.contains(key.table) {
                shape.tables[key.table, default: Table()].uniques.insert(key.columns)
            }
        }
        let indexes = try connection.execute(
            """
            SELECT t.relname, i.relname, x.indisunique, x.indpred IS NOT NULL, a.attname
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
            CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
            JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
            WHERE t.relnamespace = current_schema()::regnamespace AND t.relname <> 'tidings_migrations'
                AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
            ORDER BY t.relname, i.relname, k.position
            """)
        for row in indexes.rows {
            let (table, name, column) = (try text(row[0]), try text(row[1]), try text(row[4]))
            let fresh = Index(columns: [], unique: row[2].bool == true, partial: row[3].bool == true)
            shape.tables[table, default: Table()].indexes[name, default: fresh].columns.append(column)
        }
        let triggers = try connection.execute(
            "SELECT DISTINCT event_object_table, trigger_name FROM information_schema.triggers WHERE trigger_schema = current_schema()")
        for row in triggers.rows {
            let (table, trigger) = (try text(row[0]), try text(row[1]))
            shape.tables[table, default: Table()].triggers.insert(trigger)
        }
        return shape
    }

    /// A PostgreSQL type's class: only a bigint is an `integer`.
    static func postgresClass(_ type: String) -> TypeClass {
        switch type {
        case "bigint": .integer
        case "double precision": .real
        case "text": .text
        case "bytea": .bytes
        default: .other(type)
        }
    }

    /// A default as SQLite writes it: `'send'::text` is `'send'`.
    static func withoutCast(_ value: String) -> String {
        guard let cast = value.range(of: "::", options: .backwards), !value[cast.upperBound...].contains("'") else { return value }
        return String(value[..<cast.lowerBound])
    }

    private static func text(_ value: PostgresValue) throws -> String {
        guard let text = value.string else { throw PostgresError(.value, message: "expected text, found \(value)") }
        return text
    }
}
