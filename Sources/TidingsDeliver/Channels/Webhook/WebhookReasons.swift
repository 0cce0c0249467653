import TidingsCore

/// Writes failure reasons for one webhook target: hosts instead of URLs, secrets redacted.
///
/// Nothing of the answer to a request that carried a credential (a token, a signing secret,
/// or a Slack or Discord URL, which is one) is kept but its status: a receiver may echo the
/// credential in any encoding. Every reason also goes through a ``SecretRedactor``, which finds
/// the secrets escaped, encoded, in another case or cut short (a client error may quote them).
struct WebhookReasons: Sendable {
    /// `webhook:NAME`.
    let channel: ChannelName
    /// The host requests go to, when the URL has one.
    let host: String?
    /// The URLs that may appear in client errors; Slack and Discord URLs are credentials.
    let urls: [String]
    /// Whether the requests carry a credential, so that no answer's body is quoted.
    let credentialed: Bool
    /// Finds the secrets (and a credential URL's path) in every form an answer may echo them.
    let redactor: SecretRedactor

    /// The reasons of `channel`, whose requests go to `host`; `secrets` are the token and the
    /// signing secret; `urlIsCredential` is true for Slack and Discord, whose URL is one.
    init(channel: ChannelName, host: String?, urls: [String], secrets: [String], urlIsCredential: Bool = false) {
        self.channel = channel
        self.host = host
        self.urls = urls
        credentialed = !secrets.isEmpty || urlIsCredential
        let paths = urlIsCredential ? urls.compactMap { Self.pathAndQuery(of: $0) } : []
        redactor = SecretRedactor(secrets: secrets + paths)
    }

    /// The longest part of a response body quoted in a reason.
    static let quoteLength = 200

    /// `HTTP 400 from HOST: <start of the body, on one line>`; for a credentialed request
    /// `HTTP 401 from HOST: Unauthorized`, the standard phrase instead of the body.
    func status(_ status: Int, body: [UInt8]) -> String {
        let prefix = "HTTP \(status) from \(host ?? "the receiver")"
        if credentialed {
            return redact(Self.phrase(of: status).map { "\(prefix): \($0)" } ?? prefix)
        }
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

    /// `text` with every form of every secret replaced by `[redacted]`.
    func redact(_ text: String) -> String { redactor.redact(text) }

    /// The standard reason phrase of `status` (RFC 9110), or nil for one without a common phrase.
    static func phrase(of status: Int) -> String? {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }

    /// The part of `url` after its host (`/services/T0/B0/XYZ?x=1`), or nil when there is none.
    static func pathAndQuery(of url: String) -> String? {
        guard let separator = url.range(of: "://") else { return nil }
        let rest = url[separator.upperBound...]
        guard let start = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return nil }
        let path = rest[start...]
        return path.count > 1 ? String(path) : nil
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
