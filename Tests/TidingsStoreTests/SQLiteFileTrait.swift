import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// For a test of the SQLite file itself (its query plans, WAL, pages, a full disk, raw SQL
    /// on the file, a program given its path): it runs in the SQLite pass, and the pass with
    /// `TIDINGS_TEST_ENGINE=postgresql` (where `TemporaryDirectory.database()` is a database
    /// on the test cluster) names it as left out.
    static var sqliteFileOnly: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["TIDINGS_TEST_ENGINE"] != "postgresql",
            "a test of the SQLite file itself: the PostgreSQL pass leaves it out")
    }
}
