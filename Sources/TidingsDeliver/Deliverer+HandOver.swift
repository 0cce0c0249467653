import TidingsCore
import TidingsStore

/// Hand-overs: an ntfy target with `schedule_ahead` is given what falls due within that
/// window ahead of time, with its due time (`At:`), so that its server shows it then whatever
/// this machine is doing; a change replaces the server's copy and a cancellation takes it back,
/// by the item's sequence id. Quiet hours, digests and the pending cap were applied by `plan`
/// before: only pending first sends are handed over, and an item that leaves the pending set
/// is taken back. The item stays pending: the first run at or after its due time records the
/// target's delivery, dated at that time, without sending it again (see `serverLegs`).
extension Deliverer {
    /// What a hand-over pass did.
    public struct HandOverTally: Sendable, Equatable {
        /// Items posted for their time, replacements included.
        public var handedOver = 0
        /// Copies taken back (a cancellation, a move out of the window).
        public var withdrawn = 0
        /// Posts the server refused: those items go out at their time.
        public var refused = 0
        /// Why something failed, for the log.
        public var problems: [String] = []
    }

    /// One target that hands over.
    private struct Target {
        var name: ChannelName
        var channel: any HandOverChannel
        var ahead: Int64
    }

    /// One post or take-back of the pass.
    private struct Move {
        var message: Message
        var row: HandOver
        var previous: HandOver?
    }

    /// The targets on that hand over, with the channel built for each.
    private var handOverTargets: [Target] {
        guard only == nil else { return [] }
        return config.handOverTargets.compactMap { name, ahead in
            (channels(name) as? any HandOverChannel).map { Target(name: name, channel: $0, ahead: ahead) }
        }
    }

    /// Whether a hand-over pass at `now` has anything to do (never without a target that hands over).
    func hasHandOverWork(now: EpochMillis) throws(StoreError) -> Bool {
        guard only == nil, let reach = config.handOverReach else { return false }
        return try database.hasHandOverWork(from: now + HandOver.margin, until: now + reach)
    }

    /// Hands over what falls due within each target's window and is not on its server as it
    /// is now, replaces what changed, and takes back what is no longer wanted there, in one
    /// pass at `now`; the rows are written once the server answered. A transient failure is
    /// tried again by the next run; a refusal lets the item go out at its time.
    /// On PostgreSQL one host at a time makes the pass (the others skip it), so that a post
    /// and a take-back of the same item never cross.
    public func handOver(now: EpochMillis) async throws(StoreError) -> HandOverTally {
        let targets = handOverTargets
        guard !targets.isEmpty, try hasHandOverWork(now: now) else { return HandOverTally() }
        guard try database.tryLock(Self.handOverLock) else { return HandOverTally() }
        do {
            let tally = try await handOver(now: now, targets: targets)
            try database.unlock(Self.handOverLock)
            return tally
        } catch {
            try? database.unlock(Self.handOverLock)
            throw error
        }
    }

    /// The shared lock of a hand-over pass.
    static let handOverLock = "deliver hand-over"

    private func handOver(now: EpochMillis, targets: [Target]) async throws(StoreError) -> HandOverTally {
        var tally = HandOverTally()
        guard let reach = targets.map(\.ahead).max() else { return tally }
        let (items, rows) = try database.handOverState(from: now + HandOver.margin, until: now + reach)
        var work = handOverWork(items: items, rows: rows, targets: targets, now: now)
        // What is about to be posted is written first: a run killed before the answer leaves
        // its trace, and the next run posts it again or takes it back.
        let intents = work.posts.values.flatMap { $0 }.map { move in
            var row = move.row
            row.state = .posting
            return row
        }
        try database.saveHandOvers(intents, dropping: [])
        for target in targets {
            await exchange(&work, with: target, tally: &tally, now: now)
        }
        try database.saveHandOvers(work.saves, dropping: work.drops)
        return tally
    }

    /// What a pass does: the posts and take-backs for each target, and the rows to save and drop.
    private struct HandOverWork {
        var posts: [ChannelName: [Move]] = [:]
        var withdrawals: [ChannelName: [Move]] = [:]
        var saves: [HandOver] = []
        var drops: [(id: String, channel: String)] = []
    }

