import TidingsCore
import TidingsStore

/// The pipeline's health over a window: four rates and the counts behind them.
public struct Report: Sendable, Equatable {
    /// Start of the window (inclusive).
    public var since: EpochMillis
    /// End of the window (exclusive).
    public var until: EpochMillis
    /// The raw counts.
    public var counts: ReportCounts

    /// Builds the report for `since ..< until` from `database`.
    public static func build(database: TidingsDatabase, since: EpochMillis, until: EpochMillis, engagementChannels: [String]) throws(StoreError) -> Report {
        Report(since: since, until: until, counts: try database.reportCounts(from: since, until: until, engagementChannels: engagementChannels))
    }

    /// Builds the report and records the run in the stage log (started at `now`).
    public static func generate(database: TidingsDatabase, since: EpochMillis, until: EpochMillis, engagementChannels: [String], now: EpochMillis) throws(StoreError) -> Report {
        let timer = StageTimer(stage: .report, now: now)
        let report = try build(database: database, since: since, until: until, engagementChannels: engagementChannels)
        let summary = report.rates.map { "\($0.label) \(percent($0.value))" }.joined(separator: ", ")
        try database.recordStageRun(timer.finish(outcome: .ok, summary: summary))
        return report
    }

    /// Fetch attempts in the window.
    public var fetchAttempts: Int { counts.fetchOutcomes.values.reduce(0, +) }
    /// Of those, ok or not modified.
    public var fetchSucceeded: Int {
        counts.fetchOutcomes.filter { FetchOutcome(rawValue: $0.key)?.isSuccess == true }.values.reduce(0, +)
    }
    /// Items due in the window that reached the user (delivered, read or dismissed).
    public var delivered: Int {
        counts.notificationStates.filter { NotificationState(rawValue: $0.key)?.reachedUser == true }.values.reduce(0, +)
    }
    /// Items due in the window that were missed.
    public var missed: Int { counts.notificationStates[NotificationState.missed.rawValue, default: 0] }
    /// Items due in the window that failed.
    public var failed: Int { counts.notificationStates[NotificationState.failed.rawValue, default: 0] }
    /// Delivered items whose text was stale or emergency.
    public var staleDelivered: Int {
        counts.deliveredStaleness[Staleness.stale.rawValue, default: 0]
            + counts.deliveredStaleness[Staleness.emergency.rawValue, default: 0]
    }

    /// (ok + not_modified) / attempts.
    public var fetchSuccessRate: Double? { ratio(fetchSucceeded, fetchAttempts) }
    /// delivered / (delivered + missed + failed), items due in the window.
    public var deliveryRate: Double? { ratio(delivered, delivered + missed + failed) }
    /// tapped / deliveries on channels that report engagement.
    public var engagementRate: Double? { ratio(counts.tapped, counts.engageableDeliveries) }
    /// (stale + emergency) / delivered.
    public var staleContentRate: Double? { ratio(staleDelivered, delivered) }

    /// The rates in a fixed order, with their machine names.
    public var rates: [(name: String, label: String, value: Double?)] {
        [
            ("fetch_success", "fetch success", fetchSuccessRate),
            ("delivery", "delivery", deliveryRate),
            ("engagement", "engagement", engagementRate),
            ("stale_content", "stale content", staleContentRate),
        ]
    }

    private func ratio(_ part: Int, _ whole: Int) -> Double? {
        whole == 0 ? nil : Double(part) / Double(whole)
    }
}
