import TidingsCore
import TidingsStore

/// Which items go to which channel in one run.
struct DeliveryPlan {
    /// One item on one channel.
    struct Leg {
        var item: NotificationRecord
        /// Attempts already made on this channel (0 for a first send).
        var attempts: Int
    }

    private(set) var legs: [ChannelName: [Leg]] = [:]
    private var routed: Set<String> = []
    /// Items whose category is routed nowhere, with the reason.
    var cancelled: [String: String] = [:]

    mutating func add(_ item: NotificationRecord, to channel: ChannelName, attempts: Int) {
        legs[channel, default: []].append(Leg(item: item, attempts: attempts))
        routed.insert("\(item.id)\u{0}\(channel)")
    }

    /// Notes that `id` goes to `channel` as a fallback, so that no other fallback sends it there again.
    mutating func markRouted(_ id: String, to channel: ChannelName) {
        routed.insert("\(id)\u{0}\(channel)")
    }

    func isRouted(_ id: String, to channel: ChannelName) -> Bool {
        routed.contains("\(id)\u{0}\(channel)")
    }
}

/// The rows a run writes: a delivery row per leg, and retries for the ones to try again.
struct DeliveryResults {
    let config: TidingsConfig
    let now: EpochMillis
    var deliveries: [DeliveryRecord] = []
    var retries: [ScheduledRetry] = []
    var random = SystemRandomNumberGenerator()

    init(config: TidingsConfig, now: EpochMillis) {
        self.config = config
        self.now = now
    }

    /// Attempts allowed on `channel` before an item fails there.
    func maxAttempts(_ channel: String) -> Int {
        guard case .webhook(let name)? = ChannelName(channel) else { return 3 }
        return config.webhooks.first { $0.name == name }?.maxAttempts ?? 3
    }

    /// Adds a row per leg and schedules the retries; returns the legs that failed for good
    /// here, with the reason.
    @discardableResult
    mutating func record(
        _ legs: [DeliveryPlan.Leg], on channel: String, outcomes: [ChannelResult.Outcome], platformInfo: [String]?
    ) -> [(leg: DeliveryPlan.Leg, reason: String)] {
        var finalFailures: [(leg: DeliveryPlan.Leg, reason: String)] = []
        for (index, (leg, outcome)) in zip(legs, outcomes).enumerated() {
            let item = leg.item
            var row = DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: now,
                contentAge: item.contentFetchTime.map { now - $0 }, staleness: item.staleness, channel: channel,
                outcome: NotificationState.delivered.rawValue, platformInfo: platformInfo?[index], revision: item.revision)
            switch outcome {
            case .delivered:
                break
            case .failed(let reason):
                row.outcome = NotificationState.failed.rawValue
                row.failureReason = reason
            case .unavailable(let reason):
                row.outcome = NotificationState.failed.rawValue
                row.failureReason = "\(channel) unavailable: \(reason)"
            case .transient(let reason, let retryAfter):
                let attempts = leg.attempts + 1
                if attempts < maxAttempts(channel) {
                    row.outcome = "retry"
                    row.failureReason = reason
                    let next = RetryPolicy.nextAttempt(after: attempts, retryAfter: retryAfter, now: now, random: &random)
                    retries.append(ScheduledRetry(
                        notificationId: item.id, channel: channel, attempts: attempts, nextAttemptAt: next, lastError: reason))
                } else {
                    row.outcome = NotificationState.failed.rawValue
                    row.failureReason = "gave up after \(attempts) attempts: \(reason)"
                }
            }
            if row.outcome == NotificationState.failed.rawValue, let reason = row.failureReason {
                finalFailures.append((leg, reason))
            }
            deliveries.append(row)
        }
        return finalFailures
    }

    /// The row for a retry whose item expired while it waited: it is not tried again.
    mutating func recordExpired(_ item: NotificationRecord, on channel: String, zone: Zone) {
        let at = ISOTime.format(item.expiresAt ?? now, in: zone)
        deliveries.append(DeliveryRecord(
            notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: nil, contentAge: nil,
            staleness: item.staleness, channel: channel, outcome: NotificationState.expired.rawValue,
            failureReason: "expired at \(at) before it could be tried again", revision: item.revision))
    }
}

/// What one `deliver` run did, counted per item and channel.
public struct DeliverOutcome: Sendable, Equatable {
    /// Sends a channel took.
    public var delivered = 0
    /// Sends that failed for good.
    public var failed = 0
    /// Sends to try again later.
    public var retrying = 0
    /// Items found older than the grace period, marked missed.
    public var missed = 0
    /// Items whose expiry came before they were sent.
    public var expired = 0
    /// Items whose category is routed to no channel.
    public var cancelled = 0
    /// Claims left behind by a run that died, failed now.
    public var interrupted = 0
    /// The first failure reason, for the log.
    public var firstFailure: String?

    /// Counts as given; nothing done by default.
    public init(
        delivered: Int = 0, failed: Int = 0, retrying: Int = 0, missed: Int = 0, cancelled: Int = 0,
        interrupted: Int = 0, firstFailure: String? = nil
    ) {
        self.delivered = delivered
        self.failed = failed
        self.retrying = retrying
        self.missed = missed
        self.cancelled = cancelled
        self.interrupted = interrupted
        self.firstFailure = firstFailure
    }

    /// Whether the run found nothing to do.
    public var idle: Bool { delivered + failed + retrying + missed + expired + cancelled + interrupted == 0 }

    mutating func add(_ results: DeliveryResults) {
        for row in results.deliveries {
            switch row.outcome {
            case NotificationState.delivered.rawValue: delivered += 1
            case "retry": retrying += 1
            case NotificationState.expired.rawValue: expired += 1
            default:
                failed += 1
                firstFailure = firstFailure ?? row.failureReason
            }
        }
    }

    /// A one-line account for the log.
    public var summary: String {
        var text = "\(delivered) delivered, \(failed) failed, \(missed) missed"
        if expired > 0 { text += ", \(expired) expired" }
        if retrying > 0 { text += ", \(retrying) to retry" }
        if cancelled > 0 { text += ", \(cancelled) routed nowhere" }
        if interrupted > 0 { text += ", \(interrupted) interrupted" }
        if let firstFailure { text += "; first failure: \(firstFailure)" }
        return text
    }

    /// ok, degraded when something failed, waits or was missed, failed when nothing got through.
    public var stageOutcome: StageOutcome {
        if failed > 0 && delivered == 0 && retrying == 0 { return .failed }
        return failed + missed + expired + interrupted + retrying > 0 ? .degraded : .ok
    }
}
