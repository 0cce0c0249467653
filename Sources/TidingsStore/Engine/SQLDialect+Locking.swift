extension SQLDialect {
    /// The rows of `table` that satisfy `condition` and that no other transaction holds, as
    /// the condition of a claim (`UPDATE table SET … WHERE <this> RETURNING *`). On PostgreSQL
    /// the rows another host is claiming at this moment are skipped rather than waited for
    /// (`FOR UPDATE SKIP LOCKED`), so that workers claim side by side. SQLite has one writer at
    /// a time, so there the condition is the claim as it stands. `key` names the table's key
    /// columns (`id`, or `notificationId, channel`).
    public func unlockedRows(of table: String, key: String, where condition: String) -> String {
        switch self {
        case .sqlite: condition
        case .postgresql: "(\(key)) IN (SELECT \(key) FROM \(table) WHERE \(condition) FOR UPDATE SKIP LOCKED)"
        }
    }
}
