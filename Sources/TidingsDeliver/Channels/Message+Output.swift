import TidingsCore

extension Message {
    /// What a printed line shows of the message.
    var lineFields: NotificationLine.Fields {
        .init(
            id: id, kind: kind, category: category, title: title, body: body, dueAt: dueAt, staleness: staleness, link: link,
            isUpdate: isUpdate)
    }

    /// The message as one JSON object, as `deliver --format json` prints it and a command
    /// reads it (`NotificationLine.json`, delivered at `deliveredAt`).
    public func jsonLine(zone: Zone, deliveredAt: EpochMillis) -> String {
        NotificationLine.json(lineFields, state: .delivered, deliveredAt: deliveredAt, zone: zone)
    }

    /// The message as one line for people (`NotificationLine.text`).
    public func textLine(zone: Zone) -> String { NotificationLine.text(lineFields, zone: zone) }
}
