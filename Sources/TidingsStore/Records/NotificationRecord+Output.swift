import TidingsCore

extension NotificationRecord {
    /// The notification as one JSON object: id, kind, category, title, body, scheduledAt
    /// (ISO 8601 with the local offset in `zone`), then `deliveredAt` when given, staleness,
    /// deepLink (null when none), state, and for a delivery `replaces` (the id of the
    /// notification an update replaces, null for a first send).
    public func jsonLine(zone: Zone, deliveredAt: EpochMillis? = nil) -> String {
        var json = JSONLine()
        json.add("id", id)
        json.add("kind", kind)
        json.add("category", category)
        json.add("title", title)
        json.add("body", body)
        json.add("scheduledAt", ISOTime.format(dueAt, in: zone))
        if let deliveredAt { json.add("deliveredAt", ISOTime.format(deliveredAt, in: zone)) }
        json.add("staleness", staleness)
        json.add("deepLink", deepLink)
        json.add("state", deliveredAt == nil ? state : .delivered)
        if deliveredAt != nil { json.add("replaces", replaces) }
        return json.string
    }

    /// For an update of an item already delivered, the id of what it replaces (its own:
    /// ids are stable); nil for a first send.
    public var replaces: String? { revision > 0 ? id : nil }

    /// The idempotency key of this version: the id, then `#<revision>` for an update, so a
    /// receiver that drops repeats still takes an update.
    public var idempotencyKey: String { revision > 0 ? "\(id)#\(revision)" : id }

    /// The notification as one line for people: `2026-11-22 07:30  Title — Body  <link>`.
    public func textLine(zone: Zone) -> String {
        let (date, second) = zone.local(dueAt)
        let time = "\(date) \(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
        var line = "\(time)  \(title) — \(body)"
        if staleness != .fresh { line += "  [\(staleness)]" }
        if revision > 0 { line += "  [update]" }
        if let deepLink { line += "  <\(deepLink)>" }
        return line
    }
}
