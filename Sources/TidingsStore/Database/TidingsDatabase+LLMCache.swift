import TidingsCore

extension TidingsDatabase {
    /// The title and body an LLM wrote for the input hashed as `key`, when kept.
    public func llmAnswer(key: String) throws(StoreError) -> (title: String, body: String)? {
        try snapshot("read the LLM cache") { db in
            try db.row("SELECT title, body FROM llmCache WHERE key = ?", [key.storeValue])
                .map { row in (title: try row.decode(0, as: String.self), body: try row.decode(1, as: String.self)) }
        }
    }

    /// Keeps a valid answer of the LLM under `key` (the hash of its input), replacing an older one.
    public func saveLLMAnswer(key: String, title: String, body: String, now: EpochMillis) throws(StoreError) {
        try transaction("save an LLM answer") { db in
            _ = try db.execute(
                """
                INSERT INTO llmCache (key, title, body, createdAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET title = excluded.title, body = excluded.body, createdAt = excluded.createdAt
                """,
                [key.storeValue, title.storeValue, body.storeValue, now.storeValue])
        }
    }
}
