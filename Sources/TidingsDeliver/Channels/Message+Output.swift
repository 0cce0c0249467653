import TidingsCore

extension Message {
    /// The message as one JSON object, as `deliver --format json` prints it and a command
    /// reads it: id, kind, category, title, body, scheduledAt and deliveredAt (ISO 8601 with
    /// the local offset in `zone`), staleness, deepLink (null when none), state (`delivered`)
    /// and `replaces` (the id an update replaces, null for a first send).
    public func jsonLine(zone: Zone, deliveredAt: EpochMillis) -> String {
        var json = JSONLine()
        json.add("id", id)
        json.add("kind", kind)
        json.add("category", category)
        json.add("title", title)
        json.add("body", body)
        json.add("scheduledAt", ISOTime.format(dueAt, in: zone))
        json.add("deliveredAt", ISOTime.format(deliveredAt, in: zone))
        json.add("staleness", staleness)
        json.add("deepLink", link)
        json.add("state", NotificationState.delivered)
        json.add("replaces", replaces)
        return json.string
    }

    /// The message as one line for people: `2026-11-22 07:30  Title — Body  <link>`, with
    /// `[stale]` or `[emergency]` and `[update]` when they apply.
    public func textLine(zone: Zone) -> String {
        let (date, second) = zone.local(dueAt)
        let time = "\(date) \(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
        var line = "\(time)  \(title) — \(body)"
        if staleness != .fresh { line += "  [\(staleness)]" }
        if isUpdate { line += "  [update]" }
        if let link { line += "  <\(link)>" }
        return line
    }
}
