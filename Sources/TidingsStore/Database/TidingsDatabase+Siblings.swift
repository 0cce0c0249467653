import GRDB
import TidingsCore

extension TidingsDatabase {
    /// The meeting reminders of `occurrences` (their `occurrence` column), keyed by id: each
    /// meeting's reminders under every lead time it had, and one stored under the id it had
    /// before ids carried the lead (its own occurrence).
    public func notifications(occurrences: [String]) throws(StoreError) -> [String: NotificationRecord] {
        guard !occurrences.isEmpty else { return [:] }
        return try read("read notifications") { db in
            let statement = try db.cachedStatement(sql: "SELECT * FROM notification WHERE occurrence = ?")
            var found: [String: NotificationRecord] = [:]
            for occurrence in occurrences {
                for row in try NotificationRecord.fetchAll(statement, arguments: [occurrence]) { found[row.id] = row }
            }
            return found
        }
    }
}
