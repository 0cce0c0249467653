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
            // The running totals of v25 (ReportTally), which also keep a failed send's reason
            // as it is grouped (trimmed, one character past the cut: SQLite's substr counts
            // code points, like `groupingKey`, and so does PostgreSQL's).
            var channels: [String: ChannelDeliveries] = [:]
            var reasons: [String: [String: Int]] = [:]
            for tally in try deliveryTallies(db, from: from, until: until) {
                var entry = channels[tally.channel] ?? ChannelDeliveries(channel: tally.channel)
                switch tally.outcome {
                case .delivered: entry.delivered += tally.count
                case .retry: entry.retried += tally.count
                case .failed:
                    entry.failed += tally.count
                    let key = ChannelDeliveries.groupingKey(tally.reason)
                    reasons[tally.channel, default: [:]][key, default: 0] += tally.count
                default: continue
                }
                channels[tally.channel] = entry
            }
            channels = channels.filter { $0.value.delivered + $0.value.failed + $0.value.retried > 0 }
            return channels.values.sorted { $0.channel < $1.channel }.map { entry in
                var entry = entry
                entry.reasons = (reasons[entry.channel] ?? [:]).filter { $0.value != 0 }
                    .map { ChannelDeliveries.Reason(reason: $0.key, count: $0.value) }
                    .sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
                return entry
            }
        }
    }
}
