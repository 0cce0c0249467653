import TidingsCore

extension NotificationRecord {
    /// What a printed line shows of the notification.
    var lineFields: NotificationLine.Fields {
        .init(
            id: id, kind: kind, category: category, title: title, body: body, dueAt: dueAt, staleness: staleness,
            link: deepLink, isUpdate: revision > 0)
    }

    /// The notification as one JSON object (`NotificationLine.json`): its state, or for a
    /// delivery at `deliveredAt` that time and what it replaces.
    public func jsonLine(zone: Zone, deliveredAt: EpochMillis? = nil) -> String {
        NotificationLine.json(lineFields, state: state, deliveredAt: deliveredAt, zone: zone)
    }

    /// For an update of an item already delivered, the id of what it replaces (its own:
    /// ids are stable); nil for a first send.
    public var replaces: String? { revision > 0 ? id : nil }

    /// The idempotency key of this version: the id, then `#<revision>` for an update, so a
    /// receiver that drops repeats still takes an update.
    public var idempotencyKey: String { revision > 0 ? "\(id)#\(revision)" : id }

    /// The notification as one line for people (`NotificationLine.text`).
    public func textLine(zone: Zone) -> String { NotificationLine.text(lineFields, zone: zone) }
}
