import TidingsCore

/// The table of migration v27-realtime-stream, the same on both engines: per stream URL, the
/// id of the last message `tidings listen` stored, and when.
public enum RealtimeStreamTable {
    /// The statement of v27-realtime-stream.
    public static let create = """
        CREATE TABLE realtimeStream (
            url TEXT PRIMARY KEY NOT NULL,
            lastId TEXT NOT NULL,
            lastAt BIGINT NOT NULL
        )
        """
}

extension TidingsDatabase {
    /// The id of the last message stored from the stream `url`, or nil before the first.
    public func realtimeLastId(url: String) throws(StoreError) -> String? {
        try snapshot("read the stream's last message") { db in
            try db.value("SELECT lastId FROM realtimeStream WHERE url = ?", [url.storeValue], as: String.self)
        }
    }

    /// Stores `item` (a message of the stream `url`, id `messageId`) unless a notification of
    /// its id is there already, and remembers `messageId` as the stream's last, in one
    /// transaction: a message a reconnect replays is never stored twice, and one that was
    /// stored is never asked for again. Returns whether `item` is new.
    @discardableResult
    public func recordPushed(_ item: NotificationRecord, url: String, messageId: String, now: EpochMillis) throws(StoreError) -> Bool {
        try transaction("store a pushed message") { db in
            let exists = try db.value("SELECT EXISTS (SELECT 1 FROM notification WHERE id = ?)", [item.id.storeValue], as: Bool.self) ?? false
            if !exists { _ = try db.execute(NotificationRecord.insertSQL, item.storeValues) }
            _ = try db.execute(
                """
                INSERT INTO realtimeStream (url, lastId, lastAt) VALUES (?, ?, ?)
                ON CONFLICT (url) DO UPDATE SET lastId = excluded.lastId, lastAt = excluded.lastAt
                """,
                [url.storeValue, messageId.storeValue, now.storeValue])
            return !exists
        }
    }
}
