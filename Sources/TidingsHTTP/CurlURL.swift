import CCurl

/// A URL parsed by libcurl's own parser, so policy decisions see the host exactly as libcurl will.
final class CurlURL {
    private let handle: OpaquePointer

    /// Parses `url`, or returns the parser's complaint.
    static func parse(_ url: String) -> Result<CurlURL, ParseFailure> {
        guard let handle = tidings_curl_url() else {
            return .failure(ParseFailure(reason: "out of memory parsing url"))
        }
        let parsed = CurlURL(handle: handle)
        let code = tidings_curl_url_set(handle, CURLUPART_URL, url, 0)
        guard code == CURLUE_OK else {
            let reason = tidings_curl_url_strerror(code).map { String(cString: $0) } ?? "malformed url"
            return .failure(ParseFailure(reason: lowercasedFirst(reason)))
        }
        return .success(parsed)
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        tidings_curl_url_cleanup(handle)
    }

    /// The lower-cased host as libcurl normalizes it (IPv6 in brackets), or nil without one.
    var host: String? { part(CURLUPART_HOST)?.lowercased() }

    /// The port, the scheme's default when the URL names none.
    var port: String? { part(CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)) }

    private func part(_ which: CURLUPart, flags: UInt32 = 0) -> String? {
        var out: UnsafeMutablePointer<CChar>?
        guard tidings_curl_url_get(handle, which, &out, flags) == CURLUE_OK, let out else { return nil }
        defer { tidings_curl_free(out) }
        return String(cString: out)
    }

    /// Why a URL could not be parsed.
    struct ParseFailure: Error {
        var reason: String
    }
}

/// The text with its first character lower-cased, for curl's capitalized messages.
func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
}
