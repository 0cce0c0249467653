import CCurl

/// One hop set up on a handle: what must stay alive until its transfer ends, and what judging
/// its result needs.
final class PreparedHop {
    let hop: Hop
    let request: HTTPRequest
    let remaining: Double
    let sink: TransferSink
    let headerList: CurlHeaderList

    init(hop: Hop, request: HTTPRequest, remaining: Double, sink: TransferSink, headerList: CurlHeaderList) {
        self.hop = hop
        self.request = request
        self.remaining = remaining
        self.sink = sink
        self.headerList = headerList
    }
}

extension CurlHandle {
    /// Sets the handle up for one hop with `remaining` seconds of the request's total budget;
    /// the result must stay alive until the transfer ends.
    func prepare(_ hop: Hop, of request: HTTPRequest, remaining: Double) throws(HTTPError) -> PreparedHop {
        try reset()
        try set(CURLOPT_URL, hop.url)
        try set(CURLOPT_PROTOCOLS_STR, URLPolicy.protocols)
        // Without NOSIGNAL, libcurl uses SIGALRM to time out DNS lookups, which is unsafe in a
        // threaded process.
        try set(CURLOPT_NOSIGNAL, 1)
        // An empty string offers every encoding libcurl was built with and decodes transparently,
        // so the write callback (and the body cap) sees decoded bytes.
        try set(CURLOPT_ACCEPT_ENCODING, "")
        try set(CURLOPT_USERAGENT, request.userAgent)
        try set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(min(request.connectTimeout, remaining)))
        try set(CURLOPT_TIMEOUT_MS, milliseconds(remaining))
        if request.maxBodyBytes > 0 {
            // Rejects early from Content-Length (or a file's size); 0 would mean "no limit", so a
            // zero cap is left to the write callback alone.
            try set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(request.maxBodyBytes))
        }
        // Verification stays on (libcurl's default): these only narrow what is trusted.
        if !request.pinnedPublicKeys.isEmpty {
            try set(CURLOPT_PINNEDPUBLICKEY, request.pinnedPublicKeys.joined(separator: ";"))
        }
        if let caFile = request.caFile {
            // Instead of the system's authorities, not beside them: libcurl also reads the
            // CA folder it was built with (/etc/ssl/certs on Debian) unless told not to.
            try set(CURLOPT_CAINFO, caFile)
            try clear(CURLOPT_CAPATH)
        }
        try configureMethod(hop)
        let headerList = try headerList(for: hop)
        try set(CURLOPT_HTTPHEADER, headerList)

        let sink = TransferSink(maxBodyBytes: request.maxBodyBytes)
        try attach(sink)
        return PreparedHop(hop: hop, request: request, remaining: remaining, sink: sink, headerList: headerList)
    }

    /// What the hop's transfer, which ended with `code`, brought back; a failure throws.
    func finish(_ prepared: PreparedHop, code: CURLcode) throws(HTTPError) -> TransferOutcome {
        let hop = prepared.hop
        guard code == CURLE_OK else {
            throw failure(code, sink: prepared.sink, hop: hop, request: prepared.request, remaining: prepared.remaining)
        }
        let isFile = URLPolicy.scheme(of: hop.url) == "file"
        // libcurl reports response code 0 for file: transfers.
        let status = isFile ? 200 : (infoInt(CURLINFO_RESPONSE_CODE) ?? 0)
        let redirectTarget = Hop.redirectStatuses.contains(status) ? infoString(CURLINFO_REDIRECT_URL) : nil
        return TransferOutcome(
            status: status,
            headers: prepared.sink.headers,
            body: prepared.sink.body,
            effectiveURL: infoString(CURLINFO_EFFECTIVE_URL) ?? hop.url,
            redirectTarget: redirectTarget
        )
    }

    private func configureMethod(_ hop: Hop) throws(HTTPError) {
        let method = hop.method.uppercased()
        guard !method.isEmpty, method.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) }) else {
            throw HTTPError(kind: .network, message: "invalid http method \"\(hop.method)\" for \(hop.url)")
        }
        if let body = hop.body {
            try setCopiedBody(body)
            if method != "POST" {
                try set(CURLOPT_CUSTOMREQUEST, method)
            }
            return
        }
        switch method {
        case "GET": try set(CURLOPT_HTTPGET, 1)
        case "HEAD": try set(CURLOPT_NOBODY, 1)
        case "POST": try setCopiedBody([])
        default: try set(CURLOPT_CUSTOMREQUEST, method)
        }
    }

    private func headerList(for hop: Hop) throws(HTTPError) -> CurlHeaderList {
        let list = CurlHeaderList()
        for header in hop.headers {
            try list.append(name: header.name, value: header.value)
        }
        if hop.body != nil, !hop.headers.contains(where: { $0.name.lowercased() == "expect" }) {
            // libcurl adds "Expect: 100-continue" to larger bodies and then waits up to a second
            // for a 100 reply that many servers never send; "Expect:" removes the header.
            try list.appendLine("Expect:")
        }
        return list
    }

    private func failure(
        _ code: CURLcode, sink: TransferSink, hop: Hop, request: HTTPRequest, remaining: Double
    ) -> HTTPError {
        let detail = errorText(for: code)
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            // libcurl reports connect and transfer timeouts with the same code; an unconnected
            // transfer under a connect limit tighter than the budget hit the connect limit.
            let connected = (infoOffset(CURLINFO_CONNECT_TIME_T) ?? 0) > 0
            if !connected, request.connectTimeout < remaining {
                return HTTPError(
                    kind: .timeout, curlCode: code.int32,
                    message: "could not connect within \(formatSeconds(request.connectTimeout)) to \(hop.url)"
                )
            }
            return .timedOut(after: request.totalTimeout, fetching: hop.url, curlCode: code.int32)
        case CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge(request.maxBodyBytes, fetching: hop.url, curlCode: code.int32)
        case CURLE_WRITE_ERROR where sink.exceededLimit:
            return .bodyTooLarge(request.maxBodyBytes, fetching: hop.url, curlCode: code.int32)
        case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return HTTPError(
                kind: .network, curlCode: code.int32,
                message: "the server's public key matches no pinned key fetching \(hop.url) (pinned_public_keys)")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return HTTPError(kind: .refusedURL, curlCode: code.int32, message: "refused url \(hop.url): \(detail)")
        default:
            return HTTPError(kind: .network, curlCode: code.int32, message: "network error fetching \(hop.url): \(detail)")
        }
    }

    /// Whole milliseconds, at least 1: libcurl reads 0 as "no limit" (or its default) for timeouts.
    private func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(min(max(1, (seconds * 1000).rounded(.up)), Double(Int32.max)))
    }
}

extension HTTPError {
    static func bodyTooLarge(_ limit: Int, fetching url: String, curlCode: Int32) -> HTTPError {
        HTTPError(kind: .tooLarge, curlCode: curlCode, message: "response body exceeds \(limit) bytes fetching \(url)")
    }
}
