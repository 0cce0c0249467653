import Foundation
import TidingsCore
import TidingsHTTP
import TidingsStore

/// `tidings listen`: subscribes to the stream of `[realtime]`, stores each message as a
/// notification (`PushRule`) deduplicated by its id, and has what is due at once delivered.
/// It reconnects with backoff and catches up from the last message id it stored (`since=`).
public struct RealtimeListener: Sendable {
    /// The stream's settings.
    public let settings: TidingsConfig.Realtime
    /// What becomes of a message.
    public let rule: PushRule
    /// The store.
    public let database: TidingsDatabase
    /// The zone of quiet hours.
    public let zone: Zone
    /// The clock: the time a message is received.
    public let clock: @Sendable () -> EpochMillis
    /// Where the token's variable is read.
    public let environment: [String: String]
    /// Sends what is due now (a `deliver` run); called after a message due at once was stored,
    /// on a thread of its own, one run at a time, while the stream is read on.
    public let deliverNow: @Sendable () -> Void
    /// Says what happens, one line each (connections, failures, messages).
    public let log: @Sendable (String) -> Void
    /// Seconds without a byte after which a connection counts as dead: ntfy sends a
    /// keepalive every 45 s.
    public var idleTimeout = 120

    /// A listener for `config`'s `[realtime]` stream over `database`.
    public init(
        settings: TidingsConfig.Realtime, quietHours: QuietHours, database: TidingsDatabase, zone: Zone, environment: [String: String],
        clock: @escaping @Sendable () -> EpochMillis, deliverNow: @escaping @Sendable () -> Void, log: @escaping @Sendable (String) -> Void
    ) {
        self.settings = settings
        self.rule = PushRule(settings: settings, quietHours: quietHours)
        self.database = database
        self.zone = zone
        self.environment = environment
        self.clock = clock
        self.deliverNow = deliverNow
        // Every line goes out without the stream's secrets: the token, and the query and
        // login of the URL, also where an error quotes the URL or a server echoes them.
        let redactor = SecretRedactor(secrets: Self.secrets(of: settings, environment: environment))
        self.log = { log(redactor.redact($0)) }
    }

    /// What of `settings` must never be logged: the token, the URL's query and its login.
    static func secrets(of settings: TidingsConfig.Realtime, environment: [String: String]) -> [String] {
        var secrets: [String] = []
        if let token = settings.token, case .success(let value) = SecretReader.value(of: token, environment: environment) {
            secrets.append(value)
        }
        let parts = settings.url.split(separator: "?", maxSplits: 1)
        if parts.count == 2 { secrets.append(String(parts[1])) }
        if let scheme = settings.url.range(of: "://") {
            let authority = settings.url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@") { secrets.append(String(authority[..<at])) }
        }
        return secrets.filter { !$0.isEmpty }
    }

    /// Listens until `stop` says so (checked between connections), reconnecting after each
    /// end: at once after a connection that brought a message or lasted a minute, else after
    /// 1 s, 2 s, 4 s … up to `max_backoff`.
    public func run(stop: @Sendable () -> Bool = { false }) throws(HTTPError) {
        let client = try HTTPClient()
        // deliver runs beside the stream, never inside its write callback.
        let worker = DeliverWorker(deliverNow)
        defer { worker.wait() }
        var failures = 0
        while !stop() {
            let started = ContinuousClock.now
            let state = Connection()
            do {
                let request = try self.request()
                log("connecting to \(Self.redacted(request.url))")
                let status = try client.stream(request, idleTimeout: idleTimeout) { bytes in
                    state.receive(bytes) { line in
                        guard settings.format == .sse else { return handle(PushMessage.parse(line: line), line: line, state: state, worker: worker) }
                        if !line.isEmpty { state.firstLine = state.firstLine ?? line }
                        guard let event = state.events.feed(line) else { return }
                        guard event.type == "message" else { return }
                        handle(PushMessage.parse(json: event.data, eventId: event.id), line: event.data, state: state, worker: worker)
                    }
                    return true
                }
                if (200..<300).contains(status) {
                    log("the server closed the stream")
                } else {
                    log("the server answered HTTP \(status)\(state.firstLine.map { ": \($0.prefix(200))" } ?? "")")
                    state.messages = 0
                }
            } catch {
                log("connection failed: \(error)")
            }
            let healthy = state.messages > 0 || started.duration(to: .now) >= .seconds(60)
            failures = healthy ? 0 : failures + 1
            guard failures > 0 else { continue }
            let wait = min(settings.maxBackoff, 1000 << min(failures - 1, 20))
            log("reconnecting in \(DurationText.format(wait))")
            Thread.sleep(forTimeInterval: Double(wait) / 1000)
        }
    }

