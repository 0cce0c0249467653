import TidingsCore
import TidingsHTTP

/// Posts notifications to one webhook target (json, ntfy, gotify, Slack or Discord): one request
/// per notification, at most `concurrency` in flight over connections kept alive for the run.
///
/// Tokens and signing secrets come from the environment or from files, never from the config
/// itself, and never appear in results, `platformInfo`, descriptions or errors.
public struct WebhookChannel: Channel, Sendable, CustomStringConvertible, CustomReflectable {
    /// `webhook:NAME`.
    public var name: ChannelName { .webhook(target.name) }
    /// Webhooks never learn what the user did.
    public let reportsEngagement = false
    public let guarantee = DeliveryGuarantee.atLeastOnce
    /// 4 × concurrency² requests a step, at most 128: a kill sends at most that many again.
    ///
    /// A receiver that takes one request at a time sees at most 4 repeated; with more
    /// connections each carries more requests a step (16 each at the default 8), so that
    /// the step's bookkeeping and the idle tail of its last requests are spread over more items.
    public var chunkSize: Int {
        let concurrency = max(1, target.concurrency)
        return min(Self.largestStep, 4 * concurrency * concurrency)
    }
    /// The most requests a step of one target sends.
    public static let largestStep = 128
    /// The target's settings.
    public let target: TidingsConfig.Webhook
    /// The `User-Agent` header value.
    public let userAgent: String
    let credentials: Result<WebhookCredentials, WebhookSecretProblem>
    /// The target's connections, kept alive from one step to the next (copies share them).
    let connections: WebhookConnections
    /// The reasons per request URL, made once (copies share them).
    let reasons = WebhookReasonsCache()
    /// The host of the target's URL, found once.
    let host: String?
    /// The channel, the format and the URL's host only: paths and queries may hold credentials.
    public let platformInfo: String
    /// Content images, for ntfy's `Attach` when their folder is published; nil: none.
    public var media: MediaAttachments?

    /// The largest response body read; receivers answer webhooks with a few bytes.
    static let maxResponseBytes = 64 * 1024

    /// A channel for `target`, reading its secrets from `environment` or their files now.
    public init(target: TidingsConfig.Webhook, environment: [String: String], userAgent: String = "Tidings/\(TidingsVersion.current)") {
        self.init(target: target, credentials: WebhookCredentials.resolve(target, environment: environment), userAgent: userAgent)
    }

    /// A channel with secrets already resolved (or known to be missing).
    init(target: TidingsConfig.Webhook, credentials: Result<WebhookCredentials, WebhookSecretProblem>, userAgent: String) {
        self.target = target
        self.credentials = credentials
        self.userAgent = userAgent
        connections = WebhookConnections(concurrency: target.concurrency)
        host = WebhookReasons.host(of: target.url)
        platformInfo = Self.platformInfo(of: target, host: host, discordMessage: nil, note: nil)
    }

    /// The platform info, with the id of the Discord message a send created or edited, and a
    /// note when there is something to say about it.
    func platformInfo(discordMessage: String?, note: String? = nil) -> String {
        Self.platformInfo(of: target, host: host, discordMessage: discordMessage, note: note)
    }

    private static func platformInfo(of target: TidingsConfig.Webhook, host: String?, discordMessage: String?, note: String?) -> String {
        var json = JSONLine()
        json.add("channel", ChannelName.webhook(target.name).description)
        json.add("format", target.format.rawValue)
        json.add("host", host)
        if let discordMessage { json.add("message", discordMessage) }
        if let note { json.add("note", note) }
        return json.string
    }

    /// Why a Discord post's delivery keeps no message id: its updates go as new posts, and a
    /// clear cannot delete it.
    static let unnamedDiscordMessage = "Discord's answer named no message, so an update is posted anew and a clear cannot delete it"

    /// `webhook:NAME (FORMAT to HOST)`.
    public var description: String {
        "\(name) (\(target.format.rawValue) to \(host ?? "no host"))"
    }

