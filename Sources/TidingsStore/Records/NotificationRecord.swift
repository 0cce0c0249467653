import TidingsCore

/// One planned notification, from planning to its final state.
public struct NotificationRecord: Codable, Sendable, Equatable {

    /// A stable id such as `daily:2026-11-22`: planning again finds the same row.
    public var id: String
    public var kind: NotificationKind
    public var category: Category
    public var title: String
    public var body: String
    /// Where the primary action leads, when anywhere.
    public var deepLink: String?
    /// When it is due, in UTC.
    public var dueAt: EpochMillis
    /// The local wall time it was planned for (`2026-11-22T07:30`), in `plannedZone`.
    public var plannedLocal: String
    /// The zone it was planned in; a change of zone re-plans it.
    public var plannedZone: String
    public var staleness: Staleness
    /// The fetch time of the content it shows, when it shows fetched content.
    public var contentFetchTime: EpochMillis?
    /// Higher goes first.
    public var priority: Int
    public var state: NotificationState
    /// Why it is missed, failed or cancelled, in words for people: no code reads it (what
    /// code needs is in `hold`, `isAllDay`, `generator`, `generatorReason`).
    public var stateReason: String?
    /// When a `deliver` run claimed it.
    public var claimedAt: EpochMillis?
    public var createdAt: EpochMillis
    public var updatedAt: EpochMillis
    /// After this it is never delivered (a meeting's start, the end of the day); nil: never expires.
    public var expiresAt: EpochMillis?
    /// 0 for the first send; each update of an item already delivered counts one up.
    public var revision: Int = 0
    /// What it is about (`content:daily/42`, `event:…`): an update is sent only when the
    /// subject stays and the `fingerprint` changes.
    public var subject: String?
    /// A digest of the facts it shows (a meeting's start, end, title and link; a content
    /// item's text), compared whole: a change after delivery is sent as an update in place.
    /// No code reads its parts (what `tidings next` shows is in `startsAt` … `joinURL`).
    public var fingerprint: String?
    /// Who wrote the text (a fallback's reason is `generatorReason`); nil for text not
    /// generated (a remote schedule's entries, a test, a digest, rows planned before v7).
    public var generator: Generator?
    /// The attempt counter: one more for each claim by a `deliver` run and each takeover of
    /// a claim whose holder died or let its lease expire. More than one means a run held it
    /// before, and the channels that already have its outcome are skipped; a worker records
    /// an outcome only while it is still the count it claimed with (the fence).
    public var claims: Int = 0
    /// The `Claimant` token of the run holding the claim, while it is `delivering`.
    public var claimedBy: String?
    /// When the claim's lease ends unless its holder renews it (`TidingsDatabase.leaseLength`).
    public var leaseExpiresAt: EpochMillis?
    /// Additional data from the content item it shows, a JSON object as compact text (at most
    /// `ContentData.maxBytes`), for the json webhook format and commands; nil: none.
    public var data: String?
    /// The channels chosen for this item alone (`tidings add --channel`), stored comma-separated;
    /// nil: its category's route.
    public var channels: [ChannelName]?
    /// What a reminder the user added keeps when the zone changes: its wall time (`--at`) or
    /// its instant (`--in`); nil for anything planned (plan places it again) and for
    /// reminders added before v20 (they keep their instant).
    public var anchor: TimeAnchor?
    /// Why it waits or was left as it is: the pending cap, the user (v21).
    public var hold: Hold = []
    /// Whether it is about an all-day event (v21).
    public var isAllDay = false
    /// Why a language model's text was not used, when `generator` is `llm-fallback` (v21).
    public var generatorReason: String?
    /// The meeting occurrence a meeting reminder belongs to (`meeting:<uid>[:<recurrence>]`),
    /// the same for each of its lead times (v22); nil for other kinds.
    public var occurrence: String?
    /// How long before its meeting's start a meeting reminder is due, in milliseconds (v22);
    /// nil for an all-day reminder and other kinds.
    public var lead: Int64?
    /// The local date a daily update, weekly summary or insight is for (v22).
    public var day: LocalDate?
    /// A meeting reminder's meeting: its start, end, title and join link in its https form
    /// (nil without one), as `tidings next` shows it (v22).
    public var startsAt: EpochMillis?
    public var endsAt: EpochMillis?
    public var eventTitle: String?
    public var joinURL: String?

    /// Creates a pending notification.
    public init(
        id: String, kind: NotificationKind, category: Category, title: String, body: String,
        deepLink: String?, dueAt: EpochMillis, plannedLocal: String, plannedZone: String,
        staleness: Staleness, contentFetchTime: EpochMillis?, priority: Int = 0, expiresAt: EpochMillis? = nil, now: EpochMillis
    ) {
        self.id = id
        self.kind = kind
        self.category = category
        self.title = title
        self.body = body
        self.deepLink = deepLink
        self.dueAt = dueAt
        self.plannedLocal = plannedLocal
        self.plannedZone = plannedZone
        self.staleness = staleness
        self.contentFetchTime = contentFetchTime
        self.priority = priority
        self.expiresAt = expiresAt
        self.state = .pending
        self.createdAt = now
        self.updatedAt = now
    }

