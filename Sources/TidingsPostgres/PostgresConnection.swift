import CLibPQ
import Foundation

/// One session with a PostgreSQL server through libpq, which is loaded on first use.
/// It owns its `PGconn` and closes it in `deinit`; one thread uses it at a time.
public final class PostgresConnection {
    /// Where it is connected, for messages (`target.redacted`).
    public let target: PostgresTarget
    private var handle: OpaquePointer?

    /// Opens a session to `conninfo`: a `postgresql://` URL or a libpq `key=value` string,
    /// handed to libpq as it is, so that libpq's own rules apply: the PG* variables
    /// (PGHOST, PGUSER, PGSSLMODE, …) fill what it leaves out, the password comes from
    /// PGPASSWORD or the password file (~/.pgpass, PGPASSFILE, `passfile=`) when it has none,
    /// and `sslmode` is honoured.
    /// - Throws: `PostgresError` (`.libraryMissing` or `.connection`), its text without the password.
    public init(_ conninfo: String) throws(PostgresError) {
        target = PostgresTarget(conninfo)
        if let reason = tidings_pq_load() { throw PostgresError.libraryMissing(String(cString: reason)) }
        guard let connection = tidings_pq_connectdb(conninfo) else {
            throw PostgresError(.connection, message: "libpq could not allocate a connection", target: target.redacted)
        }
        guard tidings_pq_status(connection) == TIDINGS_PQ_CONNECTION_OK else {
            let message = Self.trimmed(tidings_pq_error_message(connection))
            tidings_pq_finish(connection)
            throw PostgresError(.connection, message: target.redact(message), target: target.redacted)
        }
        handle = connection
    }

    deinit { close() }

    /// Ends the session (its session-level advisory locks go with it); later calls do nothing.
    public func close() {
        if let handle { tidings_pq_finish(handle) }
        handle = nil
    }

    /// The server's version as a number (150018 for 15.18).
    public var serverVersion: Int { handle.map { Int(tidings_pq_server_version($0)) } ?? 0 }
    /// The process id of the server's backend for this session.
    public var backendPID: Int32 { handle.map { tidings_pq_backend_pid($0) } ?? 0 }
    /// The session's socket descriptor, -1 when closed.
    public var socket: Int32 { handle.map { tidings_pq_socket($0) } ?? -1 }

    /// Runs `sql` (one statement; `$1`, `$2`, … stand for `parameters`) and returns its rows.
    /// - Throws: `PostgresError` (`.statement` with the server's SQLSTATE, or `.connection`).
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresResult {
        guard let handle else { throw PostgresError(.connection, message: "the connection is closed", target: target.redacted) }
        let types = parameters.map(\.parameterType)
        let texts: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.parameterText.flatMap { strdup($0) } }
        defer {
            for text in texts { free(text) }
        }
        let result = texts.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            types.withUnsafeBufferPointer { types in
                tidings_pq_exec_params(handle, sql, Int32(parameters.count), types.baseAddress, values.baseAddress)
            }
        }
        defer { tidings_pq_clear(result) }
        guard let result else {
            throw PostgresError(.connection, message: target.redact(Self.trimmed(tidings_pq_error_message(handle))), target: target.redacted)
        }
        let status = tidings_pq_result_status(result)
        guard status == TIDINGS_PQ_COMMAND_OK || status == TIDINGS_PQ_TUPLES_OK || status == TIDINGS_PQ_EMPTY_QUERY else {
            throw error(of: result, connection: handle)
        }
        return try read(result)
    }

    /// `name` quoted as an SQL identifier (`"my table"`), for the names SQL cannot take as parameters.
    public func quoteIdentifier(_ name: String) throws(PostgresError) -> String {
        guard let handle, let quoted = tidings_pq_escape_identifier(handle, name, UInt(name.utf8.count)) else {
            throw PostgresError(.value, message: "cannot quote the identifier \(name)", target: target.redacted)
        }
        defer { tidings_pq_freemem(quoted) }
        return String(cString: quoted)
    }

    /// The error a failed `result` carries: its SQLSTATE and message, or the connection's
    /// message when the server sent none. It is a `.connection` error when the session is
    /// gone after it (the server stopped, the backend terminated), whatever the SQLSTATE.
    private func error(of result: OpaquePointer, connection: OpaquePointer) -> PostgresError {
        let lost = tidings_pq_status(connection) != TIDINGS_PQ_CONNECTION_OK
        let field = { (code: Int32) in tidings_pq_result_error_field(result, code).map { String(cString: $0) } }
        guard let primary = field(Int32(UInt8(ascii: "M"))) else {
            var message = Self.trimmed(tidings_pq_result_error_message(result))
            if message.isEmpty { message = Self.trimmed(tidings_pq_error_message(connection)) }
            return PostgresError(.connection, message: target.redact(message), target: target.redacted)
        }
        var message = primary
        if let detail = field(Int32(UInt8(ascii: "D"))) { message += " (\(detail))" }
        return PostgresError(
            lost ? .connection : .statement, sqlState: field(Int32(UInt8(ascii: "C"))), message: target.redact(message), target: target.redacted)
    }

    /// Copies `result` out of libpq, each value typed by its column's type.
    private func read(_ result: OpaquePointer) throws(PostgresError) -> PostgresResult {
        let columnCount = Int(tidings_pq_nfields(result))
        let columns = (0..<columnCount).map { String(cString: tidings_pq_fname(result, Int32($0))) }
        let types = (0..<columnCount).map { tidings_pq_ftype(result, Int32($0)) }
        var rows: [PostgresRow] = []
        for row in 0..<tidings_pq_ntuples(result) {
            var values: [PostgresValue] = []
            values.reserveCapacity(columnCount)
            for column in 0..<columnCount {
                if tidings_pq_getisnull(result, row, Int32(column)) != 0 {
                    values.append(.null)
                    continue
                }
                let bytes = UnsafeRawBufferPointer(
                    start: tidings_pq_getvalue(result, row, Int32(column)), count: Int(tidings_pq_getlength(result, row, Int32(column))))
                let text = String(decoding: bytes, as: UTF8.self)
                guard let value = PostgresType.decode(text, type: types[column]) else {
                    throw PostgresError(.value, message: "column \(columns[column]) of type \(types[column]) holds \(text)", target: target.redacted)
                }
                values.append(value)
            }
            rows.append(PostgresRow(columns: columns, values: values))
        }
        let affected = tidings_pq_cmd_tuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
        return PostgresResult(columns: columns, rows: rows, affectedRows: affected)
    }

    /// libpq's message without its trailing newline.
    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
    }
}
