import Foundation
import Synchronization
import TidingsPostgres

/// The store's PostgreSQL session: one libpq connection, used by one transaction at a time
/// (a connection is not safe across threads; the store's functions are synchronous, so the
/// lock is only ever contended by tests that share a database value between tasks).
final class PostgresStore: Sendable {
    /// The server, as errors name it (the password replaced by `***`).
    let target: String
    private let connection: Mutex<PostgresConnectionBox>

    /// Connects to `conninfo` (a `postgresql://` URL or libpq's `key=value` form, with the
    /// `PG*` variables and the password file filling what it leaves out).
    init(_ conninfo: String) throws(PostgresError) {
        let opened = try PostgresConnection(conninfo)
        target = opened.target.redacted
        connection = Mutex(PostgresConnectionBox(opened))
    }

    /// Runs `body` with the connection, alone.
    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try connection.withLock { box in try body(box.connection) }
    }

    /// Ends the session (its advisory locks with it).
    func close() {
        connection.withLock { $0.connection.close() }
    }
}

/// A connection moved into the store's lock: only the lock's holder reaches it.
struct PostgresConnectionBox: @unchecked Sendable {
    let connection: PostgresConnection

    init(_ connection: PostgresConnection) {
        self.connection = connection
    }
}
