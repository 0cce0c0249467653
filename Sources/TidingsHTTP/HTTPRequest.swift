import Foundation

/// One HTTP(S) or `file:` request, with the limits that bound its transfer.
public struct HTTPRequest: Sendable {
    /// The absolute URL to fetch; checked by ``URLPolicy`` before anything is sent.
    public var url: String
    /// The request method, upper-case: "GET" by default, "POST", "PUT" and the like with a body.
    public var method: String
    /// Extra request headers, sent in order on every hop of a redirect chain.
    public var headers: [(name: String, value: String)]
    /// The request body, or `nil` for none; libcurl labels it form-urlencoded unless a Content-Type header is given.
    public var body: [UInt8]?
    /// Seconds allowed to establish each connection.
    public var connectTimeout: Double
    /// Seconds allowed for the whole transfer, all redirect hops together.
    public var totalTimeout: Double
    /// The largest decoded response body accepted; a larger one fails with ``HTTPError/Kind/tooLarge``.
    public var maxBodyBytes: Int
    /// The most redirects followed before failing with ``HTTPError/Kind/tooManyRedirects``.
    public var maxRedirects: Int
    /// The `User-Agent` header value.
    public var userAgent: String
    /// `sha256//<base64>` hashes of the public keys an https server may present, on every hop;
    /// empty: any key a trusted certificate carries.
    public var pinnedPublicKeys: [String] = []
    /// A PEM file of the certificate authorities to trust instead of the system's.
    public var caFile: String?

    /// Creates a request with the given URL and, unless overridden, conservative limits.
    public init(
        url: String,
        method: String = "GET",
        headers: [(name: String, value: String)] = [],
        body: [UInt8]? = nil,
        connectTimeout: Double = 10,
        totalTimeout: Double = 30,
        maxBodyBytes: Int = 1 << 20,
        maxRedirects: Int = 5,
        userAgent: String = "Tidings/0.1"
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.userAgent = userAgent
    }

    /// `value` percent-encoded as one value of a query: all but letters, digits and `-._~`.
    public static func queryComponent(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
