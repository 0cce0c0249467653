/// Writes failure reasons for one webhook target: hosts instead of URLs, secrets redacted.
struct WebhookReasons: Sendable {
    /// `webhook:NAME`.
    let channel: String
    /// The host requests go to, when the URL has one.
    let host: String?
    /// The URLs that may appear in client errors; Slack and Discord URLs are credentials.
    let urls: [String]
    /// Secret values to redact wherever they appear.
    let secrets: [String]

    /// The longest part of a response body quoted in a reason.
    static let quoteLength = 200

    /// `HTTP 400 from HOST: <start of the body, on one line>`.
    func status(_ status: Int, body: [UInt8]) -> String {
        let prefix = "HTTP \(status) from \(host ?? "the receiver")"
        // Redacted before it is cut, so a cut cannot leave part of a secret behind.
        let quote = String(Self.singleLine(redact(String(decoding: body, as: UTF8.self))).prefix(Self.quoteLength))
        return quote.isEmpty ? prefix : "\(prefix): \(quote)"
    }

    /// `text` (an HTTP client message) with `fetching URL` as `posting to HOST`, other URLs as
    /// the host, and secrets redacted.
    func scrub(_ text: String) -> String {
        let place = host ?? "the url of \(channel)"
        var out = text
        for url in urls.sorted(by: { $0.count > $1.count }) where !url.isEmpty {
            out = out.replacing("fetching \(url)", with: "posting to \(place)")
            out = out.replacing(url, with: place)
        }
        return redact(out)
    }

    /// `text` with every secret value replaced by `[redacted]`.
    func redact(_ text: String) -> String {
        var out = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
            out = out.replacing(secret, with: "[redacted]")
        }
        return out
    }

    /// The lower-cased host, without user info or port (`ntfy.sh`, `[::1]`), or nil without one.
    ///
    /// Only the host is ever shown: the path of a Slack or Discord URL is itself the credential,
    /// and user info may hold a password.
    static func host(of url: String) -> String? {
        guard let separator = url.range(of: "://") else { return nil }
        let rest = url[separator.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") {
            authority = authority[authority.index(after: at)...]
        }
        let host: Substring
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[...close]
        } else {
            host = authority.prefix { $0 != ":" }
        }
        return host.isEmpty ? nil : host.lowercased()
    }

    /// Control characters and runs of white space folded into single spaces, trimmed.
    static func singleLine(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            if isSpace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out += " " }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
