import TidingsCore
import TidingsStore

/// History as months of runs leave it, for the retention and disk-full tests.
public enum HistorySeed {
    /// Fills `database` with `count` items (`old:0` the newest), one every `spacing` before
    /// `now`, each delivered on stdout with its delivery row; `unread:0`, an inbox item older
    /// than all of them and never read; a failed fetch attempt and a plan run for every
    /// fourth item. Returns the items' ids.
    @discardableResult
    public static func fill(_ database: TidingsDatabase, count: Int, before now: EpochMillis, spacing: Int64) throws -> [String] {
        func item(_ id: String, due: EpochMillis) -> NotificationRecord {
            NotificationRecord(
                id: id, kind: .daily, category: .system, title: "Item \(id)", body: String(repeating: "news ", count: 40), deepLink: nil,
                dueAt: due, plannedLocal: "2026-01-01T07:30", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: due - 1)
        }
        let oldest = now - Int64(count + 1) * spacing
        let items = (0..<count).map { item("old:\($0)", due: now - Int64($0 + 1) * spacing) } + [item("unread:0", due: oldest)]
        _ = try database.applyPlan(items, now: oldest - 1)
        let claimed = try database.claimDue(at: now - 1)
        try database.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: $0.dueAt, contentAge: nil, staleness: .fresh,
                    channel: $0.id.hasPrefix("unread") ? .inbox : .stdout, outcome: .delivered)
            }, now: now - 1)
        for n in stride(from: 0, to: count, by: 4) {
            let at = now - Int64(n + 1) * spacing
            try database.recordFetch(
                url: "https://example.org/feed.json",
                attempt: FetchAttempt(source: "feed", startedAt: at, durationMs: 5, outcome: .network, reason: "connection refused"),
                update: .keep)
            try database.recordStageRun(StageRun(stage: .plan, startedAt: at, endedAt: at + 5, outcome: .ok, summary: "run \(n)"))
        }
        return items.map(\.id)
    }
}

extension HistorySeed {
    /// One notification delivered on the desktop a minute before each of `instants` and
    /// tapped at that instant (`tap:0`, …): the engagement history personalization reads.
    public static func taps(_ database: TidingsDatabase, at instants: [EpochMillis]) throws {
        for (index, instant) in instants.enumerated() {
            let item = NotificationRecord(
                id: "tap:\(index)", kind: .daily, category: .system, title: "Tapped", body: "Seen.", deepLink: nil,
                dueAt: instant - 60_000, plannedLocal: "2026-01-01T07:30", plannedZone: "UTC", staleness: .fresh,
                contentFetchTime: nil, now: instant - 120_000)
            _ = try database.applyPlan([item], now: instant - 120_000)
            for claimed in try database.claimDue(at: instant - 60_000) {
                try database.recordDeliveries(
                    [
                        DeliveryRecord(
                            notificationId: claimed.id, scheduledTime: claimed.dueAt, actualDeliveryTime: claimed.dueAt, contentAge: nil,
                            staleness: .fresh, channel: .desktop, outcome: .delivered)
                    ], now: instant - 60_000)
            }
            try database.recordEngagement(notificationId: item.id, channel: .desktop, engagement: .tapped, at: instant)
        }
    }
}
