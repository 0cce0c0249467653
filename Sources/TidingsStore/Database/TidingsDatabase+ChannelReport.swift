import Foundation
import TidingsCore

/// The sends on one channel over a report's window: how they ended, and why they failed.
public struct ChannelDeliveries: Sendable, Equatable {
    /// One failure reason and how many sends failed with it.
    public struct Reason: Sendable, Equatable {
        /// The reason, cut to `ChannelDeliveries.reasonLength` characters (then ending in `…`).
        public var reason: String
        /// Sends that failed for good with it.
        public var count: Int

        /// A reason and its count.
        public init(reason: String, count: Int) {
            self.reason = reason
            self.count = count
        }
    }

    /// The channel (`desktop`, `inbox`, `webhook:phone`).
    public var channel: String
    /// Sends the channel took.
    public var delivered = 0
    /// Sends that failed for good.
    public var failed = 0
    /// Sends that failed for now and were scheduled again (webhooks).
    public var retried = 0
    /// The failures grouped by reason, most frequent first; the counts add up to `failed`.
    public var reasons: [Reason] = []

    /// Reasons are grouped on their first this many characters, so that ones differing only
    /// in a long tail (a response body, a path) count together.
    public static let reasonLength = 80

    /// A channel's counts.
    public init(channel: String, delivered: Int = 0, failed: Int = 0, retried: Int = 0, reasons: [Reason] = []) {
        self.channel = channel
        self.delivered = delivered
        self.failed = failed
        self.retried = retried
        self.reasons = reasons
    }

    /// `reason` as it is grouped: trimmed, and cut to `reasonLength` characters with `…`.
    public static func groupingKey(_ reason: String?) -> String {
        let trimmed = (reason ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "no reason given" }
        let scalars = trimmed.unicodeScalars
        guard scalars.count > reasonLength else { return trimmed }
        var cut = String(String.UnicodeScalarView(scalars.prefix(reasonLength)))
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return cut + "…"
    }
}

extension TidingsDatabase {
    /// The sends of items due in `from ..< until`, per channel, sorted by channel name. Rows
    /// that name no channel (missed and expired items, claims of a run that died) are left
    /// out: they never reached a channel.
    public func channelDeliveries(from: EpochMillis, until: EpochMillis) throws(StoreError) -> [ChannelDeliveries] {
        try snapshot("count deliveries by channel") { db in
            // Each count is one range of the delivery_channel_outcome index; only failed rows
            // (few) are read for their reason. The channels are found by seeking the index
            // from one to the next, not by reading it all.
            let names = try db.values(
                """
                WITH RECURSIVE next(channel) AS (
                    SELECT min(channel) FROM delivery
                    UNION ALL
                    SELECT (SELECT min(channel) FROM delivery WHERE channel > next.channel) FROM next WHERE channel IS NOT NULL
                ) SELECT channel FROM next WHERE channel IS NOT NULL
                """, as: String.self)
            let window = [from.storeValue, until.storeValue]
            var channels: [String: ChannelDeliveries] = [:]
            var reasons: [String: [String: Int]] = [:]
            for name in names {
                func sends(_ outcome: DeliveryOutcome) throws -> Int {
                    try db.value(
                        "SELECT count(*) FROM delivery WHERE channel = ? AND outcome = ? AND scheduledTime >= ? AND scheduledTime < ?",
                        [name.storeValue, outcome.storeValue] + window, as: Int.self) ?? 0
                }
                // `replaced` rows, earlier versions of an item updated in place, are not counted.
                let entry = ChannelDeliveries(
                    channel: name, delivered: try sends(.delivered), failed: try sends(.failed), retried: try sends(.retry))
                guard entry.delivered + entry.failed + entry.retried > 0 else { continue }
                channels[name] = entry
                // SQLite's substr counts characters as code points, like `groupingKey`, and so
                // does PostgreSQL's; one more than the length tells a cut reason from one that
                // is exactly that long. The length is written in (PostgreSQL's substr takes no
                // bigint argument).
                for row in try db.rows(
                    """
                    SELECT substr(trim(failureReason), 1, \(ChannelDeliveries.reasonLength + 1)), count(*) FROM delivery
                    WHERE channel = ? AND outcome = 'failed' AND scheduledTime >= ? AND scheduledTime < ? GROUP BY 1
                    """, [name.storeValue] + window)
                {
                    let key = ChannelDeliveries.groupingKey(try row.decode(0, as: String?.self))
                    reasons[name, default: [:]][key, default: 0] += try row.decode(1, as: Int.self)
                }
            }
            return channels.values.sorted { $0.channel < $1.channel }.map { entry in
                var entry = entry
                entry.reasons = (reasons[entry.channel] ?? [:])
                    .map { ChannelDeliveries.Reason(reason: $0.key, count: $0.value) }
                    .sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
                return entry
            }
        }
    }
}
