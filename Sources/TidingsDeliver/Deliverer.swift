import TidingsCore
import TidingsStore

/// What one `deliver` run did.
public struct DeliverOutcome: Sendable, Equatable {
    /// Items handed to a channel.
    public var delivered = 0
    /// Items a channel refused.
    public var failed = 0
    /// Items found older than the grace period, marked missed.
    public var missed = 0
    /// Claims left behind by a run that died, failed now.
    public var interrupted = 0
    /// The first failure reason, for the log.
    public var firstFailure: String?

    /// Whether the run found nothing to do.
    public var idle: Bool { delivered + failed + missed + interrupted == 0 }

    /// A one-line account for the log.
    public var summary: String {
        var text = "\(delivered) delivered, \(failed) failed, \(missed) missed"
        if interrupted > 0 { text += ", \(interrupted) interrupted" }
        if let firstFailure { text += "; first failure: \(firstFailure)" }
        return text
    }

    /// ok, degraded when something failed or was missed, failed when nothing got through.
    public var stageOutcome: StageOutcome {
        if failed + interrupted > 0 && delivered == 0 { return .failed }
        return failed + missed + interrupted > 0 ? .degraded : .ok
    }
}

/// Sends what is due to its channel, never touching the network for content.
public struct Deliverer {
    public let database: TidingsDatabase
    public let config: TidingsConfig
    public let channel: any Channel

    /// A deliverer over `database` sending through `channel`.
    public init(database: TidingsDatabase, config: TidingsConfig, channel: any Channel) {
        self.database = database
        self.config = config
        self.channel = channel
    }

    /// Delivers everything due at `now`: items later than the grace period become missed,
    /// the rest are claimed atomically (each goes out once even when runs overlap), sent,
    /// and recorded. With nothing due it reads one index entry and writes nothing.
    /// Runs that did something are recorded as stage runs; idle ones leave no trace.
    public func run(now: EpochMillis, zone: Zone) throws(StoreError) -> DeliverOutcome {
        guard try database.hasDeliveryWork(at: now) else { return DeliverOutcome() }
        let timer = StageTimer(stage: .deliver, now: now)
        let outcome = try deliverDue(now: now, zone: zone)
        if !outcome.idle {
            try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        }
        return outcome
    }

    private func deliverDue(now: EpochMillis, zone: Zone) throws(StoreError) -> DeliverOutcome {
        var outcome = DeliverOutcome()

        outcome.interrupted = try database.failInterruptedClaims(now: now)
        let grace = config.delivery.grace
        outcome.missed = try database.markMissed(dueBefore: now - grace, now: now) { item in
            "missed: due \(ISOTime.format(item.dueAt, in: zone)), \(DurationText.format(now - item.dueAt)) late, grace is \(DurationText.format(grace))"
        }.count

        let claimed = try database.claimDue(at: now)
        guard !claimed.isEmpty else { return outcome }
        let byID = Dictionary(claimed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let platformInfo = channel.platformInfo
        let deliveries = channel.send(claimed, now: now).compactMap { result -> DeliveryRecord? in
            guard let item = byID[result.id] else { return nil }
            if let failure = result.failure {
                outcome.failed += 1
                outcome.firstFailure = outcome.firstFailure ?? failure
            } else {
                outcome.delivered += 1
            }
            return DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: now,
                contentAge: item.contentFetchTime.map { now - $0 }, staleness: item.staleness,
                channel: channel.name,
                outcome: result.failure == nil ? NotificationState.delivered.rawValue : NotificationState.failed.rawValue,
                failureReason: result.failure, platformInfo: platformInfo)
        }
        try database.recordDeliveries(deliveries, now: now)
        return outcome
    }
}
