/// A failure of the PostgreSQL client: libpq missing, a connection refused, a statement the
/// server rejected. Its description names the server without its password.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Sendable, Equatable {
        /// libpq.so.5 could not be loaded.
        case libraryMissing
        /// The connection could not be opened (or was lost).
        case connection
        /// The server rejected a statement (its SQLSTATE is in `sqlState`).
        case statement
        /// A value could not be read as the type asked for.
        case value
    }

    /// What failed.
    public var kind: Kind
    /// The server's SQLSTATE (`23505` for a unique violation), nil when the server gave none.
    public var sqlState: String?
    /// The message, the password already taken out.
    public var message: String
    /// The server, as `PostgresTarget.redacted` names it; nil when there is none.
    public var target: String?

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, sqlState: String? = nil, message: String, target: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.target = target
    }

    /// The error's text, for example `PostgreSQL at postgresql://tidings:***@db/tidings:
    /// duplicate key value violates unique constraint "t_pkey" (SQLSTATE 23505)`.
    public var description: String {
        if kind == .libraryMissing { return message }
        var text = target.map { "PostgreSQL at \($0): " } ?? "PostgreSQL: "
        text += message
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        return text
    }

    /// A unique or primary key was violated (SQLSTATE 23505).
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// libpq could not be loaded: `reason` is the loader's.
    static func libraryMissing(_ reason: String) -> PostgresError {
        PostgresError(.libraryMissing, message: "PostgreSQL support needs libpq (Debian: apt install libpq5): \(reason)")
    }
}
