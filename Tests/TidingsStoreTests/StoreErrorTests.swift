import GRDB
import GRDBSQLite
import Testing

@testable import TidingsStore

/// How SQLite failures read.
@Suite struct StoreErrorTests {
    @Test("an error SQLite left on another handle reads as its result code, not \"not an error\"")
    func notAnError() {
        let error = StoreError(path: "/x", operation: "back up /y", error: DatabaseError(resultCode: .SQLITE_FULL, message: "not an error"))
        #expect(!error.message.contains("not an error"), "\(error.message)")
        #expect(error.message == "back up /y failed: database or disk is full (the disk is full)")
        #expect(error.sqliteCode == SQLITE_FULL)
    }
}
