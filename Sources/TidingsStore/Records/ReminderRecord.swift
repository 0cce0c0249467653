import GRDB
import TidingsCore

/// A repeating reminder the user added (`tidings add --every`): the rule each plan run
/// creates the coming occurrences from, as notifications of kind `reminder`.
public struct ReminderRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "reminder"

    /// `reminder:<token>`; an occurrence's id adds `@` and its local date (and time, for a
    /// repeat shorter than a day).
    public var id: String
    /// The category of every occurrence.
    public var category: Category
    /// The text of every occurrence.
    public var title: String
    public var body: String
    /// What every occurrence opens.
    public var deepLink: String?
    /// The channels chosen for it (stored comma-separated); nil: its category's route.
    public var channels: [ChannelName]?
    /// How it repeats, as `Repetition` writes it: `daily`, `weekdays`, `2h`.
    public var every: String
    /// When the first occurrence is due (before quiet hours move it): the wall time of every
    /// daily occurrence, the start every span is counted from.
    public var firstAt: EpochMillis
    /// No occurrence after this; nil: until stopped.
    public var untilAt: EpochMillis?
    /// The zone it was added in: occurrences are named by their wall time there, and keep
    /// that wall time in another zone (an alarm clock).
    public var zone: String
    /// When the user added it.
    public var createdAt: EpochMillis
    /// When it was stopped; nil while it runs.
    public var stoppedAt: EpochMillis?

    /// Creates a running rule.
    public init(
        id: String, category: Category, title: String, body: String, deepLink: String?, channels: [ChannelName]?,
        every: Repetition, firstAt: EpochMillis, untilAt: EpochMillis?, zone: String, now: EpochMillis
    ) {
        self.id = id
        self.category = category
        self.title = title
        self.body = body
        self.deepLink = deepLink
        self.channels = channels
        self.every = every.description
        self.firstAt = firstAt
        self.untilAt = untilAt
        self.zone = zone
        self.createdAt = now
    }

    /// Reads a row, the chosen channels parsed once from their stored text.
    public init(row: Row) throws {
        id = row["id"]
        category = try row.decode(forColumn: "category")
        title = row["title"]
        body = row["body"]
        deepLink = row["deepLink"]
        channels = NotificationRecord.channelList(row["channels"])
        every = row["every"]
        firstAt = row["firstAt"]
        untilAt = row["untilAt"]
        zone = row["zone"]
        createdAt = row["createdAt"]
        stoppedAt = row["stoppedAt"]
    }

    /// Writes the columns, the chosen channels as one text.
    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["category"] = category
        container["title"] = title
        container["body"] = body
        container["deepLink"] = deepLink
        container["channels"] = NotificationRecord.channelText(channels)
        container["every"] = every
        container["firstAt"] = firstAt
        container["untilAt"] = untilAt
        container["zone"] = zone
        container["createdAt"] = createdAt
        container["stoppedAt"] = stoppedAt
    }

    /// How it repeats; nil for a stored text this version does not read.
    public var repetition: Repetition? { try? Repetition(every) }
}

extension ReminderRecord {
    /// The columns, in table order.
    static let columnOrder = [
        "id", "category", "title", "body", "deepLink", "channels", "every", "firstAt", "untilAt", "zone", "createdAt", "stoppedAt",
    ]

    /// Reads a `reminder` row from either engine by column name, the chosen channels parsed
    /// once from their stored text. A category this version does not know throws, naming the column.
    init(store row: StoreRow) throws(StoreDecodingError) {
        id = try row.decode("id")
        category = try row.decode("category")
        title = try row.decode("title")
        body = try row.decode("body")
        deepLink = try row.decode("deepLink")
        channels = NotificationRecord.channelList(try row.decode("channels"))
        every = try row.decode("every")
        firstAt = try row.decode("firstAt")
        untilAt = try row.decode("untilAt")
        zone = try row.decode("zone")
        createdAt = try row.decode("createdAt")
        stoppedAt = try row.decode("stoppedAt")
    }

    /// The values of `columnOrder`, in that order, for either engine.
    var storeValues: [StoreValue] {
        [
            id.storeValue, category.storeValue, title.storeValue, body.storeValue, deepLink.storeValue,
            NotificationRecord.channelText(channels).storeValue, every.storeValue, firstAt.storeValue, untilAt.storeValue,
            zone.storeValue, createdAt.storeValue, stoppedAt.storeValue,
        ]
    }

    /// `INSERT` of every column, in `columnOrder`: a new rule.
    static let insertSQL =
        "INSERT INTO reminder (\(columnOrder.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columnOrder.count).joined(separator: ", ")))"
}
