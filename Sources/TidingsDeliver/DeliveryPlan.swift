import TidingsCore
import TidingsStore

/// Which items go to which channel in one run.
struct DeliveryPlan {
    /// One item on one channel.
    struct Leg {
        var item: NotificationRecord
        /// Attempts already made on this channel (0 for a first send).
        var attempts: Int

        /// The same item with another count of attempts.
        func with(attempts: Int) -> Leg { Leg(item: item, attempts: attempts) }
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

/// One run's plan and results, and how many legs each item still has open: an item is
/// settled in the same transaction that records its last leg, never before.
struct DeliveryStep {
    var plan = DeliveryPlan()
    var results: DeliveryResults
    /// Items a closed pipe sent back to pending.
    var dueAgain = 0
    /// Why the first of them could not go.
    var firstUnsent: String?
    /// The claims this step holds, with their attempts: the fences of its outcomes.
    var fences = Fences()
    /// Legs not sent because another worker took their claim over.
    var takenOver = 0
    /// Outcomes refused because another worker took their claim over after they were sent.
    var refused = 0
    /// When the step's leases end (the earliest of them), on the run's clock: they are renewed
    /// once less than half a lease is left.
    var leaseEnds: EpochMillis = 0
    /// The zone the run's rules use (quiet hours for a nag's next repeat).
    var zone = Zone.current
    private var open: [String: Int] = [:]
    private var ready: Set<String> = []

    var now: EpochMillis { results.now }

    init(config: TidingsConfig, now: EpochMillis) {
        results = DeliveryResults(config: config, now: now)
    }

    /// Notes an item of this run; one with no leg to send is settled by the next `finished`.
    mutating func track(_ id: String) {
        guard open[id] == nil else { return }
        open[id] = 0
        ready.insert(id)
    }

    /// Routes `item` to `channel` as one more open leg of it.
    mutating func add(_ item: NotificationRecord, to channel: ChannelName, attempts: Int) {
        plan.add(item, to: channel, attempts: attempts)
        expect(item.id)
    }

    /// One more open leg of `id` (a fallback on its way).
    mutating func expect(_ id: String) {
        open[id, default: 0] += 1
        ready.remove(id)
    }

    /// One leg of each of `ids` is recorded.
    mutating func close(_ ids: [String]) {
        for id in ids {
            let left = max(0, (open[id] ?? 1) - 1)
            open[id] = left
            if left == 0 { ready.insert(id) }
        }
    }

    /// The items whose every leg is recorded since the last call.
    mutating func finished() -> Set<String> {
        defer { ready = [] }
        return ready
    }
}

/// The rows a run writes: a delivery row per leg, and retries for the ones to try again.
struct DeliveryResults {
    let config: TidingsConfig
    let now: EpochMillis
    var deliveries: [DeliveryRecord] = []
    var retries: [ScheduledRetry] = []
    /// The indexes in `deliveries` of desktop sends that found no desktop session.
    var noSession: Set<Int> = []
    var random = SystemRandomNumberGenerator()

    init(config: TidingsConfig, now: EpochMillis) {
        self.config = config
        self.now = now
    }

    /// Attempts allowed on `channel` before an item fails there.
    func maxAttempts(_ channel: ChannelName?) -> Int {
        switch channel {
        case .webhook(let name)?: return config.webhooks.first { $0.name == name }?.maxAttempts ?? 3
        case .email(let name)?: return config.emails.first { $0.name == name }?.maxAttempts ?? 3
        case .command(let name)?: return config.commands.first { $0.name == name }?.maxAttempts ?? 3
        case .stdout?, .desktop?, .inbox?, nil: return 3
        }
    }

    /// Adds a row per leg and schedules the retries; returns the legs that failed for good
    /// here, with the reason.
    @discardableResult
    mutating func record(
        _ legs: [DeliveryPlan.Leg], on name: ChannelName, outcomes: [ChannelResult.Outcome], platformInfo: [String?]
    ) -> [(leg: DeliveryPlan.Leg, reason: String)] {
        var finalFailures: [(leg: DeliveryPlan.Leg, reason: String)] = []
        let channel = name
        for (index, (leg, outcome)) in zip(legs, outcomes).enumerated() {
            let item = leg.item
            var row = DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: now,
                contentAge: item.contentFetchTime.map { now - $0 }, staleness: item.staleness, channel: channel,
                outcome: .delivered, platformInfo: index < platformInfo.count ? platformInfo[index] : nil, revision: item.revision)
            switch outcome {
            case .delivered:
                break
            case .failed(let reason):
                row.outcome = .failed
                row.failureReason = reason
            case .unavailable(let reason):
                row.outcome = .failed
                row.unavailable = true
                row.failureReason = "\(channel) unavailable: \(reason)"
            case .noSession(let reason):
                row.outcome = .failed
                row.unavailable = true
                row.failureReason = "\(channel) unavailable: \(reason)"
                noSession.insert(deliveries.count)
            case .notSent(let reason):
                // Not a result of this channel: the caller leaves these out.
                row.outcome = .failed
                row.failureReason = reason
            case .transient(let reason, let retryAfter):
                let attempts = leg.attempts + 1
                if attempts < maxAttempts(name) {
                    row.outcome = .retry
                    row.failureReason = reason
                    let next = RetryPolicy.nextAttempt(after: attempts, retryAfter: retryAfter, now: now, random: &random)
                    retries.append(
                        ScheduledRetry(
                            notificationId: item.id, channel: channel, attempts: attempts, nextAttemptAt: next, lastError: reason))
                } else {
                    row.outcome = .failed
                    row.failureReason = "gave up after \(attempts) attempts: \(reason)"
                }
            }
            if row.outcome == .failed, let reason = row.failureReason {
                finalFailures.append((leg, reason))
            }
            deliveries.append(row)
        }
        return finalFailures
    }

