/// One message to send over SMTP, with the limits that bound its transfer.
public struct MailRequest: Sendable {
    /// `smtps://host[:port]` (TLS from the start) or `smtp://host[:port]`.
    public var url: String
    /// Whether an `smtp://` session must switch to TLS with STARTTLS before anything is sent
    /// (CURLUSESSL_ALL); false is allowed only to a loopback host.
    public var requireTLS: Bool
    /// The envelope sender (`MAIL FROM`).
    public var from: String
    /// The envelope recipients (`RCPT TO`), one each.
    public var recipients: [String]
    /// The whole message, RFC 5322, lines ended by CRLF.
    public var message: [UInt8]
    /// The login name for SMTP AUTH; nil sends none.
    public var username: String?
    /// The password for SMTP AUTH; never shown.
    public var password: String?
    /// A PEM file of the certificate authorities to trust instead of the system's.
    public var caFile: String?
    /// Seconds allowed to connect.
    public var connectTimeout: Double
    /// Seconds allowed for the whole session.
    public var totalTimeout: Double

    /// A request; TLS is required unless said otherwise.
    public init(
        url: String, from: String, recipients: [String], message: [UInt8], requireTLS: Bool = true,
        connectTimeout: Double = 10, totalTimeout: Double = 30
    ) {
        self.url = url
        self.from = from
        self.recipients = recipients
        self.message = message
        self.requireTLS = requireTLS
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
    }
}

/// Why a message was not accepted by the server.
public struct MailError: Error, Sendable, CustomStringConvertible {
    /// The class of failure, which decides whether a later attempt may succeed.
    public enum Kind: String, Sendable {
        /// The connect or total time limit ran out.
        case timeout
        /// DNS, connection or TLS failure, or the connection dropped.
        case network
        /// The server answered with a 4xx reply: try again later.
        case temporary
        /// The server answered with a 5xx reply (a refused recipient, a refused login).
        case refused
        /// The URL is not allowed (scheme, or plain SMTP to another machine).
        case refusedURL = "refused_url"
        /// The server does not offer STARTTLS, which the request requires.
        case noTLS = "no_tls"
    }

    /// The class of failure.
    public var kind: Kind
    /// The libcurl `CURLcode`, when libcurl reported one.
    public var curlCode: Int32?
    /// The server's last reply code (`550`), when it sent one.
    public var replyCode: Int?
    /// The server's last reply line (`550 5.1.1 <x@example.org>: Recipient address rejected`),
    /// as sent; it may quote what the client sent, so callers redact it before showing it.
    /// Nil when the reply answered the AUTH exchange or a command after it (`afterAuthentication`).
    public var reply: String?
    /// The reply's enhanced status code (RFC 3463, `5.7.8`), when it has one.
    public var enhancedCode: String?
    /// Whether the reply answered the AUTH exchange or a command after it: its text may echo
    /// the login in any encoding, so it is not kept, only its codes.
    public var afterAuthentication: Bool
    /// A lower-case sentence saying what failed.
    public var message: String

    /// An error; useful for stand-ins in tests.
    public init(
        kind: Kind, curlCode: Int32? = nil, replyCode: Int? = nil, reply: String? = nil, enhancedCode: String? = nil,
        afterAuthentication: Bool = false, message: String
    ) {
        self.kind = kind
        self.curlCode = curlCode
        self.replyCode = replyCode
        self.reply = reply
        self.enhancedCode = enhancedCode
        self.afterAuthentication = afterAuthentication
        self.message = message
    }

    /// The message, as shown to people.
    public var description: String { message }
}