    /// Only the settings that hold no credential, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "format": target.format, "host": host as Any])
    }

    /// Available when the secrets resolve; the network is not checked.
    public func state() async -> ChannelState {
        switch credentials {
        case .success: .available
        case .failure(let problem): .unavailable(reason: problem.reason, fix: problem.fix)
        }
    }

    /// Posts each item, at most `target.concurrency` at once, and returns one result per item
    /// in order; an update of a Discord message whose id `Message.previous` kept edits that
    /// message instead (a new post when it was deleted by hand).
    public func send(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        // The requests run on a thread of their own, so the cooperative pool is free meanwhile.
        return await run(items, now: now) { item, credentials in
            let post = job(for: item, credentials: credentials, now: now)
            guard target.format == .discord, item.isUpdate,
                let message = item.previous.flatMap(WebhookBody.discordMessageID(inPlatformInfo:))
            else { return post }
            var edit = job(
                for: item, body: WebhookBody.discordEdit(item: item, url: target.url, messageID: message), key: item.idempotencyKey,
                credentials: credentials, now: now)
            edit.notFound = .instead(post)
            edit.platformInfo = { _ in platformInfo(discordMessage: message) }
            return edit
        }
    }

    /// Takes back each of `items` (ntfy: deletes it by its sequence id; Discord: deletes the
    /// message whose id `Message.previous` kept), at most `target.concurrency` at once, with the
    /// same judging of answers as a send; other formats cannot (see `WebhookFormat.clearsDelivered`).
    public func clear(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        guard target.format.clearsDelivered else {
            return items.map {
                ChannelResult(id: $0.id, outcome: .failed("\(name): \(target.format.rawValue) webhooks cannot take back what they showed"))
            }
        }
        if target.format == .discord {
            let messages = Dictionary(
                items.compactMap { item in item.previous.flatMap(WebhookBody.discordMessageID(inPlatformInfo:)).map { (item.id, $0) } },
                uniquingKeysWith: { first, _ in first })
            let known = items.filter { messages[$0.id] != nil }
            let cleared =
                known.isEmpty
                ? []
                : await run(known, now: now) { item, credentials in
                    var job = job(
                        for: item, body: WebhookBody.discordDelete(url: target.url, messageID: messages[item.id] ?? ""),
                        key: item.idempotencyKey + "#clear", credentials: credentials, now: now)
                    // Discord answers 404 for a message that is gone already: nothing left to take back.
                    job.notFound = .done
                    return job
                }
            let results = Dictionary(cleared.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return items.map { item in
                results[item.id]
                    ?? ChannelResult(
                        id: item.id, outcome: .failed("\(name): the Discord message's id was not kept when it was sent, so it cannot be deleted"))
            }
        }
        return await run(items, now: now) { item, credentials in
            job(
                for: item, body: WebhookBody.ntfyClear(item: item, url: target.url), key: item.idempotencyKey + "#clear",
                credentials: credentials, now: now)
        }
    }

    /// Runs the job `make` gives each of `items` on a thread of its own.
    func run(
        _ items: [Message], now: EpochMillis, make: (Message, WebhookCredentials) -> WebhookJob
    ) async -> [ChannelResult] {
        let credentials: WebhookCredentials
        switch self.credentials {
        case .success(let resolved): credentials = resolved
        case .failure(let problem): return items.map { ChannelResult(id: $0.id, outcome: .unavailable(problem.reason)) }
        }
        let jobs = items.map { make($0, credentials) }
        let batch = WebhookBatch(jobs: jobs, connections: connections)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                batch.start { results in continuation.resume(returning: results) }
            }
        } onCancel: {
            batch.cancel()
        }
    }

    /// The request for `item`, with its credential and signature headers, and how to judge the answer.
    func job(for item: Message, credentials: WebhookCredentials, now: EpochMillis) -> WebhookJob {
        var job = job(
            for: item, body: WebhookBody(item: item, format: target.format, url: target.url, look: target.look), key: item.idempotencyKey,
            credentials: credentials, now: now)
        if target.format == .discord {
            // Kept so that an update can edit the message and a clear delete it.
            job.platformInfo = { [self] response in
                guard let message = WebhookBody.discordMessageID(inResponse: response.body) else {
                    return platformInfo(discordMessage: nil, note: Self.unnamedDiscordMessage)
                }
                return platformInfo(discordMessage: message)
            }
        }
        return job
    }

    /// The request of `body` for `item` under the idempotency key `key`.
    func job(
        for item: Message, body: WebhookBody, key: String, credentials: WebhookCredentials, now: EpochMillis
    ) -> WebhookJob {
        var headers: [WebhookBody.Header] = []
        if let contentType = body.contentType { headers.append(WebhookBody.Header("Content-Type", contentType)) }
        headers.append(WebhookBody.Header("Idempotency-Key", key))
        headers += body.headers
        if target.format == .ntfy, body.method == "POST", let attachment = media?.publishedURL(for: item) {
            headers.append(WebhookBody.Header("Attach", attachment))
        }
        if let token = credentials.token {
            switch target.format {
            case .json, .ntfy: headers.append(WebhookBody.Header("Authorization", "Bearer \(token.value)"))
            case .gotify: headers.append(WebhookBody.Header("X-Gotify-Key", token.value))
            case .slack, .discord: break
            }
        }
        if let secret = credentials.secret {
            headers += secret.signatureHeaders(timestamp: WebhookSecret.unixSeconds(now), body: body.bytes)
        }
        let seconds = Double(max(1, target.timeout)) / 1000
        let request = HTTPRequest(
            url: body.url, method: body.method, headers: headers.map { ($0.name, $0.value) }, body: body.bytes,
            connectTimeout: seconds, totalTimeout: seconds, maxBodyBytes: Self.maxResponseBytes,
            maxRedirects: 0, userAgent: userAgent)
        let reasons = self.reasons.reasons(
            for: body.url, channel: name, targetURL: target.url, secrets: credentials.redactions,
            urlIsCredential: target.format == .slack || target.format == .discord)
        return WebhookJob(id: item.id, request: request, reasons: reasons, now: now)
    }
}
