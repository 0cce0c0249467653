/// Milliseconds since 1970-01-01T00:00:00Z, the unit of every stored instant.
public typealias EpochMillis = Int64

/// One piece of fetched content, the canonical `NotificationContent v1`.
public struct NotificationContent: Sendable, Equatable {
    /// The producer's id for this content, unique within its source.
    public var id: String
    /// A short headline (at most 80 characters).
    public var title: String
    /// The message (at most 280 characters).
    public var body: String
    /// When the producer means the content to be shown.
    public var scheduledTime: EpochMillis
    /// An optional picture or sound to show with it.
    public var mediaUrl: String?
    /// When it was fetched, or last confirmed unchanged by a conditional GET.
    public var fetchTime: EpochMillis
    /// Extension: where the primary action leads (https or an allow-listed app scheme).
    public var deepLink: String?
    /// Extension: after this it is not shown any more (epoch ms); nil: it never expires.
    public var expiresAt: EpochMillis?
    /// Extension: additional data for the notification, a free-form JSON value as compact
    /// text; plan keeps it when it is an object of at most `ContentData.maxBytes`.
    public var data: String?

    /// Creates content from its fields.
    public init(
        id: String, title: String, body: String, scheduledTime: EpochMillis,
        mediaUrl: String? = nil, fetchTime: EpochMillis, deepLink: String? = nil, expiresAt: EpochMillis? = nil,
        data: String? = nil
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.scheduledTime = scheduledTime
        self.mediaUrl = mediaUrl
        self.fetchTime = fetchTime
        self.deepLink = deepLink
        self.expiresAt = expiresAt
        self.data = data
    }
}
