extension WebhookFormat {
    /// Whether the format's service can take back a notification it showed, so that a
    /// meeting cancelled after its reminder went out is cleared from the phone: ntfy (2.16
    /// and later) deletes by sequence id. Gotify needs a client token to delete, Slack and
    /// Discord webhooks have no id of the message without a change of URL, and a json
    /// receiver has no documented way.
    public var clearsDelivered: Bool { self == .ntfy }
}