    /// The columns in table order, as `init(store:)` reads them; a test checks it against the schema.
    public static let columnOrder = [
        "id", "kind", "category", "title", "body", "deepLink", "dueAt", "plannedLocal", "plannedZone", "staleness",
        "contentFetchTime", "priority", "state", "stateReason", "claimedAt", "createdAt", "updatedAt", "expiresAt",
        "revision", "subject", "fingerprint", "generator", "claims", "claimedBy", "data", "channels", "anchor",
        "hold", "isAllDay", "generatorReason", "occurrence", "lead", "day", "startsAt", "endsAt", "eventTitle", "joinURL",
        "leaseExpiresAt",
    ]

    /// Whether two versions show the same thing at the same time (ignoring bookkeeping).
    public func plansSame(as other: NotificationRecord) -> Bool {
        kind == other.kind && category == other.category && title == other.title && body == other.body
            && deepLink == other.deepLink && dueAt == other.dueAt && plannedLocal == other.plannedLocal
            && plannedZone == other.plannedZone && staleness == other.staleness
            && contentFetchTime == other.contentFetchTime && priority == other.priority && state == other.state
            && expiresAt == other.expiresAt && subject == other.subject && fingerprint == other.fingerprint
            && generator == other.generator && data == other.data && channels == other.channels
            && anchor == other.anchor && isAllDay == other.isAllDay && generatorReason == other.generatorReason
            && occurrence == other.occurrence && lead == other.lead && day == other.day && startsAt == other.startsAt
            && endsAt == other.endsAt && eventTitle == other.eventTitle && joinURL == other.joinURL
    }

    /// Whether `replanned` shows the same subject with other facts: an item already delivered
    /// is then sent again as an update in place.
    public func isUpdated(by replanned: NotificationRecord) -> Bool {
        guard let subject, let fingerprint, replanned.subject == subject, let next = replanned.fingerprint else { return false }
        return next != fingerprint
    }
}

/// One delivery attempt or miss: `NotificationMetrics v1`.
public struct DeliveryRecord: Codable, Sendable, Equatable {
    public var notificationId: String
    /// When the notification was due.
    public var scheduledTime: EpochMillis
    /// When it was handed to the channel; nil when missed.
    public var actualDeliveryTime: EpochMillis?
    /// How old its content was at delivery, in milliseconds; nil for emergency text.
    public var contentAge: Int64?
    public var staleness: Staleness
    /// The channel it went to; nil when missed.
    public var channel: ChannelName?
    public var outcome: DeliveryOutcome
    /// What the user did with it, once known.
    public var engagement: Engagement?
    public var engagedAt: EpochMillis?
    public var failureReason: String?
    /// JSON describing the receiving side (the channel, later the notification daemon).
    public var platformInfo: String?
    /// The notification's revision this row sent (0 the first time, then each update). When a
    /// later revision reaches the same channel, this row's outcome becomes `replaced`: the
    /// rates count an item once per channel.
    public var revision: Int = 0
    /// Whether it failed because the channel could take nothing (no session bus, a secret
    /// missing), not because it refused this item (v23).
    public var unavailable = false

    /// Creates a row.
    public init(
        notificationId: String, scheduledTime: EpochMillis, actualDeliveryTime: EpochMillis?,
        contentAge: Int64?, staleness: Staleness, channel: ChannelName?, outcome: DeliveryOutcome,
        failureReason: String? = nil, platformInfo: String? = nil, revision: Int = 0
    ) {
        self.notificationId = notificationId
        self.scheduledTime = scheduledTime
        self.actualDeliveryTime = actualDeliveryTime
        self.contentAge = contentAge
        self.staleness = staleness
        self.channel = channel
        self.outcome = outcome
        self.failureReason = failureReason
        self.platformInfo = platformInfo
        self.revision = revision
    }

    /// The columns `insertSQL` writes (all but the row id), in `storeValues`' order.
    public static let insertedColumns = [
        "notificationId", "scheduledTime", "actualDeliveryTime", "contentAge", "staleness", "channel", "outcome",
        "engagement", "engagedAt", "failureReason", "platformInfo", "revision", "unavailable",
    ]

    /// An `INSERT` of a new row, to prepare once for many rows: a delivery run records one
    /// row per item and channel, and encoding each through `Encodable` cost more than SQLite.
    static let insertSQL = insertSQL(rows: 1)

    /// An `INSERT` of `rows` new rows in one statement.
    static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: insertedColumns.count).joined(separator: ", ") + ")"
        return "INSERT INTO delivery (\(insertedColumns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// Inserts `records` in order, up to 64 in one statement.
    static func insert(_ records: [DeliveryRecord], db: any StoreConnection) throws {
        var start = 0
        while start < records.count {
            let chunk = records[start..<min(start + 64, records.count)]
            try db.execute(chunk.count == 1 ? insertSQL : insertSQL(rows: chunk.count), chunk.flatMap(\.storeValues))
            start += chunk.count
        }
    }

}
