extension SQLDialect {
    /// The rows of `table` that satisfy `condition` and that no other transaction holds, as
    /// the condition of a claim (`UPDATE table SET … WHERE <this> RETURNING *`). On PostgreSQL
    /// the rows another host is claiming at this moment are skipped rather than waited for
    /// (`FOR UPDATE SKIP LOCKED`), so that workers claim side by side. SQLite has one writer at
    /// a time, so there the condition is the claim as it stands. `key` names the table's key
    /// columns (`id`, or `notificationId, channel`).
    /// With `limit`, at most that many rows in `order` (a batch: what one run takes while
    /// other hosts take the next).
    public func unlockedRows(of table: String, key: String, where condition: String, order: String? = nil, limit: Int? = nil) -> String {
        let batch = (order.map { " ORDER BY \($0)" } ?? "") + (limit.map { " LIMIT \(max(1, $0))" } ?? "")
        switch self {
        case .sqlite: return batch.isEmpty ? condition : "(\(key)) IN (SELECT \(key) FROM \(table) WHERE \(condition)\(batch))"
        case .postgresql: return "(\(key)) IN (SELECT \(key) FROM \(table) WHERE \(condition)\(batch) FOR UPDATE SKIP LOCKED)"
        }
    }

    /// The clause that locks the rows a `SELECT` reads until the transaction ends, so that what
    /// it found (a claim's attempt) still holds when the transaction writes: `FOR UPDATE` on
    /// PostgreSQL; nothing on SQLite, whose writer holds the whole file.
    public var lockingRead: String {
        switch self {
        case .sqlite: ""
        case .postgresql: " FOR UPDATE"
        }
    }
}
