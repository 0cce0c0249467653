import TidingsCore

extension TidingsDatabase {
    /// The meeting reminders of `occurrences` (their `occurrence` column), keyed by id: each
    /// meeting's reminders under every lead time it had, and one stored under the id it had
    /// before ids carried the lead (its own occurrence).
    public func notifications(occurrences: [String]) throws(StoreError) -> [String: NotificationRecord] {
        guard !occurrences.isEmpty else { return [:] }
        return try snapshot("read notifications") { db in
            var found: [String: NotificationRecord] = [:]
            for occurrence in occurrences {
                for row in try db.rows("SELECT * FROM notification WHERE occurrence = ?", [occurrence.storeValue]) {
                    let item = try NotificationRecord(store: row)
                    found[item.id] = item
                }
            }
            return found
        }
    }
}