    /// The request for the stream, catching up from the last message stored.
    func request() throws(HTTPError) -> HTTPRequest {
        let since: String?
        do { since = try database.realtimeLastId(url: settings.url) } catch {
            throw HTTPError(kind: .network, message: "cannot read the last message id: \(error)")
        }
        let query = since.map { "since=" + HTTPRequest.queryComponent($0) }
        var url: String
        var headers: [(name: String, value: String)] = []
        switch settings.format {
        case .ntfy:
            url = settings.url + "/json" + (query.map { "?" + $0 } ?? "")
        case .sse:
            url = settings.url + (query.map { (settings.url.contains("?") ? "&" : "?") + $0 } ?? "")
            headers.append(("Accept", "text/event-stream"))
            if let since { headers.append(("Last-Event-ID", since)) }
        }
        if let token = settings.token {
            switch SecretReader.value(of: token, environment: environment) {
            case .success(let value): headers.append(("Authorization", "Bearer " + value))
            case .failure(let problem): throw HTTPError(kind: .network, message: problem.text(role: "token") + " (realtime)")
            }
        }
        return HTTPRequest(url: url, headers: headers, connectTimeout: 10, userAgent: "Tidings/\(TidingsVersion.current)")
    }

    /// Stores the message `parsed` (read from `line`), if it is one, and has `worker`
    /// deliver it when it is new and due.
    private func handle(_ parsed: PushMessage.Line, line: String, state: Connection, worker: DeliverWorker) {
        switch parsed {
        case .other: return
        case .invalid(let reason):
            state.firstLine = state.firstLine ?? line
            log("skipped a line: \(reason)")
        case .message(let message):
            state.messages += 1
            let now = clock()
            let item = rule.notification(for: message, now: now, zone: zone)
            do {
                guard try database.recordPushed(item, url: settings.url, messageId: message.id, now: now) else {
                    log("message \(message.id) was stored before: not shown again")
                    return
                }
            } catch {
                log("cannot store message \(message.id): \(error)")
                return
            }
            let urgent = rule.isUrgent(message) ? "urgent" : item.category.description
            if item.dueAt <= now {
                log("message \(message.id) (\(urgent)): delivering")
                worker.request()
            } else {
                log("message \(message.id) (\(urgent)): due \(ISOTime.format(item.dueAt, in: zone)), after quiet hours")
            }
        }
    }

    /// `url` without its query (which may hold a token).
    static func redacted(_ url: String) -> String {
        url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
    }

    /// One connection's bytes cut into lines, and what it brought.
    final class Connection: @unchecked Sendable {
        private var pending: [UInt8] = []
        /// Messages it brought.
        var messages = 0
        /// The first line that was not a stream line (an error page), for the log.
        var firstLine: String?
        /// The server-sent events read so far (`format = "sse"`).
        var events = ServerSentEvents()

        /// Adds `bytes` and hands each complete line to `line`.
        func receive(_ bytes: [UInt8], line: (String) -> Void) {
            pending.append(contentsOf: bytes)
            while let newline = pending.firstIndex(of: 0x0A) {
                let text = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                line(text)
            }
            // A line longer than 64 KiB is no message of a stream: dropped.
            if pending.count > 65_536 { pending.removeAll() }
        }
    }
}
