import GRDB
import TidingsCore

/// A content item in the last-known-good cache: the canonical `NotificationContent v1` and
/// the source it came from. The content's fields are read through it (`cached.title`); the
/// table's columns are the source's name and the content's nine fields.
@dynamicMemberLookup
public struct CachedContent: Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "content"

    /// The source's name.
    public var source: String
    /// The content as fetched.
    public var content: NotificationContent

    /// The cache row for `content` from `source`.
    public init(source: String, content: NotificationContent) {
        self.source = source
        self.content = content
    }

    /// A field of the content.
    public subscript<Value>(dynamicMember field: KeyPath<NotificationContent, Value>) -> Value {
        content[keyPath: field]
    }

    /// Reads a row of the `content` table.
    public init(row: Row) throws {
        source = row["source"]
        content = NotificationContent(
            id: row["id"], title: row["title"], body: row["body"], scheduledTime: row["scheduledTime"],
            mediaUrl: row["mediaUrl"], fetchTime: row["fetchTime"], deepLink: row["deepLink"], expiresAt: row["expiresAt"],
            data: row["data"])
    }

    /// Writes a row of the `content` table.
    public func encode(to container: inout PersistenceContainer) throws {
        container["source"] = source
        container["id"] = content.id
        container["title"] = content.title
        container["body"] = content.body
        container["scheduledTime"] = content.scheduledTime
        container["mediaUrl"] = content.mediaUrl
        container["fetchTime"] = content.fetchTime
        container["deepLink"] = content.deepLink
        container["expiresAt"] = content.expiresAt
        container["data"] = content.data
    }

    /// Reads a row of the `content` table from either engine, by column name.
    init(store row: StoreRow) throws(StoreDecodingError) {
        source = try row.decode("source")
        content = NotificationContent(
            id: try row.decode("id"), title: try row.decode("title"), body: try row.decode("body"),
            scheduledTime: try row.decode("scheduledTime"), mediaUrl: try row.decode("mediaUrl"), fetchTime: try row.decode("fetchTime"),
            deepLink: try row.decode("deepLink"), expiresAt: try row.decode("expiresAt"), data: try row.decode("data"))
    }

    /// Inserts a row of the `content` table.
    static let insertSQL = """
        INSERT INTO content (source, id, title, body, scheduledTime, mediaUrl, fetchTime, deepLink, expiresAt, data)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The values of `insertSQL`, in its order.
    var storeValues: [StoreValue] {
        [
            source.storeValue, content.id.storeValue, content.title.storeValue, content.body.storeValue,
            content.scheduledTime.storeValue, content.mediaUrl.storeValue, content.fetchTime.storeValue,
            content.deepLink.storeValue, content.expiresAt.storeValue, content.data.storeValue,
        ]
    }

    /// The row without its fetch time: two fetches of the same item compare equal.
    var comparable: CachedContent {
        var row = self
        row.content.fetchTime = 0
        return row
    }
}
