import CCurl

/// A blocking SMTP client over one reused libcurl handle (`smtps:`, or `smtp:` with STARTTLS).
///
/// A client is not safe to share between threads at the same time; give each worker its own.
public final class MailClient {
    let curl: CurlHandle

    /// Creates a client; fails only when libcurl cannot be initialized.
    public init() throws(HTTPError) {
        curl = try CurlHandle()
    }

    /// The schemes the client speaks, in the form `CURLOPT_PROTOCOLS_STR` takes.
    static let protocols = "smtp,smtps"

    /// Why `url` may not carry mail (with `requireTLS` as given), or nil when it may: `smtps:`
    /// anywhere, `smtp:` with STARTTLS anywhere, plain `smtp:` only to a loopback host.
    public static func refusal(for url: String, requireTLS: Bool) -> String? {
        guard let scheme = URLPolicy.scheme(of: url), scheme == "smtp" || scheme == "smtps" else {
            return "expected smtps://HOST:465 or smtp://HOST:587"
        }
        guard url.utf8.dropFirst(scheme.utf8.count).starts(with: "://".utf8) else {
            return "not a valid URL: expected \"\(scheme)://\" followed by a host"
        }
        let parsed: CurlURL
        switch CurlURL.parse(url) {
        case .success(let value): parsed = value
        case .failure(let failure): return failure.reason
        }
        guard let host = parsed.host, !host.isEmpty else { return "no host" }
        if scheme == "smtp", !requireTLS, !URLPolicy.isLoopback(host) {
            return "plain smtp without STARTTLS is allowed only to a loopback host, not \(host)"
        }
        return nil
    }

    /// Sends `request`'s message to every recipient, or throws why the server did not take it.
    public func send(_ request: MailRequest) throws(MailError) {
        if let reason = Self.refusal(for: request.url, requireTLS: request.requireTLS) {
            throw MailError(kind: .refusedURL, message: "refused url \(request.url): \(reason)")
        }
        do throws(HTTPError) {
            try configure(request)
        } catch {
            throw MailError(kind: .network, curlCode: error.curlCode, message: error.message)
        }
        let recipients = CurlHeaderList()
        let upload = MailUpload(request.message)
        let replies = MailReplies()
        do throws(HTTPError) {
            for recipient in request.recipients {
                try recipients.appendLine("<\(recipient)>")
            }
            try curl.set(CURLOPT_MAIL_RCPT, recipients)
            try curl.attach(upload, size: request.message.count)
            try curl.attach(replies)
        } catch {
            throw MailError(kind: .network, curlCode: error.curlCode, message: error.message)
        }
        let code = withExtendedLifetime((recipients, upload, replies)) { curl.perform() }
        guard code == CURLE_OK else {
            throw failure(code, request: request, refusal: replies.lastRefusal)
        }
    }

    private func configure(_ request: MailRequest) throws(HTTPError) {
        try curl.reset()
        try curl.set(CURLOPT_URL, request.url)
        try curl.set(CURLOPT_PROTOCOLS_STR, Self.protocols)
        // Without NOSIGNAL, libcurl uses SIGALRM to time out DNS lookups, which is unsafe in a
        // threaded process.
        try curl.set(CURLOPT_NOSIGNAL, 1)
        try curl.set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(min(request.connectTimeout, request.totalTimeout)))
        try curl.set(CURLOPT_TIMEOUT_MS, milliseconds(request.totalTimeout))
        // CURLUSESSL_ALL: STARTTLS or nothing; a server that does not offer it fails with
        // CURLE_USE_SSL_FAILED instead of getting the message in the clear.
        if request.requireTLS {
            try curl.set(CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))
        }
        if let caFile = request.caFile {
            try curl.set(CURLOPT_CAINFO, caFile)
            try curl.clear(CURLOPT_CAPATH)
        }
        try curl.set(CURLOPT_MAIL_FROM, "<\(request.from)>")
        if let username = request.username {
            try curl.set(CURLOPT_USERNAME, username)
            try curl.set(CURLOPT_PASSWORD, request.password ?? "")
        }
    }

    /// Like an HTTP answer to a request that carried a credential, a reply to the AUTH
    /// exchange or to any command after it may echo the login (a 535 quoting `AUTH PLAIN`'s
    /// base64): of such a reply only the code and the enhanced status code are kept.
    private func failure(_ code: CURLcode, request: MailRequest, refusal: (line: String, afterAuthentication: Bool)?) -> MailError {
        let detail = curl.errorText(for: code)
        let host = MailClient.host(of: request.url)
        let replyCode = refusal.flatMap { Int($0.line.prefix(3)) }
        let reply = refusal?.afterAuthentication == false ? refusal?.line : nil
        let enhanced = refusal.flatMap { Self.enhancedCode(in: $0.line) }
        let afterAuthentication = refusal?.afterAuthentication ?? false
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return MailError(
                kind: .timeout, curlCode: code.int32, message: "timed out after \(formatSeconds(request.totalTimeout)) sending to \(host)")
        case CURLE_USE_SSL_FAILED:
            return MailError(
                kind: .noTLS, curlCode: code.int32, replyCode: replyCode, reply: reply, enhancedCode: enhanced,
                afterAuthentication: afterAuthentication, message: "\(host) does not offer STARTTLS, which is required")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return MailError(kind: .refusedURL, curlCode: code.int32, message: "refused url \(request.url): \(detail)")
        default:
            guard let replyCode, (400..<600).contains(replyCode) else {
                return MailError(kind: .network, curlCode: code.int32, message: "network error sending to \(host): \(detail)")
            }
            return MailError(
                kind: replyCode < 500 ? .temporary : .refused, curlCode: code.int32, replyCode: replyCode, reply: reply,
                enhancedCode: enhanced, afterAuthentication: afterAuthentication, message: "SMTP \(replyCode) from \(host) (\(detail))")
        }
    }

    /// The enhanced status code (RFC 3463, `5.7.8`) after a reply's code, or nil: a class of
    /// 2, 4 or 5, then two numbers of one to three digits.
    static func enhancedCode(in line: String) -> String? {
        let words = line.dropFirst(4).split(separator: " ", maxSplits: 1)
        guard let word = words.first else { return nil }
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, ["2", "4", "5"].contains(parts[0]),
            parts.dropFirst().allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return String(word)
    }

    /// The host of an `smtp(s)://` URL, without user info or port, for messages.
    static func host(of url: String) -> String {
        guard case .success(let parsed) = CurlURL.parse(url), let host = parsed.host else { return "the mail server" }
        return host
    }

    /// Whole milliseconds, at least 1: libcurl reads 0 as "no limit" for timeouts.
    private func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(min(max(1, (seconds * 1000).rounded(.up)), Double(Int32.max)))
    }
}

