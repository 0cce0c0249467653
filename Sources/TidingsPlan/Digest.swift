import TidingsCore
import TidingsGenerate
import TidingsStore

/// Merges items of one kind due close together into one notification: three meeting
/// reminders due within five minutes become "3 meetings starting soon".
public struct Digest: Sendable {
    /// The kind whose items are merged (the group).
    public let group: NotificationKind
    /// How far apart, at most, the due times of one digest's members lie.
    public let window: Int64
    /// The language of the digest's title.
    public let language: TextLocale.Language

    /// A digest of `group` over `window` milliseconds, titled in `language`.
    public init(group: NotificationKind, window: Int64, language: TextLocale.Language = .en) {
        self.group = group
        self.window = window
        self.language = language
    }

    /// Merges the open items of the group in `database` at `now`, in one transaction, and
    /// returns each digest with its members (now cancelled in its favour). Times in the
    /// digests' bodies are wall times in `zone`.
    public func run(database: TidingsDatabase, now: EpochMillis, zone: Zone) throws(StoreError) -> [DigestMerge] {
        try database.mergePending(kind: group, now: now) { candidates in
            clusters(candidates).map { DigestMerge(digest: merge($0, now: now, zone: zone), members: $0) }
        }
    }

    /// The groups of `items` to merge, each earliest first: from the earliest item on, a
    /// cluster takes every item due within `window` of its first, so that all its members
    /// lie within `window` of each other. Items alone in their cluster are left out.
    public func clusters(_ items: [NotificationRecord]) -> [[NotificationRecord]] {
        var clusters: [[NotificationRecord]] = []
        var current: [NotificationRecord] = []
        for item in items.sorted(by: { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }) {
            if let first = current.first, item.dueAt - first.dueAt > window {
                clusters.append(current)
                current = []
            }
            current.append(item)
        }
        clusters.append(current)
        return clusters.filter { $0.count > 1 }
    }

    /// One notification in place of `members` (earliest first): due with the first, expiring
    /// with the first to expire, as important as the most important, in the most urgent
    /// category, as stale as the stalest, opening the first link; its body lists each
    /// member's wall time in `zone` and title (a meeting's time is its start).
    public func merge(_ members: [NotificationRecord], now: EpochMillis, zone: Zone) -> NotificationRecord {
        let first = members[0]
        // Categories run from the most urgent (transactional) down, staleness from fresh up.
        let category = Category.allCases.first { category in members.contains { $0.category == category } } ?? .system
        let staleness = Staleness.allCases.last { staleness in members.contains { $0.staleness == staleness } } ?? .fresh
        var digest = NotificationRecord(
            id: "digest:" + first.id, kind: .digest, category: category, title: title(count: members.count),
            body: body(members, zone: zone), deepLink: members.lazy.compactMap(\.deepLink).first, dueAt: first.dueAt,
            plannedLocal: first.plannedLocal, plannedZone: first.plannedZone, staleness: staleness,
            contentFetchTime: members.compactMap(\.contentFetchTime).min(), priority: members.map(\.priority).max() ?? 0,
            expiresAt: members.compactMap(\.expiresAt).min(), now: now)
        digest.fingerprint = members.map(\.id).joined(separator: "\u{1f}")
        return digest
    }

    /// `3 meetings starting soon`, in the digest's language.
    func title(count: Int) -> String { Templates.digestTitle(of: group, count: count, language: language) }

    /// `09:00 Client review · 09:05 Design sync`, cut to the longest body content may have.
    func body(_ members: [NotificationRecord], zone: Zone) -> String {
        let text = members.map { member -> String in
            let instant = group == .meeting ? member.expiresAt ?? member.dueAt : member.dueAt
            let second = zone.local(instant).secondOfDay
            return "\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2)) \(member.title)"
        }.joined(separator: " · ") as String
        let limit = ContentPayload.maxBodyLength
        return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}
