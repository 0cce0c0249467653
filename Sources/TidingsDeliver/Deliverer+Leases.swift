import TidingsCore
import TidingsStore

extension Deliverer {
    /// When a lease taken or renewed now ends, in a run started at `now`: the run's time plus
    /// how long it has run (`elapsed`), plus `TidingsDatabase.leaseLength`.
    func leaseUntil(_ now: EpochMillis) -> EpochMillis {
        now + elapsed() + TidingsDatabase.leaseLength
    }

    /// Milliseconds since this call, on the monotonic clock (never the wall clock, which may jump).
    static func monotonicElapsed() -> @Sendable () -> Int64 {
        let start = ContinuousClock.now
        return {
            let passed = ContinuousClock.now - start
            return passed.components.seconds * 1000 + passed.components.attoseconds / 1_000_000_000_000_000
        }
    }

    /// Records legs with the step's fences: what another worker took over since is refused
    /// (and counted); items claimed again for a leg still to come join the fences.
    func record(
        deliveries: [DeliveryRecord], retries: [ScheduledRetry], cancelled: [String: String] = [:], settle: Set<String>,
        hold: [String] = [], step: inout DeliveryStep
    ) throws(StoreError) {
        // Nothing to write is no transaction.
        guard !(deliveries.isEmpty && retries.isEmpty && cancelled.isEmpty && settle.isEmpty && hold.isEmpty) else { return }
        let recorded = try database.recordLegs(
            deliveries: deliveries, retries: retries, cancelled: cancelled, settle: settle, hold: hold, fences: step.fences, now: step.now)
        step.refused += recorded.refused
        step.fences.items.merge(recorded.held) { _, new in new }
        // A hold leases from the run's `now`: the step's leases end no later than that.
        if !recorded.held.isEmpty { step.leaseEnds = min(step.leaseEnds, step.now + TidingsDatabase.leaseLength) }
    }

    /// Checks the step's leases before a step of `legs` goes to `channel`, renewing them when
    /// less than half a lease is left (`renewsLeases`), and returns the legs whose claim still
    /// holds; on an at-most-once channel they are marked in flight in the same transaction. The
    /// others (another worker took them over, this run's lease having expired) are not sent,
    /// and count as taken over.
    func holding(_ legs: [DeliveryPlan.Leg], on channel: any Channel, step: inout DeliveryStep) throws(StoreError) -> [DeliveryPlan.Leg] {
        let marking = channel.guarantee == .atMostOnce
        let until = leaseUntil(step.now)
        let renewing = renewsLeases(step, until: until)
        let held = try database.renewLeases(
            step.fences, until: until, marking: marking ? legs.map { ($0.item.id, $0.item.revision) } : [],
            on: channel.name, renewing: renewing, now: step.now)
        if renewing { step.leaseEnds = until }
        let (kept, lost) = (
            legs.filter { step.fences.holds($0.item.id, on: channel.name, in: held) },
            legs.filter { !step.fences.holds($0.item.id, on: channel.name, in: held) }
        )
        if !lost.isEmpty {
            step.takenOver += lost.count
            step.close(lost.map(\.item.id))
        }
        return kept
    }

    /// Whether the step's leases are renewed now, a lease renewed until `until` being what a
    /// renewal would give: when less than half a lease is left of them. A fresh lease is only
    /// checked (read, not written), which costs a step no row writes.
    func renewsLeases(_ step: DeliveryStep, until: EpochMillis) -> Bool {
        step.leaseEnds - (until - TidingsDatabase.leaseLength) <= TidingsDatabase.leaseLength / 2
    }

    /// Runs `body` (a channel's step) while a heartbeat renews the step's leases every quarter
    /// of a lease on the monotonic clock, so that a step longer than a lease (a command that
    /// runs for minutes, webhook requests up to their timeouts) keeps its claims. A renewal
    /// that fails is tried again at the next beat; the step's outcome is fenced either way.
    func renewingLeases<T>(of step: DeliveryStep, during body: () async -> T) async -> T {
        let (database, fences, elapsed, now) = (self.database, step.fences, self.elapsed, step.now)
        guard !fences.isEmpty else { return await body() }
        let heartbeat = Task {
            while true {
                try await Task.sleep(for: .milliseconds(TidingsDatabase.leaseLength / 4))
                _ = try? database.renewLeases(fences, until: now + elapsed() + TidingsDatabase.leaseLength, now: now)
            }
        }
        defer { heartbeat.cancel() }
        return await body()
    }
}