    /// The row for a retry whose item expired while it waited: it is not tried again.
    mutating func recordExpired(_ item: NotificationRecord, on channel: ChannelName, zone: Zone) -> DeliveryRecord {
        let at = ISOTime.format(item.expiresAt ?? now, in: zone)
        let row = DeliveryRecord(
            notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: nil, contentAge: nil,
            staleness: item.staleness, channel: channel, outcome: .expired,
            failureReason: "expired at \(at) before it could be tried again", revision: item.revision)
        deliveries.append(row)
        return row
    }
}

/// What one `deliver` run did, counted per item and channel.
public struct DeliverOutcome: Sendable, Equatable {
    /// Sends a channel took.
    public var delivered = 0
    /// Sends that failed for good.
    public var failed = 0
    /// Delivered items a channel took back (a cancelled meeting's reminder).
    public var cleared = 0
    /// Sends to try again later.
    public var retrying = 0
    /// Repeats of items that nag until seen (`NagRule`), sent or tried: outside `delivered`.
    public var repeated = 0
    /// Items found older than the grace period, marked missed.
    public var missed = 0
    /// Of the missed and expired ones, items the pending cap kept in the backlog until then.
    public var capped = 0
    /// Items whose expiry came before they were sent.
    public var expired = 0
    /// Items whose category is routed to no channel.
    public var cancelled = 0
    /// Sends a run that died may have made on an at-most-once channel: failed, not repeated.
    public var interrupted = 0
    /// Backlogged items this run moved into free pending places.
    public var promoted = 0
    /// Items and retries a run that died had claimed, taken over by this run.
    public var resumed = 0
    /// Items a channel could not take at all (a closed pipe): due again for the next run.
    public var dueAgain = 0
    /// Legs not sent because another worker took their claim over (this run's lease had expired).
    public var takenOver = 0
    /// Outcomes refused because another worker had taken their claim over: the later worker's
    /// stand, these are kept as suspected duplicates.
    public var refused = 0
    /// Desktop sends that found no desktop session at all (a machine without a desktop):
    /// the items went to the inbox instead, and that is this machine's state, not a failure.
    public var noDesktop = 0
    /// Items handed to a target's server ahead of their time (replacements included).
    public var handedOver = 0
    /// Copies taken back from a target's server before their time.
    public var withdrawn = 0
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
    public var idle: Bool {
        delivered + cleared + repeated + failed + noDesktop + retrying + missed + expired + cancelled + interrupted + resumed + dueAgain + promoted
            + takenOver + refused + handedOver + withdrawn == 0
    }

    mutating func add(_ results: DeliveryResults) {
        for (index, row) in results.deliveries.enumerated() {
            switch row.outcome {
            case .delivered: delivered += 1
            case .cleared: cleared += 1
            case .repeated: repeated += 1
            case .retry: retrying += 1
            case .expired: expired += 1
            case .missed: missed += 1
            case .failed where results.noSession.contains(index):
                noDesktop += 1
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
        if cleared > 0 { text += ", \(cleared) cleared" }
        if repeated > 0 { text += ", \(repeated) repeated (nag until seen)" }
        if capped > 0 { text += " (\(capped) held back by the pending cap)" }
        if retrying > 0 { text += ", \(retrying) to retry" }
        if cancelled > 0 { text += ", \(cancelled) routed nowhere" }
        if interrupted > 0 { text += ", \(interrupted) interrupted" }
        if resumed > 0 { text += ", \(resumed) resumed from a run that died" }
        if dueAgain > 0 { text += ", \(dueAgain) due again" }
        if takenOver > 0 { text += ", \(takenOver) taken over by another worker" }
        if refused > 0 { text += ", \(refused) late outcomes refused" }
        if noDesktop > 0 { text += ", \(noDesktop) sent to the inbox for want of a desktop session" }
        if promoted > 0 { text += ", \(promoted) promoted from the backlog" }
        if handedOver > 0 { text += ", \(handedOver) handed over to show at their time" }
        if withdrawn > 0 { text += ", \(withdrawn) taken back from a server" }
        if let firstFailure { text += "; first failure: \(firstFailure)" }
        return text
    }

    /// ok, degraded when something failed, waits or was missed, failed when nothing got
    /// through. A desktop send that found no desktop session is neither: its item went to
    /// the inbox, where a failure would count.
    public var stageOutcome: StageOutcome {
        if failed + dueAgain > 0 && delivered + cleared == 0 && retrying == 0 { return .failed }
        return failed + missed + expired + interrupted + retrying + dueAgain > 0 ? .degraded : .ok
    }
}
