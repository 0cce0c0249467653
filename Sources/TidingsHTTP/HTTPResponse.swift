/// The final response of a transfer, after any redirects were followed.
public struct HTTPResponse: Sendable {
    /// The HTTP status code; 200 for a successful `file:` read.
    public var status: Int
    /// The headers of the final response only, in the order received.
    public var headers: [(name: String, value: String)]
    /// The decoded response body.
    public var body: [UInt8]
    /// The URL that produced this response, after redirects.
    public var finalURL: String
    /// How many redirects were followed to reach ``finalURL``.
    public var redirectCount: Int
    /// Seconds spent on the whole transfer, all hops together.
    public var elapsed: Double

    /// Creates a response; useful for stand-ins in tests of code that consumes responses.
    public init(
        status: Int,
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = [],
        finalURL: String,
        redirectCount: Int = 0,
        elapsed: Double = 0
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.finalURL = finalURL
        self.redirectCount = redirectCount
        self.elapsed = elapsed
    }

    /// The value of the first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The body decoded as UTF-8, with invalid sequences repaired.
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }
}
