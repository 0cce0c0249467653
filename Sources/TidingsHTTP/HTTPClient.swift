/// A blocking HTTP(S) and `file:` client over one reused libcurl handle.
///
/// A client is not safe to share between threads at the same time; give each worker its own.
/// ``HTTPMultiClient`` runs many requests at once on one thread instead.
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
        var chain = try RedirectChain(request)
        while true {
            let outcome = try transfer(chain.hop, of: request, remaining: try chain.remaining())
            if let response = try chain.advance(after: outcome) { return response }
        }
    }

    /// Runs one hop with `remaining` seconds of the request's total budget.
    func transfer(_ hop: Hop, of request: HTTPRequest, remaining: Double) throws(HTTPError) -> TransferOutcome {
        let prepared = try curl.prepare(hop, of: request, remaining: remaining)
        let code = withExtendedLifetime(prepared) { curl.perform() }
        return try curl.finish(prepared, code: code)
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
