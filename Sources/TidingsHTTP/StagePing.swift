import Foundation

/// The pings of one program run to a watcher that alerts when they stop: healthchecks.io (and
/// its self-hosted servers, Cronitor's healthchecks-compatible URLs) or an Uptime Kuma push
/// monitor, told apart by the URL (`/api/push/` is Uptime Kuma's). Each ping is one request
/// with a short timeout, never repeated; what fails is returned as a line to print, and never
/// fails the run. The URL, which is what lets anyone ping, is never part of that line.
public final class StagePing {
    /// How a watcher takes its pings.
    public enum Style: Sendable, Equatable {
        /// `<url>/start`, then `<url>` or `<url>/<exit status>`, with a run id pairing them and
        /// the log as the body of the last.
        case healthchecks
        /// `<url>?status=up|down&msg=…&ping=<ms>` at the end only.
        case uptimeKuma
    }

    /// The URL as configured, without a query.
    public let url: String
    public let style: Style
    /// Pairs a run's start with its end (healthchecks' `rid`).
    private let runID = UUID().uuidString.lowercased()
    private let started = ContinuousClock.now
    /// Made at the first ping: libcurl is loaded only when a run pings.
    private var client: HTTPClient?

    /// Seconds allowed for one ping, connecting included.
    static let timeout = 5.0

    /// The `User-Agent` of the pings.
    private let userAgent: String

    /// The pings of a run to `url`, sent as `userAgent`.
    public init(url: String, userAgent: String) {
        self.userAgent = userAgent
        let base = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        self.url = base.hasSuffix("/") ? String(base.dropLast()) : base
        style = base.contains("/api/push/") ? .uptimeKuma : .healthchecks
    }

    /// Says the run started (healthchecks only); the problem, when the ping failed.
    public func start() -> String? {
        guard style == .healthchecks else { return nil }
        return send(url + "/start?rid=\(runID)", body: nil)
    }

    /// Says the run of `program` ended with `status`, and on a failure the last of `log`
    /// (its error); the problem, when the ping failed.
    public func finish(program: String, status: Int32, log: [String]) -> String? {
        let text = log.suffix(10).joined(separator: "\n")
        switch style {
        case .healthchecks:
            let path = status == 0 ? "" : "/\(status)"
            return send(url + path + "?rid=\(runID)", body: text.isEmpty ? nil : String(text.prefix(10_000)))
        case .uptimeKuma:
            let elapsed = (ContinuousClock.now - started).components
            let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
            let summary = status == 0 ? "\(program) ok" : "\(program) exit \(status)" + (log.last.map { ": \($0)" } ?? "")
            let query = "status=\(status == 0 ? "up" : "down")&msg=\(HTTPRequest.queryComponent(String(summary.prefix(200))))&ping=\(milliseconds)"
            return send(url + "?" + query, body: nil)
        }
    }

    /// One request: POST with `body`, else GET; nil when the watcher answered 2xx.
    private func send(_ target: String, body: String?) -> String? {
        let request = HTTPRequest(
            url: target, method: body == nil ? "GET" : "POST", headers: body == nil ? [] : [("Content-Type", "text/plain; charset=utf-8")],
            body: body.map { Array($0.utf8) }, connectTimeout: 3, totalTimeout: Self.timeout, maxBodyBytes: 4096, maxRedirects: 2,
            userAgent: userAgent)
        let host = DisplayHost.of(url)
        do throws(HTTPError) {
            let client: HTTPClient
            if let existing = self.client {
                client = existing
            } else {
                client = try HTTPClient()
                self.client = client
            }
            let response = try client.perform(request)
            return (200..<300).contains(response.status) ? nil : "the ping to \(host) was answered with HTTP \(response.status)"
        } catch {
            return "the ping to \(host) failed: \(error.kind == .timeout ? "no answer within \(Int(Self.timeout)) s" : error.kind.rawValue)"
        }
    }
}

/// The scheme and host of a URL, for what is said about it without its path or query.
enum DisplayHost {
    static func of(_ url: String) -> String {
        guard let range = url.range(of: "://") else { return "the watcher" }
        let host = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" }
        return String(url[..<range.upperBound] + host)
    }
}
