import Foundation
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

    /// The message on one line (libpq's span several, indented with tabs), with the
    /// server's SQLSTATE when it gave one and, when the server is gone, what that means for
    /// the run: for a `StoreError`, which names the server itself.
    var storeMessage: String {
        var text = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if isServerGone { text += StoreError.serverGoneNote }
        return text
    }
}

extension StoreError {
    /// What a store error whose server is gone adds to libpq's reason.
    public static let serverGoneNote = " (the server cannot be reached: what was not recorded is done by the next run once it is back)"
}
