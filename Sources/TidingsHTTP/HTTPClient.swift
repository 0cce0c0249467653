/// A blocking HTTP(S) and `file:` client over one reused libcurl handle.
///
/// A client is not safe to share between threads at the same time; give each worker its own.
public final class HTTPClient {
    let curl: CurlHandle

    /// Creates a client; fails only when libcurl cannot be initialized.
    public init() throws(HTTPError) {
        curl = try CurlHandle()
    }

    /// Performs `request`, following redirects under ``URLPolicy``, and returns the final response.
    ///
    /// Any HTTP status, 4xx and 5xx included, is a response; only a failure to get one throws.
    public func perform(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let clock = ContinuousClock()
        let start = clock.now
        try URLPolicy.check(request.url)
        var hop = Hop(url: request.url, method: request.method, headers: request.headers, body: request.body)
        var redirectCount = 0
        while true {
            let remaining = request.totalTimeout - seconds(start.duration(to: clock.now))
            guard remaining > 0 else {
                throw HTTPError.timedOut(after: request.totalTimeout, fetching: hop.url, curlCode: nil)
            }
            let outcome = try transfer(hop, of: request, remaining: remaining)
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
        }
    }
}

/// The result of one hop: a response that may itself be a redirect.
struct TransferOutcome {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    var effectiveURL: String
    /// The absolute target of a redirect response, resolved by libcurl; nil for a final response.
    var redirectTarget: String?
}

extension HTTPError {
    static func timedOut(after limit: Double, fetching url: String, curlCode: Int32?) -> HTTPError {
        HTTPError(kind: .timeout, curlCode: curlCode, message: "timed out after \(formatSeconds(limit)) fetching \(url)")
    }
}

func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}
