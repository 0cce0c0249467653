import TidingsCore

/// The request one notification becomes for a webhook format: where it is posted, its content
/// type, the format's own headers and the body bytes.
///
/// Every format sends one `POST` per notification. Every request also carries
/// `User-Agent: Tidings/0.1.0`, `Idempotency-Key: <notification id>` (`<id>#<revision>` for an
/// update) and, when the target has a
/// signing secret, `X-Tidings-Timestamp: <unix seconds>` and
/// `X-Tidings-Signature: sha256=<lowercase hex HMAC-SHA256(secret, "<timestamp>.<body bytes>")>`,
/// keyed with the secret's UTF-8 bytes.
/// Examples show `daily:2026-11-22`, category `system`, due 07:30 in Berlin, with a deep link.
///
/// - `json`: to the URL, `Content-Type: application/json`, `Authorization: Bearer <token>` when a
///   token is set. `deepLink` is `null` when there is none; `scheduledAt` is UTC; `replaces` is
///   the id of the notification an update replaces (`null` for a first send).
///   `{"id":"daily:2026-11-22","kind":"daily","category":"system","title":"Morning news","body":"Today's headline.","deepLink":"https://example.com/today","scheduledAt":"2026-11-22T06:30:00Z","staleness":"fresh","replaces":null}`
/// - `ntfy`: to the topic URL, `Content-Type: text/plain; charset=utf-8`, the body is the message
///   text (for an item without a body its due time, `14:00`). Headers: `Title: <title>`;
///   `Priority:` 5 transactional, 3 system, 3 social, 2 marketing; `Tags:` the webhook's `tags`,
///   else one word for the kind (`newspaper` daily, `calendar` meeting, `bar_chart` weekly, `bell`
///   schedule, `inbox_tray` digest, `bulb` insight, `alarm_clock` reminder, `test_tube` test), plus
///   `,warning` when the content is stale or emergency; with a deep link `Click: <deepLink>` and
///   `Actions: view, View, <deepLink>` (`Join` for a meeting; the link in double quotes when it
///   holds `,` or `;`); `X-Sequence-ID: tidings-<first 32 hex digits of the SHA-256
///   of the id>`, the same for every version, so an update replaces the notification (ntfy 2.16+);
///   `Authorization: Bearer <token>` when a token is set.
///   Header values are UTF-8 with control characters turned into spaces.
///   A delivered item taken back (a cancelled meeting) is `DELETE <topic url>/<sequence id>`,
///   without a body, with `Idempotency-Key: <key>#clear`. A target with `schedule_ahead` posts
///   an item ahead of its time with `At: <due time in Unix seconds>` and the key
///   `<key>#at<seconds>`, and takes a held copy back with the same `DELETE` (`<key>#withdraw`).
/// - `gotify`: to `<url>/message` (unless the URL already ends with `/message`),
///   `Content-Type: application/json`, the token in `X-Gotify-Key`. `priority` is 8
///   transactional, 5 system, 4 social, 2 marketing; `extras` is left out without a deep link.
///   `{"title":"Morning news","message":"Today's headline.","priority":5,"extras":{"client::notification":{"click":{"url":"https://example.com/today"}}}}`
/// - `slack`: to the URL, `Content-Type: application/json`; `&`, `<` and `>` in the title and body
///   become `&amp;`, `&lt;` and `&gt;`; the link line is left out without a deep link.
///   `{"text":"*Morning news*\nToday's headline.\n<https://example.com/today|View>"}`
/// - `discord`: to the URL with `wait=true` added to its query (so the answer names the message),
///   `Content-Type: application/json`; mentions such as `@everyone` are shown but never ping; the
///   link line is left out without a deep link. An update edits the message
///   (`PATCH <url>/messages/<id>`), a clear deletes it (`DELETE <url>/messages/<id>`).
///   `{"content":"**Morning news**\nToday's headline.\nhttps://example.com/today","allowed_mentions":{"parse":[]}}`
///
/// Slack and Discord URLs carry their own credential, so a configured token is not sent to them.
public struct WebhookBody: Sendable, Equatable {
    /// One request header.
    public struct Header: Sendable, Equatable {
        /// The header name.
        public var name: String
        /// The header value, single-line.
        public var value: String

