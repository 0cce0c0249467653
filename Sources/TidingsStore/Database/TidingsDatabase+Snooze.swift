import TidingsCore

extension TidingsDatabase {
    /// Snoozes the notification `id`, as delivered on `channel` (`inbox`, or `desktop` for the
    /// popup's "Snooze" action), until `until`, in one transaction: that delivery records the
    /// engagement `snoozed`, and so does its inbox entry (so it leaves the unread list); the notification
    /// is pending again, due at `until`, as its next revision, so that every channel of its
    /// route takes it again as an update in place (the desktop replaces its popup, a webhook
    /// edits its message, the inbox lists it as new). Its nagging pauses: its nag legs leave the
    /// outbox, and its next delivery starts them again. It is held for the user: `plan` leaves
    /// the new time alone. `body`, when given, replaces the text (a stale label moved to the
    /// new time). Refused when the item is unknown, not unread on `channel`, a test, already
    /// due again, expired, or when it would expire before `until` (a meeting's reminder
    /// cannot come back after the meeting began).
    public func snooze(
        id: String, on channel: ChannelName = .inbox, until: EpochMillis, body: String? = nil, now: EpochMillis, zone: Zone
    ) throws(StoreError) -> PendingWrite {
        try transaction("snooze a notification") { db in
            func latest(on channel: ChannelName) throws -> Int64? {
                try db.value(
                    """
                    SELECT id FROM delivery WHERE notificationId = ? AND channel = ?
                    AND outcome = 'delivered' AND engagement IS NULL ORDER BY id DESC LIMIT 1
                    """,
                    [id.storeValue, channel.storeValue], as: Int64.self)
            }
            let entry = try latest(on: channel)
            var row: NotificationRecord
            switch try Self.snoozable(id, channel: channel, entry: entry, until: until, now: now, zone: zone, db: db) {
            case .success(let found): row = found
            case .failure(let refusal): return .refused([refusal])
            }
            var entries = [entry]
            if channel != .inbox { entries.append(try latest(on: .inbox)) }
            for entry in entries.compactMap({ $0 }) {
                try db.execute(
                    "UPDATE delivery SET engagement = ?, engagedAt = ? WHERE id = ?",
                    [Engagement.snoozed.storeValue, now.storeValue, entry.storeValue])
            }
            row.state = .pending
            row.stateReason = nil
            row.dueAt = until
            row.plannedLocal = Self.wallTime(until, in: zone)
            row.plannedZone = zone.identifier
            row.revision += 1
            row.claimedAt = nil
            row.claimedBy = nil
            row.claims = 0
            if let body { row.body = body }
            row.holdForUser()
            row.updatedAt = now
            try db.execute(NotificationRecord.updateSQL, Array(row.storeValues.dropFirst()) + [row.id.storeValue])
            try Self.stopNagging(row.id, db: db)
            return .done([row])
        }
    }

    /// The notification `id` when it can be snoozed until `until`, or why not. `entry` is its
    /// delivery on `channel` still without an engagement, if any.
    private static func snoozable(
        _ id: String, channel: ChannelName, entry: Int64?, until: EpochMillis, now: EpochMillis, zone: Zone, db: any StoreConnection
    ) throws -> Result<NotificationRecord, PendingRefusal> {
        func refuse(_ reason: String) -> Result<NotificationRecord, PendingRefusal> { .failure(PendingRefusal(id: id, reason: reason)) }
        guard let row = try db.row("SELECT * FROM notification WHERE id = ?", [id.storeValue]).map(NotificationRecord.init(store:)) else {
            return refuse("no such notification (see tidings inbox --all)")
        }
        if row.kind == .test { return refuse("a test notification cannot be snoozed") }
        switch row.state {
        case .pending, .backlog: return refuse("already due at \(ISOTime.format(row.dueAt, in: zone)) (see tidings pending)")
        case .delivering: return refuse("being delivered right now")
        case .read, .dismissed: return refuse("already \(row.state), not unread in the inbox")
        case .delivered: break
        case .failed, .missed, .expired, .cancelled: return refuse("\(row.state), not in the inbox")
        }
        guard entry != nil else {
            return refuse(channel == .inbox ? "not unread in the inbox (see tidings inbox --all)" : "no \(channel) delivery of it to snooze")
        }
        if let expiresAt = row.expiresAt {
            let end = row.kind == .meeting ? "its meeting starts" : "it expires"
            if expiresAt <= now {
                return refuse("\(row.kind == .meeting ? "its meeting started" : "it expired") at \(ISOTime.format(expiresAt, in: zone))")
            }
            if until >= expiresAt {
                return refuse("\(end) at \(ISOTime.format(expiresAt, in: zone)): it cannot come back at \(ISOTime.format(until, in: zone))")
            }
        }
        return .success(row)
    }
}
