import CCurl

extension HTTPClient {
    /// Performs `request` (one hop, no redirects) and hands its body to `receive` as it
    /// arrives, with no total time limit: for a response that never ends (an event stream).
    /// The transfer ends when the server closes it (the status is returned), when `receive`
    /// returns false (likewise), or with a timeout error when fewer than one byte a second
    /// arrived for `idleTimeout` seconds. A failure to connect throws as `perform` does.
    public func stream(_ request: HTTPRequest, idleTimeout: Int, receive: @escaping ([UInt8]) -> Bool) throws(HTTPError) -> Int {
        try URLPolicy.check(request.url)
        var limited = request
        limited.maxBodyBytes = 0
        let hop = Hop(url: request.url, method: request.method, headers: request.headers, body: nil)
        let prepared = try curl.prepare(hop, of: limited, remaining: max(1, request.connectTimeout))
        // No total limit: the stream is meant to last. A dead peer is found by the low-speed
        // check instead (servers send keepalive lines: ntfy one every 45 s).
        try curl.set(CURLOPT_TIMEOUT_MS, 0)
        try curl.set(CURLOPT_LOW_SPEED_LIMIT, 1)
        try curl.set(CURLOPT_LOW_SPEED_TIME, max(1, idleTimeout))
        prepared.sink.stream = { bytes in receive(Array(bytes)) }
        let code = withExtendedLifetime(prepared) { curl.perform() }
        if prepared.sink.streamEnded { return curl.infoInt(CURLINFO_RESPONSE_CODE) ?? 0 }
        return try curl.finish(prepared, code: code).status
    }
}