/// The message bytes libcurl reads as the upload, a buffer at a time.
final class MailUpload {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies up to `capacity` bytes into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}

/// The server's reply lines, as libcurl hands them to the header callback, and where the
/// AUTH exchange began (from the commands libcurl's debug callback shows).
final class MailReplies {
    private(set) var lines: [String] = []
    /// The number of reply lines received before the first AUTH command went out.
    private(set) var authenticationStart: Int?

    /// The last 4xx or 5xx reply line, the one a failure is about (libcurl still says QUIT
    /// after a refusal, so the very last line is the server's goodbye), and whether it
    /// answered the AUTH exchange or a command after it.
    var lastRefusal: (line: String, afterAuthentication: Bool)? {
        guard
            let index = lines.lastIndex(where: { line in
                let code = line.utf8.prefix(3)
                return code.count == 3 && code.allSatisfy { (0x30...0x39).contains($0) } && (code.first == 0x34 || code.first == 0x35)
            })
        else { return nil }
        return (lines[index], authenticationStart.map { index >= $0 } ?? false)
    }

    /// Notes a command libcurl sent; only whether it starts the AUTH exchange is kept (the
    /// commands after it carry the login).
    func sent(_ bytes: UnsafeRawBufferPointer) {
        guard authenticationStart == nil, bytes.count >= 4 else { return }
        if bytes.prefix(4).map({ $0 & 0xDF }) == Array("AUTH".utf8) { authenticationStart = lines.count }
    }

    func receive(_ bytes: UnsafeRawBufferPointer) {
        var line = String(decoding: bytes, as: UTF8.self)
        while line.last == "\r\n" || line.last == "\n" || line.last == "\r" { line.removeLast() }
        if !line.isEmpty { lines.append(line) }
    }
}

extension CurlHandle {
    /// Makes the transfer an upload of `upload`'s `size` bytes, which must stay alive until `perform` returns.
    func attach(_ upload: MailUpload, size: Int) throws(HTTPError) {
        try check(tidings_curl_setopt_read_callback(handle, CURLOPT_READFUNCTION, mailUploadRead), CURLOPT_READFUNCTION)
        try check(tidings_curl_setopt_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(upload).toOpaque()), CURLOPT_READDATA)
        try set(CURLOPT_UPLOAD, 1)
        try set(CURLOPT_INFILESIZE_LARGE, offset: Int64(size))
    }

    /// Routes the server's replies to `replies`, which must stay alive until `perform` returns.
    func attach(_ replies: MailReplies) throws(HTTPError) {
        let context = Unmanaged.passUnretained(replies).toOpaque()
        try check(tidings_curl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, mailReplyLine), CURLOPT_HEADERFUNCTION)
        try check(tidings_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context), CURLOPT_HEADERDATA)
        try check(tidings_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, mailReplyLine), CURLOPT_WRITEFUNCTION)
        try check(tidings_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context), CURLOPT_WRITEDATA)
        // Verbose only to reach the debug callback, which tells where AUTH starts; libcurl
        // then writes nothing to stderr itself.
        try check(tidings_curl_setopt_debug_callback(handle, CURLOPT_DEBUGFUNCTION, mailCommandSent), CURLOPT_DEBUGFUNCTION)
        try check(tidings_curl_setopt_pointer(handle, CURLOPT_DEBUGDATA, context), CURLOPT_DEBUGDATA)
        try set(CURLOPT_VERBOSE, 1)
    }
}

/// CURLOPT_READFUNCTION: hands the next bytes of the `MailUpload` in the userdata to libcurl.
func mailUploadRead(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    guard let buffer, let userdata else { return 0 }
    let upload = Unmanaged<MailUpload>.fromOpaque(userdata).takeUnretainedValue()
    return upload.read(into: buffer, capacity: size * count)
}

/// CURLOPT_HEADERFUNCTION: hands each server reply line to the `MailReplies` in the userdata.
func mailReplyLine(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    let total = size * count
    guard let userdata, let data, total > 0 else { return total }
    Unmanaged<MailReplies>.fromOpaque(userdata).takeUnretainedValue().receive(UnsafeRawBufferPointer(start: data, count: total))
    return total
}

/// CURLOPT_DEBUGFUNCTION: hands each command libcurl sends (CURLINFO_HEADER_OUT) to the
/// `MailReplies` in the userdata; everything else is ignored.
func mailCommandSent(
    _ handle: UnsafeMutableRawPointer?, _ type: curl_infotype, _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int32 {
    guard type == CURLINFO_HEADER_OUT, let userdata, let data, size > 0 else { return 0 }
    Unmanaged<MailReplies>.fromOpaque(userdata).takeUnretainedValue().sent(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
