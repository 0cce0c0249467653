import TidingsCore
import TidingsStore

extension Deliverer {
    /// Takes back what channels showed of items no longer wanted (`legs`, clears claimed from
    /// the outbox), a channel at a time and `chunkSize` legs at a time, and commits each
    /// step's outcome before the next, so that a kill repeats one step at most, as for sends:
    /// a `cleared` row, a retry on the webhook's schedule (the outbox row stays a clear), or a
    /// `failed` row once the attempts are spent. The items keep their state: they reached the
    /// user. A clear never falls back to another channel. A step whose deliveries cannot be
    /// read (what the channel kept of each, a Discord message's id) is not sent: it is tried
    /// again on the same schedule, with the reason.
    func clear(_ legs: [RetryLeg], step: inout DeliveryStep) async throws(StoreError) {
        let byChannel = Dictionary(grouping: legs, by: \.channel)
        for name in byChannel.keys.sorted() {
            let legs = byChannel[name] ?? []
            guard let channel = channels(name) else {
                try record(legs, outcomes: legs.map { _ in .failed("channel \(name) is not configured") }, step: &step)
                continue
            }
            var start = 0
            while start < legs.count {
                var chunk = Array(legs[start..<min(legs.count, start + max(1, channel.chunkSize))])
                start += chunk.count
                let held = try database.renewLeases(step.fences, until: leaseUntil(step.now), now: step.now)
                chunk = chunk.filter { step.fences.holds($0.notification.id, on: $0.channel, in: held) }
                guard !chunk.isEmpty else { continue }
                let items = chunk.map(\.notification)
                let previous: [String: String]
                do {
                    previous = try database.lastDeliveredPlatformInfo(ids: items.map(\.id), channel: name)
                } catch {
                    let reason = "the delivery to take back could not be read: \(error)"
                    try record(chunk, outcomes: items.map { _ in .transient(reason, retryAfter: nil) }, step: &step)
                    continue
                }
                let messages = items.map { Message(record: $0, previous: previous[$0.id]) }
                let results = await renewingLeases(of: step) { await channel.clear(messages, now: step.now) }
                let byID = Dictionary(results.map { ($0.id, $0.outcome) }, uniquingKeysWith: { first, _ in first })
                try record(chunk, outcomes: items.map { byID[$0.id] ?? .failed("the channel gave no result") }, step: &step)
            }
        }
    }

    /// Commits the outcome of one step of clears.
    private func record(_ legs: [RetryLeg], outcomes: [ChannelResult.Outcome], step: inout DeliveryStep) throws(StoreError) {
        let rowsBefore = step.results.deliveries.count
        let retriesBefore = step.results.retries.count
        step.results.recordClears(legs, outcomes: outcomes)
        try self.record(
            deliveries: Array(step.results.deliveries[rowsBefore...]), retries: Array(step.results.retries[retriesBefore...]), settle: [],
            step: &step)
    }
}

extension DeliveryResults {
    /// Adds a row per clear and schedules the ones to try again, as `record` does for sends.
    mutating func recordClears(_ legs: [RetryLeg], outcomes: [ChannelResult.Outcome]) {
        for (leg, outcome) in zip(legs, outcomes) {
            let item = leg.notification
            var row = DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: now, contentAge: nil,
                staleness: item.staleness, channel: leg.channel, outcome: .cleared, revision: item.revision)
            switch outcome {
            case .delivered:
                break
            case .failed(let reason), .unavailable(let reason), .noSession(let reason), .notSent(let reason):
                row.outcome = .failed
                row.failureReason = "clearing: \(reason)"
            case .transient(let reason, let retryAfter):
                let attempts = leg.attempts + 1
                if attempts < maxAttempts(leg.channel) {
                    row.outcome = .retry
                    row.failureReason = "clearing: \(reason)"
                    let next = RetryPolicy.nextAttempt(after: attempts, retryAfter: retryAfter, now: now, random: &random)
                    retries.append(
                        ScheduledRetry(
                            notificationId: item.id, channel: leg.channel, attempts: attempts, nextAttemptAt: next,
                            lastError: reason, clears: true))
                } else {
                    row.outcome = .failed
                    row.failureReason = "clearing: gave up after \(attempts) attempts: \(reason)"
                }
            }
            deliveries.append(row)
        }
    }
}
