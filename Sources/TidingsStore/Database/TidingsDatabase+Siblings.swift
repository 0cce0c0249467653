import GRDB
import TidingsCore

extension TidingsDatabase {
    /// The notifications whose id starts with one of `prefixes`, keyed by id: with
    /// `meeting:<occurrence>@`, the reminders of one meeting under every lead time it had.
    /// Each prefix is one range of the id index, not a scan.
    public func notifications(idPrefixes prefixes: [String]) throws(StoreError) -> [String: NotificationRecord] {
        let ranges = prefixes.compactMap { prefix -> (String, String)? in
            // Every id that starts with `prefix` sorts from it to its last character plus one.
            guard let last = prefix.unicodeScalars.last, let next = Unicode.Scalar(last.value + 1) else { return nil }
            return (prefix, String(prefix.unicodeScalars.dropLast()) + String(next))
        }
        guard !ranges.isEmpty else { return [:] }
        return try read("read notifications") { db in
            let statement = try db.cachedStatement(sql: "SELECT * FROM notification WHERE id >= ? AND id < ?")
            var found: [String: NotificationRecord] = [:]
            for (low, high) in ranges {
                for row in try NotificationRecord.fetchAll(statement, arguments: [low, high]) { found[row.id] = row }
            }
            return found
        }
    }
}
