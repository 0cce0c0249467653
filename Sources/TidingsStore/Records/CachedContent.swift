import GRDB
import TidingsCore

/// A content item in the last-known-good cache, with the source it came from.
public struct CachedContent: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "content"

    /// The source's name.
    public var source: String
    public var id: String
    public var title: String
    public var body: String
    public var scheduledTime: EpochMillis
    public var mediaUrl: String?
    public var fetchTime: EpochMillis
    public var deepLink: String?
    /// When it stops being shown; nil: never.
    public var expiresAt: EpochMillis?
    /// The item's `data` as compact JSON, as it came (plan checks it); nil: none.
    public var data: String?

    /// The cache row for `content` from `source`.
    public init(source: String, content: NotificationContent) {
        self.source = source
        id = content.id
        title = content.title
        body = content.body
        scheduledTime = content.scheduledTime
        mediaUrl = content.mediaUrl
        fetchTime = content.fetchTime
        deepLink = content.deepLink
        expiresAt = content.expiresAt
        data = content.data
    }

    /// The row without its fetch time: two fetches of the same item compare equal.
    var comparable: CachedContent {
        var row = self
        row.fetchTime = 0
        return row
    }

    /// The canonical `NotificationContent v1`.
    public var content: NotificationContent {
        NotificationContent(
            id: id, title: title, body: body, scheduledTime: scheduledTime,
            mediaUrl: mediaUrl, fetchTime: fetchTime, deepLink: deepLink, expiresAt: expiresAt, data: data)
    }
}
