import TidingsCore
import TidingsStore

/// Nag until seen (`NagRule`): an item that nags is sent again on each channel that took it,
/// every `every` after the last time, until it is read, tapped, dismissed or snoozed, at
/// most `times` times. A repeat is an update in place of the same version (`Message.nagRepeat`):
/// the desktop replaces its popup, ntfy its message (the same sequence id), Discord edits
/// it; other channels show it again. Its delivery row is `repeated`, outside the rates.
extension Deliverer {
    /// The nag rule of each of `items` that nags: a reminder's own (`tidings add --nag`),
    /// else its kind's, else its category's (`[nag]`).
    func nagRules(_ items: [NotificationRecord]) throws(StoreError) -> [String: NagRule] {
        let reminders = items.filter { $0.kind == .reminder }.map(\.id)
        let own = reminders.isEmpty ? [:] : try database.ownNagRules(ids: reminders)
        var rules: [String: NagRule] = [:]
        for item in items {
            if let rule = own[item.id] ?? config.nag.rule(kind: item.kind, category: item.category) { rules[item.id] = rule }
        }
        return rules
    }

    /// Adds the first repeat of each of `legs` that `name` took and that nags to the step's
    /// retries, to be committed with the delivery. The inbox never nags (it keeps the item
    /// unread). When the rules cannot be read the items do not nag: the delivery's record
    /// comes first.
    func armNags(_ legs: [DeliveryPlan.Leg], on name: ChannelName, outcomes: [ChannelResult.Outcome], step: inout DeliveryStep) {
        guard name != .inbox else { return }
        let delivered = zip(legs, outcomes).compactMap { leg, outcome in outcome == .delivered ? leg.item : nil }
        guard !delivered.isEmpty, !config.nag.isEmpty || delivered.contains(where: { $0.kind == .reminder }) else { return }
        guard let rules = try? nagRules(delivered) else { return }
        for item in delivered {
            guard let rule = rules[item.id], let at = nextRepeat(of: item, rule: rule, after: step.now, zone: step.zone) else { continue }
            step.results.retries.append(
                ScheduledRetry(
                    notificationId: item.id, channel: name, attempts: 0, nextAttemptAt: at, lastError: "nag: repeat 1 of \(rule.times) waits",
                    nags: true))
        }
    }

    /// When the next repeat of `item` goes, `rule.every` after `now` (a non-transactional item's
    /// waits for the end of quiet hours); nil when its expiry comes first.
    func nextRepeat(of item: NotificationRecord, rule: NagRule, after now: EpochMillis, zone: Zone) -> EpochMillis? {
        let at = config.quietHours.adjusted(now + rule.every, category: item.category, in: zone)
        return at < (item.expiresAt ?? .max) ? at : nil
    }

