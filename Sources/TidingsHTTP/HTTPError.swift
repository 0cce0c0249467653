/// Why a request produced no response.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The class of failure, stable enough to store or to branch on.
    public enum Kind: String, Sendable {
        /// The connect or total time limit ran out.
        case timeout
        /// DNS, connection, TLS or protocol failure, or an unreadable file.
        case network
        /// The decoded body exceeded the request's `maxBodyBytes`.
        case tooLarge = "too_large"
        /// The URL, or a redirect target, is not allowed by ``URLPolicy``.
        case refusedURL = "refused_url"
        /// More redirects than the request's `maxRedirects`.
        case tooManyRedirects = "too_many_redirects"
    }

    /// The class of failure.
    public var kind: Kind
    /// The libcurl `CURLcode`, when libcurl reported one.
    public var curlCode: Int32?
    /// A lower-case sentence saying what failed and for which URL.
    public var message: String

    /// Creates an error; useful for stand-ins in tests of code that handles failures.
    public init(kind: Kind, curlCode: Int32? = nil, message: String) {
        self.kind = kind
        self.curlCode = curlCode
        self.message = message
    }

    /// The message, as shown to people.
    public var description: String { message }
}

extension HTTPError {
    static func refused(_ url: String, _ reason: String) -> HTTPError {
        HTTPError(kind: .refusedURL, message: url.isEmpty ? "refused empty url: \(reason)" : "refused url \(url): \(reason)")
    }
}

/// Formats seconds for messages: whole values without a fraction ("30 s"), others as given ("1.5 s").
func formatSeconds(_ seconds: Double) -> String {
    if seconds.isFinite, seconds == seconds.rounded(), abs(seconds) < 1e15 {
        return "\(Int(seconds)) s"
    }
    return "\(seconds) s"
}
