import GRDB
import TidingsCore

extension TidingsDatabase {
    /// The title and body an LLM wrote for the input hashed as `key`, when kept.
    public func llmAnswer(key: String) throws(StoreError) -> (title: String, body: String)? {
        try read("read the LLM cache") { db in
            try Row.fetchOne(db, sql: "SELECT title, body FROM llmCache WHERE key = ?", arguments: [key])
                .map { row in (title: row[0], body: row[1]) }
        }
    }

    /// Keeps a valid answer of the LLM under `key` (the hash of its input), replacing an older one.
    public func saveLLMAnswer(key: String, title: String, body: String, now: EpochMillis) throws(StoreError) {
        try write("save an LLM answer") { db in
            try db.execute(
                sql: """
                    INSERT INTO llmCache (key, title, body, createdAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET title = excluded.title, body = excluded.body, createdAt = excluded.createdAt
                    """,
                arguments: [key, title, body, now])
        }
    }
}
