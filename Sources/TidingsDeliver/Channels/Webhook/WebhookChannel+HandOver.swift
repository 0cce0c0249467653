import Crypto
import TidingsCore
import TidingsHTTP

/// A channel whose server can hold an item and show it at its due time, whatever this
/// machine does then: an ntfy target with `schedule_ahead` (ntfy's `At:` header). `deliver`
/// hands it what falls due within that window, replaces what changed and takes back what
/// was cancelled, all by the item's sequence id (ntfy 2.16 and later).
public protocol HandOverChannel: Channel {
    /// How far ahead of its due time an item is handed over; nil: this target does not.
    var scheduleAhead: Int64? { get }
    /// What the server would hold of `item`, hashed: when it differs from what was handed
    /// over, the server's copy is out of date.
    func handOverFingerprint(_ item: Message) -> String
    /// Posts each of `items` for the server to show at its due time; one result per item.
    func handOver(_ items: [Message], now: EpochMillis) async -> [ChannelResult]
    /// Takes back what the server holds of each of `items` (nothing held is done too).
    func withdraw(_ items: [Message], now: EpochMillis) async -> [ChannelResult]
}

extension WebhookChannel: HandOverChannel {
    /// The target's `schedule_ahead`, for the ntfy format only.
    public var scheduleAhead: Int64? { target.format == .ntfy ? target.scheduleAhead : nil }

    /// The SHA-256 of the request's URL, format headers and body, as 32 hex digits.
    public func handOverFingerprint(_ item: Message) -> String {
        let body = WebhookBody(item: item, format: target.format, url: target.url, look: target.look)
        var hash = SHA256()
        hash.update(data: Array(body.url.utf8) + [0])
        for header in body.headers { hash.update(data: Array("\(header.name): \(header.value)\n".utf8)) }
        hash.update(data: body.bytes)
        return hash.finalize().prefix(16).map { byte in
            let digits = Array("0123456789abcdef")
            return "\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
        }.joined()
    }

    /// The item's usual post with `At: <due time in Unix seconds>`. A 4xx answer (a delay
    /// over the server's limit, a server without a message cache) fails: the item then goes
    /// out at its due time as any other.
    public func handOver(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        return await run(items, now: now) { item, credentials in
            var body = WebhookBody(item: item, format: target.format, url: target.url, look: target.look)
            body.headers.append(WebhookBody.Header("At", String(item.dueAt / 1000)))
            return job(for: item, body: body, key: item.idempotencyKey + "#at\(item.dueAt / 1000)", credentials: credentials, now: now)
        }
    }

    /// `DELETE <topic url>/<sequence id>`; a 404 (nothing held) counts as done.
    public func withdraw(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        return await run(items, now: now) { item, credentials in
            var job = job(
                for: item, body: WebhookBody.ntfyClear(item: item, url: target.url), key: item.idempotencyKey + "#withdraw",
                credentials: credentials, now: now)
            job.notFound = .done
            return job
        }
    }
}