        /// A header.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Where the body is posted.
    public var url: String
    /// The request method: `POST`, or `DELETE` to take back an ntfy notification.
    public var method = "POST"
    /// The `Content-Type` header value; nil for a request without a body.
    public var contentType: String?
    /// The format's own headers (ntfy's Title, Priority, Tags, Click, Actions); never credentials.
    public var headers: [Header]
    /// The body, UTF-8.
    public var bytes: [UInt8]

    /// A request as given.
    init(url: String, method: String, contentType: String?, headers: [Header], bytes: [UInt8]) {
        self.url = url
        self.method = method
        self.contentType = contentType
        self.headers = headers
        self.bytes = bytes
    }

    /// The request `item` becomes in `format` for a target at `url`; `look` is how an ntfy
    /// target shows it (the webhook's tags, priority, icon, Markdown and click).
    public init(item: Message, format: WebhookFormat, url: String, look: TidingsConfig.Webhook.NtfyLook = .init()) {
        headers = []
        switch format {
        case .json:
            self.url = url
            contentType = Self.json
            bytes = Array(Self.jsonObject(item).utf8)
        case .ntfy:
            self.url = url
            contentType = "text/plain; charset=utf-8"
            headers = Self.ntfyHeaders(item, look: look)
            bytes = Array(Self.ntfyMessage(item).utf8)
        case .gotify:
            self.url = Self.gotifyMessageURL(url)
            contentType = Self.json
            bytes = Array(Self.gotifyObject(item).utf8)
        case .slack:
            self.url = url
            contentType = Self.json
            bytes = Array(Self.slackObject(item).utf8)
        case .discord:
            self.url = Self.discordPostURL(url)
            contentType = Self.json
            bytes = Array(Self.discordObject(item).utf8)
        }
    }

    private static let json = "application/json"

    private static func jsonObject(_ item: Message) -> String {
        var json = JSONLine()
        json.add("id", item.id)
        json.add("kind", item.kind)
        json.add("category", item.category)
        json.add("title", item.title)
        json.add("body", item.body)
        json.add("deepLink", item.link)
        json.add("scheduledAt", ISOTime.formatUTC(item.dueAt))
        json.add("staleness", item.staleness)
        json.add("replaces", item.replaces)
        // The content's own `data` object, only when it carried one (checked by plan).
        if let data = item.data { json.add("data", json: data) }
        return json.string
    }

    private static func gotifyObject(_ item: Message) -> String {
        var json = JSONLine()
        json.add("title", item.title)
        json.add("message", item.body)
        json.add("priority", gotifyPriority(item.category))
        if let link = item.link {
            var click = JSONLine()
            click.add("url", link)
            var notification = JSONLine()
            notification.add("click", json: click.string)
            var extras = JSONLine()
            extras.add("client::notification", json: notification.string)
            json.add("extras", json: extras.string)
        }
        return json.string
    }

    /// Gotify's scale runs 0–10; 8 and up makes Android show a heads-up popup.
    static func gotifyPriority(_ category: Category) -> Int {
        switch category {
        case .transactional: 8
        case .system: 5
        case .social: 4
        case .marketing: 2
        }
    }

    /// Gotify's message endpoint under `url`: `/message` appended to the path unless it is there.
    static func gotifyMessageURL(_ url: String) -> String {
        let queryStart = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        var base = String(url[..<queryStart])
        let query = url[queryStart...]
        while base.hasSuffix("/") { base.removeLast() }
        if !base.hasSuffix("/message") { base += "/message" }
        return base + query
    }
}
