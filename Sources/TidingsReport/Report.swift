import TidingsCore
import TidingsStore

/// What a report breaks its counts down by (`report --by`).
public enum ReportBreakdown: String, Sendable, CaseIterable {
    /// The sends on each channel, with their failure reasons.
    case channel
}

/// The pipeline's health over a window: four rates and the counts behind them, and when
/// each program last succeeded.
public struct Report: Sendable, Equatable {
    /// Start of the window (inclusive).
    public var since: EpochMillis
    /// End of the window (exclusive).
    public var until: EpochMillis
    /// The raw counts.
    public var counts: ReportCounts
    /// When each stage last succeeded, as the database was read (before this run was logged).
    public var activity = StageActivity()
    /// The sends by channel, when the report was asked to break them down (`--by channel`).
    public var channels: [ChannelDeliveries]?
    /// The sources whose last attempt failed, as the database was read (whatever the window).
    public var failingSources: [SourceFailure] = []
    /// The error of the config file (file, line, key and what is wrong) while the programs
    /// go on with its last good version; nil when it loads.
    public var configError: String?

    /// Builds the report for `since ..< until` from `database`, broken down by `breakdown`.
    /// With `sources` (the config's source names), the failing ones among them are named.
    public static func build(
        database: TidingsDatabase, since: EpochMillis, until: EpochMillis, engagementChannels: [ChannelName],
        breakdown: ReportBreakdown? = nil, sources: Set<String>? = nil
    ) throws(StoreError) -> Report {
        var report = Report(
            since: since, until: until,
            counts: try database.reportCounts(from: since, until: until, engagementChannels: engagementChannels),
            activity: try database.stageActivity())
        report.failingSources = try database.failingSources(among: sources)
        if breakdown == .channel {
            report.channels = try database.channelDeliveries(from: since, until: until)
        }
        return report
    }

    /// Builds the report and records the run in the stage log (started at `now`).
    public static func generate(
        database: TidingsDatabase, since: EpochMillis, until: EpochMillis, engagementChannels: [ChannelName],
        breakdown: ReportBreakdown? = nil, sources: Set<String>? = nil, now: EpochMillis
    ) throws(StoreError) -> Report {
        let timer = StageTimer(stage: .report, now: now)
        let report = try build(
            database: database, since: since, until: until, engagementChannels: engagementChannels, breakdown: breakdown,
            sources: sources)
        let summary = report.rates.map { "\($0.label) \(percent($0.value))" }.joined(separator: ", ")
        try database.recordStageRun(timer.finish(outcome: .ok, summary: summary))
        return report
    }

    /// Fetch attempts in the window.
    public var fetchAttempts: Int { counts.fetchOutcomes.values.reduce(0, +) + counts.unknownFetchOutcomes }
    /// Of those, ok or not modified.
    public var fetchSucceeded: Int { counts.fetchOutcomes.filter(\.key.isSuccess).values.reduce(0, +) }
    /// Items due in the window that reached the user (delivered, read or dismissed).
    public var delivered: Int { counts.notificationStates.filter(\.key.reachedUser).values.reduce(0, +) }
    /// Items due in the window that were missed.
    public var missed: Int { counts.notificationStates[.missed, default: 0] }
    /// Items due in the window that failed.
    public var failed: Int { counts.notificationStates[.failed, default: 0] }
    /// Items due in the window that expired before they could be sent.
    public var expired: Int { counts.notificationStates[.expired, default: 0] }
    /// Items due in the window that have an outcome: delivered, missed, failed or expired.
    public var concluded: Int { delivered + missed + failed + expired }
    /// Delivered items whose text was stale or emergency.
    public var staleDelivered: Int {
        counts.deliveredStaleness[.stale, default: 0] + counts.deliveredStaleness[.emergency, default: 0]
    }

    /// Notifications due in the window (except cancelled ones) whose text a generator wrote.
    public var generated: Int { counts.generators.values.reduce(0, +) }

    /// Each generator's count and share of `generated` (nil when nothing was generated):
    /// `template`, `llm` and `llm-fallback` always, then any other name found, sorted.
    public var generatorShares: [(name: String, count: Int, share: Double?)] {
        let known = Generator.allCases.map(\.rawValue)
        let names = known + counts.generators.keys.filter { !known.contains($0) }.sorted()
        return names.map { name in
            let count = counts.generators[name, default: 0]
            return (name, count, ratio(count, generated))
        }
    }

    /// (ok + not_modified) / attempts.
    public var fetchSuccessRate: Double? { ratio(fetchSucceeded, fetchAttempts) }
    /// delivered / (delivered + missed + failed + expired), items due in the window.
    public var deliveryRate: Double? { ratio(delivered, concluded) }
    /// Notifications tapped / notifications that reached a channel that reports engagement.
    public var engagementRate: Double? { ratio(counts.tapped, counts.engageableNotifications) }
    /// (stale + emergency) / delivered.
    public var staleContentRate: Double? { ratio(staleDelivered, delivered) }

    /// The rates in a fixed order, with their machine names and the counts they divide.
    public var rates: [(name: String, label: String, value: Double?, part: Int, whole: Int)] {
        [
            ("fetch_success", "fetch success", fetchSuccessRate, fetchSucceeded, fetchAttempts),
            ("delivery", "delivery", deliveryRate, delivered, concluded),
            ("engagement", "engagement", engagementRate, counts.tapped, counts.engageableNotifications),
            ("stale_content", "stale content", staleContentRate, staleDelivered, delivered),
        ]
    }

    private func ratio(_ part: Int, _ whole: Int) -> Double? {
        whole == 0 ? nil : Double(part) / Double(whole)
    }
}
