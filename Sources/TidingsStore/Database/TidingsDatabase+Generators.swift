import TidingsCore

extension TidingsDatabase {
    /// How many notifications due in `from ..< until` (cancelled ones aside) each generator
    /// wrote; a name this version does not know is left out. One range of the generator
    /// index (v9) per state.
    public func generatorCounts(from: EpochMillis, until: EpochMillis) throws(StoreError) -> [Generator: Int] {
        try snapshot("count generators") { db in
            // One statement, prepared once, for every state.
            let sql = """
                SELECT generator, count(*) FROM notification
                WHERE state = ? AND dueAt >= ? AND dueAt < ? AND generator IS NOT NULL GROUP BY generator
                """
            var counts: [Generator: Int] = [:]
            for state in NotificationState.allCases where state != .cancelled {
                for row in try db.rows(sql, [state.storeValue, from.storeValue, until.storeValue]) {
                    guard let generator = Generator(rawValue: try row.decode(0, as: String.self)) else { continue }
                    counts[generator, default: 0] += try row.decode(1, as: Int.self)
                }
            }
            return counts
        }
    }

    /// Why a language model's text was not used, for the notifications due in `from ..< until`
    /// (cancelled ones aside) that fell back to the templates: each reason (`generatorReason`)
    /// and how often; a fallback without a reason counts under "".
    public func fallbackReasons(from: EpochMillis, until: EpochMillis) throws(StoreError) -> [String: Int] {
        try snapshot("count fallback reasons") { db in
            // One statement, prepared once, for every state.
            let sql = """
                SELECT COALESCE(generatorReason, ''), count(*) FROM notification
                WHERE state = ? AND dueAt >= ? AND dueAt < ? AND generator = ? GROUP BY 1
                """
            var counts: [String: Int] = [:]
            for state in NotificationState.allCases where state != .cancelled {
                for row in try db.rows(sql, [state.storeValue, from.storeValue, until.storeValue, Generator.llmFallback.storeValue]) {
                    counts[try row.decode(0, as: String.self), default: 0] += try row.decode(1, as: Int.self)
                }
            }
            return counts
        }
    }
}