    /// Decides the pass at `now` over the pending `items` in the window and the hand-over
    /// `rows` kept: what each target is given or given again (its copy changed), what stays as
    /// it is on the server, and what is taken back (no longer wanted there).
    private func handOverWork(
        items: [String: NotificationRecord], rows: [HandOver], targets: [Target], now: EpochMillis
    ) -> HandOverWork {
        var work = HandOverWork()
        let start = now + HandOver.margin
        var known = Dictionary(rows.map { ("\($0.notificationId)\u{0}\($0.channel)", $0) }, uniquingKeysWith: { first, _ in first })
        for item in items.values.sorted(by: { $0.id < $1.id }) where item.state == .pending && item.revision == 0 {
            let routes = config.channels(for: item.category, chosen: item.chosenChannels)
            let message = Message(record: Self.retimed(item, now: item.dueAt))
            var wanted = false
            for target in targets where routes.contains(target.name) && item.dueAt <= now + target.ahead {
                let key = "\(item.id)\u{0}\(target.name)"
                let previous = known.removeValue(forKey: key)
                let fingerprint = target.channel.handOverFingerprint(message)
                if let previous, previous.state == .scheduled || previous.state == .refused, previous.fingerprint == fingerprint,
                    previous.dueAt == item.dueAt
                {
                    wanted = true
                    if previous.itemUpdatedAt != item.updatedAt {
                        var checked = previous
                        checked.itemUpdatedAt = item.updatedAt
                        work.saves.append(checked)
                    }
                    continue
                }
                let row = HandOver(
                    notificationId: item.id, channel: target.name.description, state: .scheduled, dueAt: item.dueAt,
                    fingerprint: fingerprint, itemUpdatedAt: item.updatedAt, handedAt: now)
                if item.dueAt > start {
                    wanted = true
                    work.posts[target.name, default: []].append(Move(message: message, row: row, previous: previous))
                } else if let previous {
                    // Too near its time to be replaced: the copy goes, and the item goes out at its time.
                    known[key] = previous
                }
            }
            let none = known.removeValue(forKey: "\(item.id)\u{0}")
            if wanted || item.dueAt <= start {
                if let none { work.drops.append((none.notificationId, none.channel)) }
            } else if none?.itemUpdatedAt != item.updatedAt {
                work.saves.append(
                    HandOver(
                        notificationId: item.id, channel: "", state: .none, dueAt: item.dueAt, fingerprint: "",
                        itemUpdatedAt: item.updatedAt, handedAt: now))
            }
        }

        // What is left is no longer wanted where it is: taken back while its time is to come.
        for row in known.values.sorted(by: { ($0.notificationId, $0.channel) < ($1.notificationId, $1.channel) }) {
            let item = items[row.notificationId]
            if item?.state == .delivering { continue }
            // An item gone from the database (a purge) leaves nothing to name the copy by.
            guard let item, row.state == .scheduled || row.state == .posting, row.dueAt > now, !item.state.reachedUser,
                let target = targets.first(where: { $0.name.description == row.channel })
            else {
                work.drops.append((row.notificationId, row.channel))
                continue
            }
            work.withdrawals[target.name, default: []].append(Move(message: Message(record: item), row: row, previous: row))
        }
        return work
    }

    /// Takes back from `target`'s server, then posts to it, what `work` says, adding to
    /// `work` the rows its answers leave and to `tally` what they were.
    private func exchange(_ work: inout HandOverWork, with target: Target, tally: inout HandOverTally, now: EpochMillis) async {
        if let moves = work.withdrawals[target.name] {
            let results = await target.channel.withdraw(moves.map(\.message), now: now)
            for (move, result) in zip(moves, results) {
                switch result.outcome {
                case .delivered:
                    tally.withdrawn += 1
                    work.drops.append((move.row.notificationId, move.row.channel))
                case .failed(let reason):
                    tally.problems.append("\(target.name): taking back \(move.row.notificationId): \(reason)")
                    work.drops.append((move.row.notificationId, move.row.channel))
                case .transient(let reason, _), .unavailable(let reason), .noSession(let reason), .notSent(let reason):
                    tally.problems.append("\(target.name): taking back \(move.row.notificationId), to try again: \(reason)")
                }
            }
        }
        guard let moves = work.posts[target.name] else { return }
        let results = await target.channel.handOver(moves.map(\.message), now: now)
        var stale: [Move] = []
        for (move, result) in zip(moves, results) {
            switch result.outcome {
            case .delivered:
                tally.handedOver += 1
                work.saves.append(move.row)
            case .failed(let reason):
                tally.refused += 1
                var refused = move.row
                refused.state = .refused
                refused.reason = reason
                work.saves.append(refused)
                if let previous = move.previous, previous.state == .scheduled || previous.state == .posting { stale.append(move) }
            case .transient(let reason, _), .unavailable(let reason), .noSession(let reason), .notSent(let reason):
                tally.problems.append("\(target.name): handing over \(move.row.notificationId), to try again: \(reason)")
            }
        }
        // A replacement the server refused leaves the earlier copy there: it is taken back.
        guard !stale.isEmpty else { return }
        let taken = await target.channel.withdraw(stale.map(\.message), now: now)
        for (move, result) in zip(stale, taken) where result.outcome != .delivered {
            tally.problems.append("\(target.name): the earlier copy of \(move.row.notificationId) stays on the server")
        }
    }
}

