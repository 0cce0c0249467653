import TidingsPostgres

extension PostgresError {
    /// Whether the failure is the server's absence rather than a statement's: no connection
    /// could be made or the one there was lost (SQLSTATE class 08), or the server shuts down
    /// or is starting (57P01 to 57P03). The work is then still to do once it is back.
    public var isServerGone: Bool {
        if kind == .connection { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }
}
