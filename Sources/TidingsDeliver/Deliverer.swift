import TidingsCore
import TidingsGenerate
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
    /// Milliseconds since the run began, on a monotonic clock: what a lease renewed during
    /// the run adds to the run's `now` (which stays the time its rules use).
    public let elapsed: @Sendable () -> Int64
    /// The machine and run each delivery row names under `platform` in its platform info,
    /// read when the first row is written; nil: the rows carry the channel's part only.
    public let platform: HostPlatform?

    /// A deliverer over `database` following `config`'s routes (or `only`); `elapsed` counts
    /// from now on the monotonic clock unless given; `platform` goes into each row's platform info.
    public init(
        database: TidingsDatabase, config: TidingsConfig, only: ChannelName? = nil, elapsed: (@Sendable () -> Int64)? = nil,
        platform: HostPlatform? = nil, channels: @escaping (ChannelName) -> (any Channel)?
    ) {
        self.database = database
        self.config = config
        self.only = only
        self.channels = channels
        self.platform = platform
        self.elapsed = elapsed ?? Self.monotonicElapsed()
    }

    /// Delivers everything due at `now`: claims of runs that died are given back first;
    /// items past their expiry become expired and items later than the grace period missed;
    /// the rest are claimed atomically (each goes out once even when runs overlap), routed,
    /// sent a step at a time, and each step's outcome is committed before the next (see
    /// `DeliveryGuarantee`), with retries that are due. With nothing due it reads a few index
    /// entries and writes nothing. Runs that did something are recorded as stage runs.
    public func run(now: EpochMillis, zone: Zone) async throws(StoreError) -> DeliverOutcome {
        let grace = config.delivery.grace
        let cap = PendingCap(limit: config.plan.maxPending)
        let due = try database.hasDeliveryWork(at: now, missedBefore: now - grace, pendingLimit: cap.limit)
        let handing = due ? false : try hasHandOverWork(now: now)
        guard due || handing else { return DeliverOutcome() }
        let timer = StageTimer(stage: .deliver, now: now)
        var outcome = DeliverOutcome()
        let released = try database.releaseAbandonedClaims(now: now)
        outcome.interrupted = released.interrupted
        outcome.resumed = released.items + released.retries
        // Expiry wins over grace: nothing goes out after it, however late delivery may be.
        // Counted, not kept: a backlog of any size is settled a batch at a time.
        let expired = try database.markExpired(now: now, zone: zone, each: { _ in })
        outcome.expired = expired.count
        let missed = try database.markMissed(
            dueBefore: now - grace, now: now, each: { _ in },
            reason: { item in
                let late = "due \(ISOTime.format(item.dueAt, in: zone)), \(DurationText.format(now - item.dueAt)) late"
                guard TidingsDatabase.wasCapped(item) else { return "missed: \(late), grace is \(DurationText.format(grace))" }
                return "missed: \(TidingsDatabase.cappedMark) (plan.max_pending = \(config.plan.maxPending)): \(late)"
            })
        outcome.missed = missed.count
        outcome.capped = missed.capped + expired.capped

        // A place freed since the last run (a delivery, an expiry, a cancellation) is filled
        // from the backlog before the claim, so what it promotes goes out on time.
        outcome.promoted = try database.fillPendingPlaces(under: cap, now: now)

        // Batches of `claimBatch`, so that runs on several hosts share what is due; retries
        // and clears go with the first.
        var first = true
        while true {
            var step = DeliveryStep(config: config, now: now)
            step.leaseEnds = leaseUntil(now)
            step.zone = zone
            let claimed = try database.claimDue(at: now, limit: Self.claimBatch, leaseUntil: step.leaseEnds)
            let retries = first ? try database.claimDueRetries(at: now, leaseUntil: step.leaseEnds) : []
            first = false
            try await deliver(claimed, retries: retries, step: &step, zone: zone)
            outcome.add(step.results)
            outcome.cancelled += step.plan.cancelled.count
            outcome.dueAgain += step.dueAgain
            outcome.takenOver += step.takenOver
            outcome.refused += step.refused
            outcome.firstFailure = outcome.firstFailure ?? step.firstUnsent
            // Items a closed pipe gave back are due again, for the next run, not this one.
            if claimed.count < Self.claimBatch || step.dueAgain > 0 { break }
        }
        // The places this run freed are filled at once: the wake-up is armed for them, and
        // tidings pending shows them.
        outcome.promoted += try database.fillPendingPlaces(under: cap, now: now)
        // Last, so that it sees what this run settled and promoted.
        let handed = try await handOver(now: now)
        outcome.handedOver = handed.handedOver
        outcome.withdrawn = handed.withdrawn
        outcome.firstFailure = outcome.firstFailure ?? handed.problems.first
        if !outcome.idle {
            try database.recordStageRun(timer.finish(outcome: outcome.stageOutcome, summary: outcome.summary))
        }
        return outcome
    }

    /// How many due items one claim takes: a run goes on claiming batches until none is
    /// left, while runs on other hosts take the batches between.
    public static let claimBatch = 100

    /// Routes and sends one batch: `claimed` items (a resumed one only where it has no
    /// outcome yet) and `retries` (clears among them), recording each step as it goes.
    private func deliver(_ claimed: [NotificationRecord], retries: [RetryLeg], step: inout DeliveryStep, zone: Zone) async throws(StoreError) {
        let now = step.now
        step.fences.items = Dictionary(claimed.map { ($0.id, $0.claims) }, uniquingKeysWith: { first, _ in first })
        for leg in retries { step.fences.legs[Fences.Leg(id: leg.notification.id, channel: leg.channel)] = leg.claim }
        var earlierFailures: [ChannelName: [(leg: DeliveryPlan.Leg, reason: String, unavailable: Bool)]] = [:]
        let resumed = claimed.filter { $0.claims > 1 }
        let earlier = resumed.isEmpty ? [:] : try database.legStates(of: resumed)
        let server = try serverLegs(of: claimed, now: now)
        var serverRows: [DeliveryRecord] = []
        var serverShown: [ChannelName: [DeliveryPlan.Leg]] = [:]
        for item in claimed {
            let names = only.map { [$0] } ?? config.channels(for: item.category, chosen: item.chosenChannels)
            if names.isEmpty {
                step.plan.cancelled[item.id] =
                    item.chosenChannels == nil
                    ? "category \(item.category) is routed to no channel" : "its chosen channels are turned off or gone from the config"
                continue
            }
            // A resumed item goes only where it has no outcome yet.
            let legs = earlier[item.id] ?? [:]
            for name in legs.keys { step.plan.markRouted(item.id, to: name) }
            step.track(item.id)
            let shown = server.rows[item.id] ?? [:]
            for name in names {
                switch legs[name] {
                case nil:
                    if let row = shown[name] {
                        serverRows.append(row)
                        serverShown[name, default: []].append(DeliveryPlan.Leg(item: item, attempts: 0))
                    } else if server.late.contains(item.id) {
                        serverRows.append(unsentLeg(item, on: name, now: now, zone: zone))
                    } else {
                        step.add(item, to: name, attempts: 0)
                    }
                case .failed(let reason, let unavailable)?:
                    earlierFailures[name, default: []].append((DeliveryPlan.Leg(item: item, attempts: 0), reason, unavailable))
                case .delivered?, .waiting?, .expired?: break
                }
            }
        }
        var expiredRetries: [DeliveryRecord] = []
        var clears: [RetryLeg] = []
        var nags: [RetryLeg] = []
        for leg in retries {
            // A clear goes whatever the item's expiry: what the phone shows is wrong either way.
            if leg.clears {
                clears.append(leg)
                continue
            }
            if leg.nags {
                nags.append(leg)
                continue
            }
            let name = leg.channel
            guard leg.notification.expiresAt.map({ $0 > now }) ?? true else {
                expiredRetries.append(step.results.recordExpired(leg.notification, on: leg.channel, zone: zone))
                continue
            }
            step.track(leg.notification.id)
            step.add(leg.notification, to: name, attempts: leg.attempts)
        }
        try record(
            deliveries: expiredRetries, retries: [], cancelled: step.plan.cancelled, settle: Set(expiredRetries.map(\.notificationId)),
            step: &step)
        // A resumed item whose channel failed for good in the run that died still gets that
        // channel's fallback.
        for (name, failures) in earlierFailures {
            // The desktop's fallback is for what it could not take, not for what it refused.
            let falling = name == .desktop ? failures.filter(\.unavailable) : failures
            try await fallBack(falling.map { ($0.leg, $0.reason) }, from: name, to: fallbackTarget(of: name), step: &step)
        }
        // What a server showed by itself nags as any delivery does, from this run on.
        let retriesBefore = step.results.retries.count
        for (name, legs) in serverShown { armNags(legs, on: name, outcomes: legs.map { _ in .delivered }, step: &step) }
        try record(
            deliveries: serverRows, retries: Array(step.results.retries[retriesBefore...]), settle: step.finished(), step: &step)
        step.results.deliveries += serverRows

        for (name, legs) in step.plan.legs {
            try await send(legs, to: name, step: &step)
        }
        if !clears.isEmpty { try await clear(clears, step: &step) }
        if !nags.isEmpty { try await nag(nags, step: &step) }
    }

    /// Where the legs of `name` that failed go: the inbox for a desktop that could not take
    /// them, the target's fallback for a webhook, an e-mail target or a command.
    private func fallbackTarget(of name: ChannelName) -> ChannelName? {
        switch name {
        case .desktop: .inbox
        case .webhook(let webhook): config.webhooks.first(where: { $0.name == webhook })?.fallback
        case .email(let email): config.emails.first(where: { $0.name == email })?.fallback
        case .command(let command): config.commands.first(where: { $0.name == command })?.fallback
        case .stdout, .inbox: nil
        }
    }

    /// Sends `legs` to `name` a step at a time, committing each step's outcome before the
    /// next: legs on an at-most-once channel are marked in flight before they go. What the
    /// desktop cannot take goes to the inbox, what finally fails on a webhook to the target's
    /// fallback channel. `detours` names, by id, the channel a leg comes from when it is such
    /// a fallback.
    private func send(
        _ legs: [DeliveryPlan.Leg], to name: ChannelName, detours: [String: Detour] = [:], step: inout DeliveryStep
    ) async throws(StoreError) {
        guard let channel = channels(name) else {
            try await finish(
                legs, on: name, outcomes: legs.map { _ in .failed("channel \(name) is not configured") },
                platformInfo: nil, detours: detours, step: &step)
            return
        }
        switch await channel.state() {
        case .unavailable(let reason, _):
            try await finish(
                legs, on: name, outcomes: legs.map { _ in .unavailable(reason) },
                platformInfo: legs.map { _ in channel.platformInfo }, detours: detours, step: &step)
        case .noSession(let reason, _):
            try await finish(
                legs, on: name, outcomes: legs.map { _ in .noSession(reason) },
                platformInfo: legs.map { _ in channel.platformInfo }, detours: detours, step: &step)
        case .quiet(let reason):
            // Do-not-disturb: no popup and no sound. The items wait in the inbox instead, and
            // that is no failure of the desktop, so it gets no delivery row. Transactional
            // items (a meeting about to start) still go to the notification server at
            // critical urgency, which the desktops let through their do-not-disturb or keep
            // for when it ends; a test notification waits, to show what the others do.
            let urgent = legs.filter { $0.item.category == .transactional && $0.item.kind != .test }
            let held = legs.filter { $0.item.category != .transactional || $0.item.kind == .test }
            if !held.isEmpty {
                try await fallBack(held.map { ($0, "quiet: \(reason)") }, from: name, to: .inbox, step: &step)
                step.close(held.map(\.item.id))
                try record(deliveries: [], retries: [], settle: step.finished(), step: &step)
            }
            try await sendInSteps(urgent, to: channel, name: name, detours: detours, step: &step)
        case .available, .notDetermined:
            try await sendInSteps(legs, to: channel, name: name, detours: detours, step: &step)
        }
    }

    /// Sends `legs` to `channel` `chunkSize` at a time, marking each step in flight first
    /// on an at-most-once channel and committing its outcome before the next.
    private func sendInSteps(
        _ legs: [DeliveryPlan.Leg], to channel: any Channel, name: ChannelName, detours: [String: Detour], step: inout DeliveryStep
    ) async throws(StoreError) {
        var start = 0
        while start < legs.count {
            var chunk = Array(legs[start..<min(legs.count, start + max(1, channel.chunkSize))])
            start += chunk.count
            // The leases are checked before each step (renewed when half of one is gone), and
            // a leg whose claim another worker took over meanwhile is not sent.
            chunk = try holding(chunk, on: channel, step: &step)
            guard !chunk.isEmpty else { continue }
            let items = chunk.map { Self.retimed($0.item, now: step.now) }
            let (messages, unread) = self.messages(items, on: channel.name)
            let sent = await renewingLeases(of: step) { await channel.send(messages, now: step.now) }
            let byID = Dictionary(sent.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            try await finish(
                chunk, on: name,
                outcomes: items.map { byID[$0.id]?.outcome ?? .failed("the channel gave no result") },
                platformInfo: items.map { item in
                    Self.noting(unread, for: item, in: byID[item.id]?.platformInfo ?? channel.platformInfo)
                }, detours: detours, step: &step)
        }
    }

    /// Records how `legs` went on `name` in one transaction with the state of every item
    /// they finish, then sends the fallbacks of those that failed there.
    private func finish(
        _ legs: [DeliveryPlan.Leg], on name: ChannelName, outcomes: [ChannelResult.Outcome],
        platformInfo: [String]?, detours: [String: Detour], step: inout DeliveryStep
    ) async throws(StoreError) {
        let rowsBefore = step.results.deliveries.count
        let retriesBefore = step.results.retries.count
        var sentLegs: [DeliveryPlan.Leg] = []
        var sentOutcomes: [ChannelResult.Outcome] = []
        var sentInfo: [String?] = []
        var unsent: [String] = []
        for (index, (leg, outcome)) in zip(legs, outcomes).enumerated() {
            if case .notSent(let reason) = outcome {
                unsent.append(leg.item.id)
                step.firstUnsent = step.firstUnsent ?? reason
                continue
            }
            sentLegs.append(leg)
            sentOutcomes.append(outcome)
            var info = platformInfo?[index]
            if let detour = detours[leg.item.id], let base = info {
                var json = JSONLine(continuing: base)
                json.add("fallbackFrom", detour.from.description)
                json.add("reason", detour.reason)
                info = json.string
            }
            if let platform, let base = info { info = platform.adding(to: base) }
            sentInfo.append(info)
        }
        let failures = step.results.record(sentLegs, on: name, outcomes: sentOutcomes, platformInfo: sentInfo)
        armNags(sentLegs, on: name, outcomes: sentOutcomes, step: &step)
        // Which failures fall back is decided before the step is committed, so that an item
        // with a fallback to come is not settled yet.
        // The desktop's fallback is for what it could not take, not for what it refused.
        let unavailable = Set(
            zip(legs, outcomes).compactMap { leg, outcome -> String? in
                switch outcome {
                case .unavailable, .noSession: return leg.item.id
                default: return nil
                }
            })
        let fallbacks = name == .desktop ? failures.filter { unavailable.contains($0.leg.item.id) } : failures
        let target = fallbackTarget(of: name)
        let detoured = try fallbackLegs(fallbacks, from: name, to: target, step: &step)
        step.close(legs.map(\.item.id))
        step.dueAgain += unsent.count
        let retried = Set(legs.filter { $0.attempts > 0 }.map(\.item.id))
        try record(
            deliveries: Array(step.results.deliveries[rowsBefore...]), retries: Array(step.results.retries[retriesBefore...]),
            settle: step.finished().subtracting(unsent), hold: detoured.map(\.leg.item.id).filter { retried.contains($0) }, step: &step)
        try database.releaseUnsent(unsent, channel: name, fences: step.fences, now: step.now)
        if let target, !detoured.isEmpty {
            let detours = Dictionary(
                detoured.map { ($0.leg.item.id, Detour(from: name, reason: $0.reason)) }, uniquingKeysWith: { first, _ in first })
            try await send(detoured.map(\.leg), to: target, detours: detours, step: &step)
        }
    }

    /// `item` with its countdown slot filled from `now` in the reminder's language
    /// (`CountdownSlot`): the minutes really left when it is sent later than planned (a run a
    /// minute late, a retry), else as planned; the stored text keeps its slot. A reminder
    /// planned before the slot existed got it when `plan` ran again after v22.
    static func retimed(_ item: NotificationRecord, now: EpochMillis) -> NotificationRecord {
        guard CountdownSlot.count(in: item.body) > 0 else { return item }
        var filled = item
        filled.body = CountdownSlot.fill(item.body, dueAt: item.dueAt, start: item.expiresAt, now: now)
        return filled
    }

    /// Where a fallback leg comes from: the channel that could not take it, and why.
    struct Detour {
        var from: ChannelName
        var reason: String
    }

    /// Sends `legs` that `name` could not take to `target`, unless they reach it anyway (see
    /// `fallbackLegs`).
    private func fallBack(
        _ legs: [(leg: DeliveryPlan.Leg, reason: String)], from name: ChannelName, to target: ChannelName?, step: inout DeliveryStep
    ) async throws(StoreError) {
        guard let target else { return }
        let detoured = try fallbackLegs(legs, from: name, to: target, step: &step)
        guard !detoured.isEmpty else { return }
        let detours = Dictionary(detoured.map { ($0.leg.item.id, Detour(from: name, reason: $0.reason)) }, uniquingKeysWith: { first, _ in first })
        try await send(detoured.map(\.leg), to: target, detours: detours, step: &step)
    }

    /// The legs among `legs` that go to `target` as a fallback, now counted as open legs of
    /// their items: not those that reach it anyway, by this run's plan or their category's
    /// route, by an earlier fallback, or by a delivery of the same version in an earlier run.
    /// A target turned off gets nothing. When the earlier deliveries cannot be read, the legs
    /// go (a second copy is better than none), their reason saying so for the delivery row.
    private func fallbackLegs(
        _ legs: [(leg: DeliveryPlan.Leg, reason: String)], from name: ChannelName, to target: ChannelName?, step: inout DeliveryStep
    ) throws(StoreError) -> [(leg: DeliveryPlan.Leg, reason: String)] {
        guard let target, name != target, !config.isTurnedOff(target) else { return [] }
        let candidates = legs.filter { leg, _ in
            return !step.plan.isRouted(leg.item.id, to: target)
                && (only != nil || !config.channels(for: leg.item.category, chosen: leg.item.chosenChannels).contains(target))
        }
        guard !candidates.isEmpty else { return [] }
        let already: Set<String>
        var unread: String?
        do {
            already = try database.delivered(candidates.map { ($0.leg.item.id, $0.leg.item.revision) }, on: target)
        } catch {
            already = []
            unread = "whether it reached \(target) in an earlier run could not be read, so it is sent: \(error)"
        }
        let detoured = candidates.filter { !already.contains($0.leg.item.id) }.map { leg, reason in
            (leg.with(attempts: 0), unread.map { "\(reason); \($0)" } ?? reason)
        }
        for (leg, _) in detoured {
            step.plan.markRouted(leg.item.id, to: target)
            step.expect(leg.item.id)
        }
        return detoured
    }
}
