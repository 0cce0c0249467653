/// The printed forms of a notification, one home for the stored row (`tidings pending`,
/// `plan --format`) and for the message `deliver` prints or hands a command.
public enum NotificationLine {
    /// What a line shows of a notification.
    public struct Fields: Sendable {
        /// The stable id.
        public var id: String
        /// What it is.
        public var kind: NotificationKind
        /// Its category.
        public var category: Category
        /// The title.
        public var title: String
        /// The body.
        public var body: String
        /// When it is due.
        public var dueAt: EpochMillis
        /// How fresh its content is.
        public var staleness: Staleness
        /// The deep link, when there is one.
        public var link: String?
        /// Whether it updates a version already delivered.
        public var isUpdate: Bool

        /// The fields of a line.
        public init(
            id: String, kind: NotificationKind, category: Category, title: String, body: String, dueAt: EpochMillis,
            staleness: Staleness, link: String?, isUpdate: Bool
        ) {
            (self.id, self.kind, self.category, self.title, self.body) = (id, kind, category, title, body)
            (self.dueAt, self.staleness, self.link, self.isUpdate) = (dueAt, staleness, link, isUpdate)
        }
    }

    /// One JSON object: id, kind, category, title, body, scheduledAt (ISO 8601 with the local
    /// offset in `zone`), then `deliveredAt` for a delivery, staleness, deepLink (null when
    /// none), state, and for a delivery `replaces` (the id an update replaces, null for a
    /// first send).
    public static func json(_ fields: Fields, state: NotificationState, deliveredAt: EpochMillis?, zone: Zone) -> String {
        var json = JSONLine()
        json.add("id", fields.id)
        json.add("kind", fields.kind)
        json.add("category", fields.category)
        json.add("title", fields.title)
        json.add("body", fields.body)
        json.add("scheduledAt", ISOTime.format(fields.dueAt, in: zone))
        if let deliveredAt { json.add("deliveredAt", ISOTime.format(deliveredAt, in: zone)) }
        json.add("staleness", fields.staleness)
        json.add("deepLink", fields.link)
        json.add("state", deliveredAt == nil ? state : .delivered)
        if deliveredAt != nil { json.add("replaces", fields.isUpdate ? fields.id : nil) }
        return json.string
    }

    /// One line for people: `2026-11-22 07:30  Title — Body  <link>`, with `[stale]` or
    /// `[emergency]` and `[update]` when they apply.
    public static func text(_ fields: Fields, zone: Zone) -> String {
        let (date, second) = zone.local(fields.dueAt)
        let time = "\(date) \(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
        var line = "\(time)  \(fields.title) — \(fields.body)"
        if fields.staleness != .fresh { line += "  [\(fields.staleness)]" }
        if fields.isUpdate { line += "  [update]" }
        if let link = fields.link { line += "  <\(link)>" }
        return line
    }
}