    /// Sends the repeats `legs` (nag legs claimed from the outbox), a channel at a time and
    /// `chunkSize` legs at a time, committing each step's rows and next repeats before the
    /// next step, so that a kill repeats one step at most. A leg whose item is no longer
    /// delivered (read, dismissed, snoozed, updated) or was taken back, expired, or out of repeats leaves the
    /// outbox unsent; one due in quiet hours (not transactional) waits for their end; one
    /// whose channel cannot take it now counts as a repeat tried, with the reason.
    func nag(_ legs: [RetryLeg], step: inout DeliveryStep) async throws(StoreError) {
        let now = step.now
        let rules = try nagRules(legs.map(\.notification))
        var dropped: [Fences.Leg] = []
        var waiting: [ScheduledRetry] = []
        var due: [ChannelName: [(leg: RetryLeg, rule: NagRule)]] = [:]
        for leg in legs {
            let item = leg.notification
            guard item.state == .delivered, !item.hold.contains(.takenBack), let rule = rules[item.id], leg.attempts < rule.times,
                (item.expiresAt ?? .max) > now
            else {
                dropped.append(Fences.Leg(id: item.id, channel: leg.channel))
                continue
            }
            let at = config.quietHours.adjusted(now, category: item.category, in: step.zone)
            if at > now {
                waiting.append(
                    ScheduledRetry(
                        notificationId: item.id, channel: leg.channel, attempts: leg.attempts, nextAttemptAt: at,
                        lastError: "nag: waits for the end of quiet hours", nags: true))
                continue
            }
            due[leg.channel, default: []].append((leg, rule))
        }
        try database.dropNags(dropped, fences: step.fences)
        try record(deliveries: [], retries: waiting, settle: [], step: &step)
        for name in due.keys.sorted() {
            let legs = due[name] ?? []
            guard let channel = channels(name) else {
                try recordRepeats(legs, outcomes: legs.map { _ in .failed("channel \(name) is not configured") }, info: [], step: &step)
                continue
            }
            switch await channel.state() {
            case .unavailable(let reason, _), .noSession(let reason, _):
                try recordRepeats(legs, outcomes: legs.map { _ in .failed("\(name) unavailable: \(reason)") }, info: [], step: &step)
                continue
            case .quiet(let reason):
                // Do-not-disturb: a repeat would only wait in the inbox, which keeps the item.
                try recordRepeats(legs, outcomes: legs.map { _ in .failed("quiet: \(reason)") }, info: [], step: &step)
                continue
            case .available, .notDetermined:
                break
            }
            var start = 0
            while start < legs.count {
                var chunk = Array(legs[start..<min(legs.count, start + max(1, channel.chunkSize))])
                start += chunk.count
                let held = try database.renewLeases(step.fences, until: leaseUntil(now), now: now)
                chunk = chunk.filter { step.fences.holds($0.leg.notification.id, on: name, in: held) }
                guard !chunk.isEmpty else { continue }
                // What each copy showed, for the channel to replace it; without it the repeat
                // is a new copy rather than none.
                let previous = (try? database.lastDeliveredPlatformInfo(ids: chunk.map(\.leg.notification.id), channel: name, repeats: true)) ?? [:]
                let messages = chunk.map { leg, _ in
                    var message = Message(record: Self.retimed(leg.notification, now: now), previous: previous[leg.notification.id])
                    message.nagRepeat = leg.attempts + 1
                    return message
                }
                let sent = await renewingLeases(of: step) { await channel.send(messages, now: now) }
                let byID = Dictionary(sent.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                try recordRepeats(
                    chunk, outcomes: chunk.map { byID[$0.leg.notification.id]?.outcome ?? .failed("the channel gave no result") },
                    info: chunk.map { byID[$0.leg.notification.id]?.platformInfo ?? channel.platformInfo }, step: &step)
            }
        }
    }

    /// Commits one step of repeats: a `repeated` row per leg (with the reason when it did not
    /// go through) and the next repeat of each that has one left before its expiry.
    private func recordRepeats(
        _ legs: [(leg: RetryLeg, rule: NagRule)], outcomes: [ChannelResult.Outcome], info: [String], step: inout DeliveryStep
    ) throws(StoreError) {
        var rows: [DeliveryRecord] = []
        var next: [ScheduledRetry] = []
        for (index, ((leg, rule), outcome)) in zip(legs, outcomes).enumerated() {
            let item = leg.notification
            let count = leg.attempts + 1
            var row = DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: step.now, contentAge: nil,
                staleness: item.staleness, channel: leg.channel, outcome: .repeated, revision: item.revision)
            if index < info.count {
                var json = JSONLine(continuing: info[index])
                json.add("nagRepeat", "\(count) of \(rule.times)")
                row.platformInfo = platform.map { $0.adding(to: json.string) } ?? json.string
            }
            switch outcome {
            case .delivered:
                break
            case .failed(let reason), .unavailable(let reason), .noSession(let reason), .notSent(let reason), .transient(let reason, _):
                row.failureReason = "repeat \(count) of \(rule.times) not sent: \(reason)"
            }
            rows.append(row)
            if count < rule.times, let at = nextRepeat(of: item, rule: rule, after: step.now, zone: step.zone) {
                next.append(
                    ScheduledRetry(
                        notificationId: item.id, channel: leg.channel, attempts: count, nextAttemptAt: at,
                        lastError: "nag: repeat \(count + 1) of \(rule.times) waits", nags: true))
            }
        }
        step.results.deliveries += rows
        try record(deliveries: rows, retries: next, settle: [], step: &step)
    }
}
