import TidingsCore
import TidingsHTTP

/// Why a CalDAV fetch stopped: the attempt's outcome and a reason naming the request and the
/// server's answer (never the login).
struct CalDAVError: Error {
    var outcome: FetchOutcome
    var status: Int?
    var message: String
}

/// The requests of one CalDAV fetch: each with the login, within what is left of the fetch's
/// time, and every URL it follows kept on the origin of the source's own URL, so that the
/// login never goes to a host the server names.
struct CalDAVSession {
    let client: HTTPClient
    /// The source's URL: its origin is the only one the login is sent to.
    let sourceURL: String
    let origin: DAVOrigin
    let login: SourceLoginHeader?
    let userAgent: String
    let pinnedPublicKeys: [String]
    let caFile: String?
    /// When the fetch must be over.
    let deadline: ContinuousClock.Instant
    /// Requests made so far, and their bytes received.
    private(set) var requests = 0
    private(set) var bytes = 0

    init(
        client: HTTPClient, source: TidingsConfig.Source, login: SourceLoginHeader?, userAgent: String, budget: Int64
    ) throws(CalDAVError) {
        guard let origin = DAVOrigin(source.url) else {
            throw CalDAVError(outcome: .network, message: "refused URL: not an http or https URL with a host")
        }
        self.client = client
        sourceURL = source.url
        self.origin = origin
        self.login = login
        self.userAgent = userAgent
        pinnedPublicKeys = source.pinnedPublicKeys
        caFile = source.caFile
        deadline = ContinuousClock.now + .milliseconds(min(source.timeout, budget))
    }

    /// The largest answer accepted: a calendar's events, escaped in XML.
    static let maxAnswerBytes = 24 << 20

    /// Sends `method` with the XML `body` to `url` at `depth`, and reads the multistatus that answers.
    mutating func multistatus(_ method: String, _ url: String, depth: String, body: String) throws(CalDAVError) -> DAVMultistatus {
        let response = try send(method, url, depth: depth, body: body)
        guard response.status == 207 else { throw refusal(method, url, response) }
        do {
            return try DAVMultistatus.parse(response.body)
        } catch {
            throw CalDAVError(
                outcome: .invalid, status: 207, message: "\(method) \(url): the server's answer is not valid WebDAV XML: \(error.message)")
        }
    }

    /// The answer to `method` with `body` at `url`, whatever its status.
    mutating func send(_ method: String, _ url: String, depth: String, body: String) throws(CalDAVError) -> HTTPResponse {
        let left = Double((deadline - ContinuousClock.now).milliseconds) / 1000
        guard left >= 0.5 else {
            throw CalDAVError(outcome: .timeout, message: "\(method) \(url): the source's time ran out after \(requests) requests")
        }
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "application/xml; charset=utf-8"), ("Depth", depth), ("Accept", "application/xml, text/xml"),
        ]
        if let login { headers.append(login.header) }
        var request = HTTPRequest(
            url: url, method: method, headers: headers, body: Array(body.utf8), connectTimeout: min(10, left), totalTimeout: left,
            maxBodyBytes: Self.maxAnswerBytes, maxRedirects: 3, userAgent: userAgent)
        request.pinnedPublicKeys = pinnedPublicKeys
        request.caFile = caFile
        requests += 1
        do {
            let response = try client.perform(request)
            bytes += response.body.count
            return response
        } catch {
            throw CalDAVError(outcome: FetchOutcome(error.kind), message: "\(method) \(url): \(error.message)")
        }
    }

    /// The error for an answer that is not the one expected, naming its status and, for a
    /// refused login, what to check.
    func refusal(_ method: String, _ url: String, _ response: HTTPResponse) -> CalDAVError {
        var message = "\(method) \(url): HTTP \(response.status)"
        if response.status == 401 || response.status == 403 {
            message += ": the server refused the login (check the username and the app password)"
        } else if response.status == 404 {
            message += ": no such collection (check the url)"
        } else if (200..<300).contains(response.status) || response.status == 405 {
            message += ": the server does not answer CalDAV here (check the url)"
        }
        return CalDAVError(outcome: .httpStatus, status: response.status, message: message)
    }

    /// The absolute URL of `href` as the server wrote it, or nil when it leaves the source's origin.
    func resolve(_ href: String) -> String? { origin.resolve(href) }
}

/// The scheme, host and port of a URL, and how hrefs resolve against it.
struct DAVOrigin: Equatable {
    /// `https://host:port`, lower-cased, without a path or the scheme's own port.
    let prefix: String
    /// How many characters the origin took in the URL it was read from.
    private let length: Int

    static func == (a: DAVOrigin, b: DAVOrigin) -> Bool { a.prefix == b.prefix }

    /// The origin of `url`, nil when it has no http(s) scheme and host.
    init?(_ url: String) {
        let lower = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return nil }
        let rest = lower.dropFirst(scheme.count)
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        // The scheme's own port written out is the same origin (iCloud writes `:443`).
        let defaultPort = scheme == "https://" ? ":443" : ":80"
        if authority.hasSuffix(defaultPort) { authority = authority.dropLast(defaultPort.count) }
        prefix = scheme + authority
        length = scheme.count + rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.count
    }

    /// `href` made absolute: a path is taken on this origin, a full URL only when it has this origin.
    func resolve(_ href: String) -> String? {
        if href.hasPrefix("/") && !href.hasPrefix("//") { return prefix + href }
        guard let other = DAVOrigin(href), other == self else { return nil }
        let path = href.dropFirst(other.length)
        return prefix + (path.isEmpty ? "/" : path)
    }

    /// The path of an absolute `url` of this origin ("/" when it has none).
    func path(of url: String) -> String {
        let rest = url.dropFirst(DAVOrigin(url)?.length ?? prefix.count)
        return rest.isEmpty ? "/" : String(rest)
    }
}

extension FetchOutcome {
    /// The outcome of a fetch that failed with an HTTP error of `kind`.
    init(_ kind: HTTPError.Kind) {
        switch kind {
        case .timeout: self = .timeout
        case .tooLarge: self = .tooLarge
        default: self = .network
        }
    }
}
