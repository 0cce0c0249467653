import GRDB
import TidingsCore

extension TidingsDatabase {
    /// How many notifications due in `from ..< until` (cancelled ones aside) each generator
    /// wrote, by the name recorded: a fallback's reason (`llm-fallback: timeout`) counted apart.
    /// One range of the generator index (v9) per state.
    public func generatorCounts(from: EpochMillis, until: EpochMillis) throws(StoreError) -> [String: Int] {
        try read("count generators") { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT generator, count(*) FROM notification
                    WHERE state = ? AND dueAt >= ? AND dueAt < ? AND generator IS NOT NULL GROUP BY generator
                    """)
            var counts: [String: Int] = [:]
            for state in NotificationState.allCases where state != .cancelled {
                for row in try Row.fetchAll(statement, arguments: [state, from, until]) {
                    counts[row[0], default: 0] += row[1] as Int
                }
            }
            return counts
        }
    }
}
