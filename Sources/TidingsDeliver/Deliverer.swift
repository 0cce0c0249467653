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

    /// Delivers everything due at `now`: items past their expiry become expired and items
    /// later than the grace period missed; the rest are claimed atomically (each goes out
    /// once even when runs overlap), routed, sent and recorded, with retries that are due.
    /// With nothing due it reads a few index entries and writes nothing. Runs that did
    /// something are recorded as stage runs.
    public func run(now: EpochMillis, zone: Zone) async throws(StoreError) -> DeliverOutcome {
        guard try database.hasDeliveryWork(at: now) else { return DeliverOutcome() }
        let timer = StageTimer(stage: .deliver, now: now)
        var outcome = DeliverOutcome()
        outcome.interrupted = try database.failInterruptedClaims(now: now)
        // Expiry wins over grace: nothing goes out after it, however late delivery may be.
        outcome.expired = try database.markExpired(now: now, zone: zone).count
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
        var results = DeliveryResults(config: config, now: now)
        for leg in try database.claimDueRetries(at: now) {
            guard let name = ChannelName(leg.channel) else { continue }
            if let expiry = leg.notification.expiresAt, expiry <= now {
                results.recordExpired(leg.notification, on: leg.channel, zone: zone)
                continue
            }
            plan.add(leg.notification, to: name, attempts: leg.attempts)
        }

        for (name, legs) in plan.legs {
            await send(legs, to: name, plan: &plan, results: &results)
        }
        try database.recordRun(deliveries: results.deliveries, retries: results.retries, cancelled: plan.cancelled, now: now)
        outcome.add(results)
        outcome.cancelled = plan.cancelled.count
        if !outcome.idle {
            try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        }
        return outcome
    }

    /// Sends `legs` to `name` and records how each went. What the desktop cannot take goes
    /// to the inbox, what finally fails on a webhook to the target's fallback channel.
    /// `detours` names, by id, the channel a leg comes from when it is such a fallback.
    private func send(
        _ legs: [DeliveryPlan.Leg], to name: ChannelName, detours: [String: Detour] = [:],
        plan: inout DeliveryPlan, results: inout DeliveryResults
    ) async {
        let items = legs.map(\.item)
        guard let channel = channels(name) else {
            results.record(legs, on: name.description, outcomes: items.map { _ in .failed("channel \(name) is not configured") }, platformInfo: nil)
            return
        }
        let sent: [ChannelResult]
        switch await channel.state() {
        case .unavailable(let reason, _):
            sent = items.map { ChannelResult(id: $0.id, outcome: .unavailable(reason)) }
        case .quiet(let reason):
            // Do-not-disturb: no popup and no sound. The items wait in the inbox instead, and
            // that is no failure of the desktop, so it gets no delivery row.
            await fallBack(legs.map { ($0, "quiet: \(reason)") }, from: name, to: .inbox, plan: &plan, results: &results)
            return
        case .available, .notDetermined:
            let updates = items.filter { $0.revision > 0 }.map(\.id)
            let previous = updates.isEmpty ? [:] : ((try? database.lastDeliveredPlatformInfo(ids: updates, channel: channel.name)) ?? [:])
            sent = await channel.send(items, previous: previous, now: results.now)
        }
        let byID = Dictionary(sent.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let failures = results.record(
            legs, on: channel.name, outcomes: items.map { byID[$0.id]?.outcome ?? .failed("the channel gave no result") },
            platformInfo: items.map { item in
                let info = byID[item.id]?.platformInfo ?? channel.platformInfo
                guard let detour = detours[item.id] else { return info }
                var json = JSONLine(continuing: info)
                json.add("fallbackFrom", detour.from.description)
                json.add("reason", detour.reason)
                return json.string
            })

        switch name {
        case .desktop:
            // Where the desktop cannot take an item, the inbox keeps it.
            let unavailable = failures.compactMap { failure -> (DeliveryPlan.Leg, String)? in
                guard case .unavailable(let reason)? = byID[failure.leg.item.id]?.outcome else { return nil }
                return (failure.leg, reason)
            }
            await fallBack(unavailable, from: name, to: .inbox, plan: &plan, results: &results)
        case .webhook(let webhook):
            // An item that finally failed on a webhook goes to the target's fallback channel.
            guard let target = config.webhooks.first(where: { $0.name == webhook })?.fallback else { return }
            await fallBack(failures.map { ($0.leg, $0.reason) }, from: name, to: target, plan: &plan, results: &results)
        case .stdout, .inbox:
            break
        }
    }

    /// Where a fallback leg comes from: the channel that could not take it, and why.
    struct Detour {
        var from: ChannelName
        var reason: String
    }

    /// Sends `legs` that `name` could not take to `target`, unless they reach it anyway: by
    /// this run's plan or their category's route, by an earlier fallback, or by a delivery of
    /// the same version in an earlier run. A target turned off gets nothing.
    private func fallBack(
        _ legs: [(leg: DeliveryPlan.Leg, reason: String)], from name: ChannelName, to target: ChannelName,
        plan: inout DeliveryPlan, results: inout DeliveryResults
    ) async {
        guard name != target, !config.disabledChannels.contains(target.description) else { return }
        let candidates = legs.filter { leg, _ in
            let category = Category(rawValue: leg.item.category) ?? .system
            return !plan.isRouted(leg.item.id, to: target) && (only != nil || !config.channels(for: category).contains(target))
        }
        guard !candidates.isEmpty else { return }
        let already = (try? database.delivered(candidates.map { ($0.leg.item.id, $0.leg.item.revision) }, on: target.description)) ?? []
        let detoured = candidates.filter { !already.contains($0.leg.item.id) }
        guard !detoured.isEmpty else { return }
        for (leg, _) in detoured { plan.markRouted(leg.item.id, to: target) }
        let detours = Dictionary(detoured.map { ($0.leg.item.id, Detour(from: name, reason: $0.reason)) }, uniquingKeysWith: { first, _ in first })
        await send(detoured.map(\.leg), to: target, detours: detours, plan: &plan, results: &results)
    }
}
