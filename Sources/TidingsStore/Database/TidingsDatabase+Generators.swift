import GRDB
import TidingsCore

extension TidingsDatabase {
    /// How many notifications due in `from ..< until` (cancelled ones aside) each generator
    /// wrote; a name this version does not know is left out. One range of the generator
    /// index (v9) per state.
    public func generatorCounts(from: EpochMillis, until: EpochMillis) throws(StoreError) -> [Generator: Int] {
        try read("count generators") { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT generator, count(*) FROM notification
                    WHERE state = ? AND dueAt >= ? AND dueAt < ? AND generator IS NOT NULL GROUP BY generator
                    """)
            var counts: [Generator: Int] = [:]
            for state in NotificationState.allCases where state != .cancelled {
                for row in try Row.fetchAll(statement, arguments: [state, from, until]) {
                    guard let generator = Generator(rawValue: row[0]) else { continue }
                    counts[generator, default: 0] += row[1] as Int
                }
            }
            return counts
        }
    }

    /// Why a language model's text was not used, for the notifications due in `from ..< until`
    /// (cancelled ones aside) that fell back to the templates: each reason (`generatorReason`)
    /// and how often; a fallback without a reason counts under "".
    public func fallbackReasons(from: EpochMillis, until: EpochMillis) throws(StoreError) -> [String: Int] {
        try read("count fallback reasons") { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT ifnull(generatorReason, ''), count(*) FROM notification
                    WHERE state = ? AND dueAt >= ? AND dueAt < ? AND generator = ? GROUP BY 1
                    """)
            var counts: [String: Int] = [:]
            for state in NotificationState.allCases where state != .cancelled {
                for row in try Row.fetchAll(statement, arguments: [state, from, until, Generator.llmFallback]) {
                    counts[row[0], default: 0] += row[1] as Int
                }
            }
            return counts
        }
    }
}
