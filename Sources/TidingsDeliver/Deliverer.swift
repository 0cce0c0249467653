import TidingsCore
import TidingsStore

/// Sends what is due to the channels its category routes to, never touching the network
/// for content.
public struct Deliverer {
    public let database: TidingsDatabase
    public let config: TidingsConfig
    /// The channel behind a name, or nil when it is not configured or not built here.
    public let channels: (ChannelName) -> (any Channel)?
    /// Send everything to this one channel instead of following the routes (`--channel`).
    public let only: ChannelName?

    /// A deliverer over `database` following `config`'s routes (or `only`).
    public init(database: TidingsDatabase, config: TidingsConfig, only: ChannelName? = nil, channels: @escaping (ChannelName) -> (any Channel)?) {
        self.database = database
        self.config = config
        self.only = only
        self.channels = channels
    }

    /// Delivers everything due at `now`: items later than the grace period become missed,
    /// the rest are claimed atomically (each goes out once even when runs overlap), routed,
    /// sent and recorded, with retries that are due. With nothing due it reads one index
    /// entry and writes nothing. Runs that did something are recorded as stage runs.
    public func run(now: EpochMillis, zone: Zone) async throws(StoreError) -> DeliverOutcome {
        guard try database.hasDeliveryWork(at: now) else { return DeliverOutcome() }
        let timer = StageTimer(stage: .deliver, now: now)
        var outcome = DeliverOutcome()
        outcome.interrupted = try database.failInterruptedClaims(now: now)
        let grace = config.delivery.grace
        outcome.missed = try database.markMissed(dueBefore: now - grace, now: now) { item in
            "missed: due \(ISOTime.format(item.dueAt, in: zone)), \(DurationText.format(now - item.dueAt)) late, grace is \(DurationText.format(grace))"
        }.count

        var plan = DeliveryPlan()
        for item in try database.claimDue(at: now) {
            let category = Category(rawValue: item.category) ?? .system
            let names = only.map { [$0] } ?? config.channels(for: category)
            if names.isEmpty {
                plan.cancelled[item.id] = "category \(item.category) is routed to no channel"
            }
            for name in names { plan.add(item, to: name, attempts: 0) }
        }
        for leg in try database.claimDueRetries(at: now) {
            guard let name = ChannelName(leg.channel) else { continue }
            plan.add(leg.notification, to: name, attempts: leg.attempts)
        }

        var results = DeliveryResults(config: config, now: now)
        for (name, legs) in plan.legs {
            await send(legs, to: name, plan: plan, results: &results)
        }
        try database.recordRun(deliveries: results.deliveries, retries: results.retries, cancelled: plan.cancelled, now: now)
        outcome.add(results)
        outcome.cancelled = plan.cancelled.count
        if !outcome.idle {
            try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        }
        return outcome
    }

    private func send(_ legs: [DeliveryPlan.Leg], to name: ChannelName, plan: DeliveryPlan, results: inout DeliveryResults) async {
        let items = legs.map(\.item)
        guard let channel = channels(name) else {
            results.record(legs, on: name.description, outcomes: items.map { _ in .failed("channel \(name) is not configured") }, platformInfo: nil)
            return
        }
        let state = await channel.state()
        let sent: [ChannelResult]
        switch state {
        case .unavailable(let reason, _):
            sent = items.map { ChannelResult(id: $0.id, outcome: .unavailable(reason)) }
        case .quiet(let reason):
            // Do-not-disturb: no popup and no sound. The items wait in the inbox instead, and
            // that is no failure of the desktop, so it gets no delivery row.
            await fallBack(legs, from: name, reasons: legs.map { _ in "quiet: \(reason)" }, plan: plan, results: &results)
            return
        case .available, .notDetermined:
            sent = await channel.send(items, now: results.now)
        }
        let byID = Dictionary(sent.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        results.record(legs, on: channel.name, outcomes: items.map { byID[$0.id]?.outcome ?? .failed("the channel gave no result") },
                       platformInfo: items.map { byID[$0.id]?.platformInfo ?? channel.platformInfo })

        // Where the desktop cannot take an item, the inbox keeps it.
        var unavailable: [DeliveryPlan.Leg] = []
        var reasons: [String] = []
        for leg in legs {
            if case .unavailable(let reason)? = byID[leg.item.id]?.outcome {
                unavailable.append(leg)
                reasons.append(reason)
            }
        }
        await fallBack(unavailable, from: name, reasons: reasons, plan: plan, results: &results)
    }

    /// Sends `legs` that `name` could not take to the inbox, unless they are routed there
    /// anyway or the inbox is turned off; each row says where it came from and why.
    private func fallBack(_ legs: [DeliveryPlan.Leg], from name: ChannelName, reasons: [String], plan: DeliveryPlan, results: inout DeliveryResults) async {
        let pairs = zip(legs, reasons).filter { leg, _ in !plan.isRouted(leg.item.id, to: .inbox) }
        let fallback = pairs.map(\.0)
        guard !fallback.isEmpty, name != .inbox, !config.disabledChannels.contains("inbox") else { return }
        let inbox = InboxChannel()
        let inboxResults = await inbox.send(fallback.map(\.item), now: results.now)
        results.record(fallback, on: inbox.name, outcomes: inboxResults.map(\.outcome), platformInfo: pairs.map { _, reason in
            var json = JSONLine()
            json.add("channel", inbox.name)
            json.add("fallbackFrom", name.description)
            json.add("reason", reason)
            return json.string
        })
    }
}