extension Deliverer {
    /// The legs of `claimed` that a target's server shows by itself: handed over and unchanged
    /// since, or shown already in an earlier version when it is too late to send the new one
    /// (this machine slept through the due time). Each becomes a delivery row dated at the
    /// time the server showed it, with `handedOverAt` in its platform info, and is not sent.
    /// A claimed item with such a leg that is later than the grace period, or past its
    /// expiry, sends nothing else: its other legs are recorded as missed or expired.
    func serverLegs(of claimed: [NotificationRecord], now: EpochMillis) throws(StoreError) -> ServerLegs {
        var found = ServerLegs()
        guard !claimed.isEmpty else { return found }
        let rows = try database.handOvers(of: claimed.filter { $0.revision == 0 }.map(\.id))
        guard !rows.isEmpty else { return found }
        for item in claimed {
            guard let held = rows[item.id] else { continue }
            let late = now - item.dueAt > config.delivery.grace || (item.expiresAt.map { $0 <= now } ?? false)
            for row in held {
                guard let name = ChannelName(row.channel), let channel = channels(name) as? any HandOverChannel else { continue }
                let same =
                    row.dueAt == item.dueAt && row.fingerprint == channel.handOverFingerprint(Message(record: Self.retimed(item, now: item.dueAt)))
                guard same || (late && row.dueAt <= now) else { continue }
                var info = JSONLine(continuing: channel.platformInfo)
                info.add("handedOverAt", ISOTime.formatUTC(row.handedAt))
                if !same { info.add("note", "the server showed the version handed over; a later change came after its time") }
                let shown = min(row.dueAt, now)
                found.rows[item.id, default: [:]][name] = DeliveryRecord(
                    notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: shown,
                    contentAge: item.contentFetchTime.map { shown - $0 }, staleness: item.staleness, channel: name, outcome: .delivered,
                    platformInfo: platform.map { $0.adding(to: info.string) } ?? info.string, revision: item.revision)
            }
            if late && found.rows[item.id] != nil { found.late.insert(item.id) }
        }
        return found
    }

    /// The row of a leg of `item` that is not sent because the item is too late for it (see
    /// `serverLegs`): missed, or expired past its expiry.
    func unsentLeg(_ item: NotificationRecord, on name: ChannelName, now: EpochMillis, zone: Zone) -> DeliveryRecord {
        let expired = item.expiresAt.map { $0 <= now } ?? false
        let reason =
            expired
            ? "expired at \(ISOTime.format(item.expiresAt ?? now, in: zone)); a target's server showed it"
            : "missed: due \(ISOTime.format(item.dueAt, in: zone)), \(DurationText.format(now - item.dueAt)) late; a target's server showed it"
        return DeliveryRecord(
            notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: nil, contentAge: nil, staleness: item.staleness,
            channel: name, outcome: expired ? .expired : .missed, failureReason: reason, revision: item.revision)
    }
}

/// The legs a target's server showed by itself, found by `serverLegs`.
struct ServerLegs {
    /// Each leg's delivery row, by item id and channel.
    var rows: [String: [ChannelName: DeliveryRecord]] = [:]
    /// Items too late for their other legs.
    var late: Set<String> = []
}
