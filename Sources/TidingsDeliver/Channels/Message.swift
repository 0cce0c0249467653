import TidingsCore
import TidingsStore

/// What a channel gets to send: one notification as it is to be shown, made from its row by
/// `init(record:previous:)` and nothing else. It holds what the user sees (title, body, link,
/// the primary action), the keys a receiver needs to know a version again (the id and the
/// revision, the idempotency key, the receipt of the version an update replaces), the
/// timing, and the content's kind, category, staleness, image and data; never the store's
/// bookkeeping (claims, leases, attempts, state, fingerprints, who wrote the text).
public struct Message: Sendable, Equatable {
    /// The notification's stable id (`daily:2026-11-22`), the same for every version: results
    /// name it, and the ntfy sequence id and the e-mail thread are made from it.
    public var id: String
    /// 0 for a first send; each update of an item already delivered counts one up.
    public var revision: Int
    /// The platform info this channel gave for the last version it delivered, for an update
    /// or a clear (the desktop daemon's id, the Discord message's id); nil otherwise.
    public var previous: String?
    /// For a repeat of an item that nags until seen (`NagRule`), which repeat it is (1 for the
    /// first); 0 otherwise. A repeat is an update of the same version: it replaces the copy
    /// the channel showed where it can.
    public var nagRepeat = 0

    /// What kind of notification it is.
    public var kind: NotificationKind
    /// Its category (urgency, priority, the route).
    public var category: Category
    /// The title.
    public var title: String
    /// The body; a meeting reminder sent late already tells the countdown from the send time.
    public var body: String
    /// Where the primary action leads, when anywhere.
    public var link: String?
    /// Whether the content is fresh, stale or emergency text.
    public var staleness: Staleness
    /// The content item's own `data`, a JSON object as compact text; nil: none.
    public var data: String?
    /// What it is about (`content:daily/42`): the content image is found from it.
    public var subject: String?

    /// When it was due, in UTC.
    public var dueAt: EpochMillis
    /// The local wall time it was planned for (`2026-11-22T07:30`), in `plannedZone`.
    public var plannedLocal: String
    /// The zone it was planned in.
    public var plannedZone: String
    /// After this it is no use (a meeting's start); nil: never.
    public var expiresAt: EpochMillis?

    /// The message of `record` as it stands, with `previous`, this channel's platform info for
    /// the last version it delivered (for an update, or a clear), when known.
    public init(record: NotificationRecord, previous: String? = nil) {
        id = record.id
        revision = record.revision
        self.previous = previous
        kind = record.kind
        category = record.category
        title = record.title
        body = record.body
        link = record.deepLink
        staleness = record.staleness
        data = record.data
        subject = record.subject
        dueAt = record.dueAt
        plannedLocal = record.plannedLocal
        plannedZone = record.plannedZone
        expiresAt = record.expiresAt
    }

    /// Whether it updates a version already delivered, or repeats it (a nag).
    public var isUpdate: Bool { revision > 0 || nagRepeat > 0 }

    /// The idempotency key of this version: the id, then `#<revision>` for an update, so a
    /// receiver that drops repeats still takes an update, and `!<n>` for a nag's n-th repeat.
    /// E-mail's Message-ID is made from it.
    public var idempotencyKey: String {
        let version = revision > 0 ? "\(id)#\(revision)" : id
        return nagRepeat > 0 ? "\(version)!\(nagRepeat)" : version
    }

    /// For an update or a repeat, the id of what it replaces (its own: ids are stable); nil
    /// for a first send.
    public var replaces: String? { isUpdate ? id : nil }

    /// The label of the primary action, which opens the link: `Join` for a meeting, `View`
    /// otherwise.
    public var primaryAction: String { kind == .meeting ? "Join" : "View" }
}
