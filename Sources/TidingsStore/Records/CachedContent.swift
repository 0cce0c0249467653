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

    /// The row without its fetch time: two fetches of the same item compare equal.
    var comparable: CachedContent {
        var row = self
        row.content.fetchTime = 0
        return row
    }
}
