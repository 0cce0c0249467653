import TidingsCore
import TidingsGenerate
import TidingsStore

/// Merges items due close together into one notification: three meeting reminders due within
/// five minutes become "3 meetings starting soon", eight social posts within half an hour
/// "8 new items". By hand (`tidings pending --group KIND`) or by a `[[digests]]` rule that
/// every plan run applies.
public struct Digest: Sendable {
    /// The items merged: every open item of a kind (by hand), or a rule's.
    public let candidates: DigestCandidates
    /// How far apart, at most, the due times of one digest's members lie.
    public let window: Int64
    /// The most members one digest takes.
    public let max: Int
    /// The language of the digest's title.
    public let language: TextLocale.Language

    /// A digest of the kind `group` over `window` milliseconds, as `tidings pending --group`
    /// makes, titled in `language`.
    public init(group: NotificationKind, window: Int64, language: TextLocale.Language = .en) {
        candidates = .kind(group)
        self.window = window
        max = Int.max
        self.language = language
    }

    /// The digests a `[[digests]]` rule makes, titled in `language`.
    public init(rule: TidingsConfig.DigestRule, language: TextLocale.Language = .en) {
        candidates = .rule(rule.members)
        window = rule.window
        max = rule.max
        self.language = language
    }

    /// Merges the open candidates in `database` at `now`, in one transaction, and returns each
    /// digest with its members (now cancelled in its favour until it is sent, when they take
    /// its state). Times in the digests' bodies are wall times in `zone`.
    public func run(database: TidingsDatabase, now: EpochMillis, zone: Zone) throws(StoreError) -> [DigestMerge] {
        try database.mergePending(candidates, now: now) { candidates in
            clusters(candidates).map { DigestMerge(digest: merge($0, now: now, zone: zone), members: $0) }
        }
    }

    /// The groups of `items` to merge, each earliest first: from the earliest item on, a
    /// cluster takes every item due within `window` of its first, up to `max`, so that all
    /// its members lie within `window` of each other. Items alone in their cluster are left out.
    public func clusters(_ items: [NotificationRecord]) -> [[NotificationRecord]] {
        var clusters: [[NotificationRecord]] = []
        var current: [NotificationRecord] = []
        for item in items.sorted(by: { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }) {
            if let first = current.first, item.dueAt - first.dueAt > window || current.count >= max {
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
    /// category, as stale as the stalest; its body lists each member's wall time in `zone` and
    /// title (a meeting's time is its start). A kind's digest opens the first link; a rule's
    /// lists items of their own, so it has none of theirs.
    public func merge(_ members: [NotificationRecord], now: EpochMillis, zone: Zone) -> NotificationRecord {
        let first = members[0]
        // Categories run from the most urgent (transactional) down, staleness from fresh up.
        let category = Category.allCases.first { category in members.contains { $0.category == category } } ?? .system
        let staleness = Staleness.allCases.last { staleness in members.contains { $0.staleness == staleness } } ?? .fresh
        let link: String? = if case .kind = candidates { members.lazy.compactMap(\.deepLink).first } else { nil }
        var digest = NotificationRecord(
            id: "digest:" + first.id, kind: .digest, category: category, title: title(count: members.count),
            body: body(members, zone: zone), deepLink: link, dueAt: first.dueAt,
            plannedLocal: first.plannedLocal, plannedZone: first.plannedZone, staleness: staleness,
            contentFetchTime: members.compactMap(\.contentFetchTime).min(), priority: members.map(\.priority).max() ?? 0,
            expiresAt: members.compactMap(\.expiresAt).min(), now: now)
        digest.fingerprint = members.map(\.id).joined(separator: "\u{1f}")
        return digest
    }

    /// `3 meetings starting soon`, `5 new items`, in the digest's language.
    func title(count: Int) -> String {
        switch candidates {
        case .kind(let kind), .rule(.kind(let kind)): Templates.digestTitle(of: kind, count: count, language: language)
        case .rule(.category): Templates.digestTitle(count: count, language: language)
        }
    }

    /// `09:00 Client review · 09:05 Design sync`, cut to the longest body content may have.
    func body(_ members: [NotificationRecord], zone: Zone) -> String {
        let text =
            members.map { member -> String in
                let instant = member.kind == .meeting ? member.expiresAt ?? member.dueAt : member.dueAt
                let second = zone.local(instant).secondOfDay
                return "\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2)) \(member.title)"
            }.joined(separator: " · ") as String
        return TextLimit.body.cut(text)
    }
}
