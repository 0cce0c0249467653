extension WebhookFormat {
    /// Whether the format's service can take back a notification it showed, so that a
    /// meeting cancelled after its reminder went out is cleared from the phone: ntfy (2.16
    /// and later) deletes by sequence id, Discord deletes the message whose id its answer gave.
    /// Gotify needs a client token to delete (one that may read and delete every message),
    /// Slack's incoming webhooks have no id of what they posted, and a json receiver has no
    /// documented way.
    public var clearsDelivered: Bool { self == .ntfy || self == .discord }
}
