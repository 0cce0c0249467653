/// One request on its way through a redirect chain, under the request's total time budget;
/// both clients walk it hop by hop.
struct RedirectChain {
    let request: HTTPRequest
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// The hop to send next.
    private(set) var hop: Hop
    private var redirectCount = 0

    /// Starts the chain at the request's URL, refused unless ``URLPolicy`` allows it.
    init(_ request: HTTPRequest) throws(HTTPError) {
        try URLPolicy.check(request.url)
        self.request = request
        start = clock.now
        hop = Hop(url: request.url, method: request.method, headers: request.headers, body: request.body)
    }

    /// Seconds left of the request's total budget for the next hop; a timeout when none is left.
    func remaining() throws(HTTPError) -> Double {
        let remaining = request.totalTimeout - seconds(start.duration(to: clock.now))
        guard remaining > 0 else {
            throw HTTPError.timedOut(after: request.totalTimeout, fetching: hop.url, curlCode: nil)
        }
        return remaining
    }

    /// The final response when `outcome` is one; after a redirect, moves on to the next hop
    /// (refused when it breaks the policy or the limit) and returns nil.
    mutating func advance(after outcome: TransferOutcome) throws(HTTPError) -> HTTPResponse? {
        guard let target = outcome.redirectTarget else {
            return HTTPResponse(
                status: outcome.status,
                headers: outcome.headers,
                body: outcome.body,
                finalURL: outcome.effectiveURL,
                redirectCount: redirectCount,
                elapsed: seconds(start.duration(to: clock.now))
            )
        }
        guard redirectCount < max(0, request.maxRedirects) else {
            throw HTTPError(
                kind: .tooManyRedirects,
                message: "too many redirects (more than \(max(0, request.maxRedirects))) fetching \(request.url)"
            )
        }
        hop = try hop.redirected(to: target, status: outcome.status, from: request.url)
        redirectCount += 1
        return nil
    }
}

/// What is sent on one hop of a redirect chain.
struct Hop {
    var url: String
    var method: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]?

    /// The statuses whose `Location` is followed; other 3xx (300, 304, …) are final responses.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The next hop after a `status` redirect to `target`, refused unless `target` passes
    /// ``URLPolicy`` and keeps the scheme of `originalURL`.
    func redirected(to target: String, status: Int, from originalURL: String) throws(HTTPError) -> Hop {
        if let reason = URLPolicy.refusal(for: target) {
            throw HTTPError(kind: .refusedURL, message: "refused redirect from \(url) to \(target): \(reason)")
        }
        let fromScheme = URLPolicy.scheme(of: originalURL) ?? ""
        let toScheme = URLPolicy.scheme(of: target) ?? ""
        guard fromScheme == toScheme else {
            throw HTTPError(
                kind: .refusedURL,
                message: "refused redirect from \(url) to \(target): it changes the scheme from \(fromScheme) to \(toScheme)"
            )
        }
        var next = self
        next.url = target
        let upper = method.uppercased()
        // 303 always means "GET the result"; 301 and 302 turn a POST into a GET in every
        // browser, and libcurl does the same by default. 307 and 308 repeat the request as is.
        if (status == 303 && upper != "HEAD") || ((status == 301 || status == 302) && upper == "POST") {
            next.method = "GET"
            next.body = nil
            next.headers.removeAll { Self.describesBody($0.name) }
        }
        if !Self.sameOrigin(url, target) {
            // Credentials stay with the origin they were given for, as libcurl's own
            // CURLOPT_FOLLOWLOCATION does unless CURLOPT_UNRESTRICTED_AUTH is set.
            next.headers.removeAll { ["authorization", "cookie"].contains($0.name.lowercased()) }
        }
        return next
    }

    private static func describesBody(_ name: String) -> Bool {
        ["content-type", "content-length", "content-encoding"].contains(name.lowercased())
    }

    private static func sameOrigin(_ first: String, _ second: String) -> Bool {
        guard case .success(let a) = CurlURL.parse(first), case .success(let b) = CurlURL.parse(second) else {
            return false
        }
        return URLPolicy.scheme(of: first) == URLPolicy.scheme(of: second) && a.host == b.host && a.port == b.port
    }
}
