import Foundation
import Glibc
import Synchronization

/// A request as received by ``HTTPTestServer``.
public struct TestHTTPRequest: Sendable {
    /// The request method, as sent.
    public var method: String
    /// The request target, path and query, as sent.
    public var path: String
    /// The request headers, names lower-cased; repeated headers joined with ", ".
    public var headers: [String: String]
    /// The request body, read by Content-Length.
    public var body: [UInt8]

    /// Creates a request; the server builds these, tests may too.
    public init(method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The value of the named header, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What ``HTTPTestServer`` sends back, including misbehaviour for timeout tests.
public struct TestHTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Extra headers; Content-Length and Connection are added unless given here.
    public var headers: [(String, String)]
    /// The body.
    public var body: [UInt8]
    /// Seconds to wait before sending anything.
    public var delay: Double
    /// If set, the body is sent one byte every `trickle` seconds (Content-Length is still the full length).
    public var trickle: Double?

    /// Creates a response.
    public init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], delay: Double = 0, trickle: Double? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.trickle = trickle
    }

    /// A UTF-8 text response with a `text/plain` content type.
    public static func text(_ s: String, status: Int = 200, headers: [(String, String)] = []) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Array(s.utf8))
    }
}

/// Why ``HTTPTestServer`` could not start.
public struct HTTPTestServerError: Error, CustomStringConvertible {
    /// What failed, with the system error.
    public var description: String
}

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, one thread per connection.
///
/// By default each answer closes its connection (`Connection: close`); with ``KeepAlive`` a
/// connection serves request after request, as a real receiver's does.
///
/// Keep the server alive for as long as it is used (`defer { server.stop() }` does): it stops in `deinit`.
public final class HTTPTestServer: @unchecked Sendable {
    /// The port the server listens on.
    public let port: Int
    private let state: TestServerState

    /// What the server does with a connection after answering on it.
    public enum KeepAlive: Sendable {
        /// Reads the next request on it, for as long as the client keeps it open.
        case always
        /// Closes it after this many answers without announcing it (no `Connection: close`),
        /// as a receiver whose keep-alive limit or idle timeout ran out does.
        case closingAfter(Int)
    }

    /// Starts listening; every request is answered with what `handler` returns. `keepAlive`
    /// nil closes each connection after its answer.
    public init(keepAlive: KeepAlive? = nil, handler: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse) throws {
        let (fd, port) = try LoopbackPort.socket(listening: 64)
        // Non-blocking, so accepting under the lock can never stall stop().
        guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw HTTPTestServerError(description: "listen on 127.0.0.1: \(reason)")
        }
        self.port = port
        state = TestServerState(listener: fd, keepAlive: keepAlive, handler: handler)
        Thread.detachNewThread { [state] in state.acceptLoop() }
    }

    deinit { stop() }

    /// The URL of the server's root, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far, in order.
    public var requests: [TestHTTPRequest] { state.locked.withLock { $0.requests } }

    /// How many connections the server accepted so far.
    public var connections: Int { state.locked.withLock { $0.accepted } }

    /// How many requests the client gave up on (it closed the connection) while the server
    /// was still holding back the answer (`delay`, `trickle`).
    public var abandoned: Int { state.locked.withLock { $0.abandoned } }

    /// Closes the listener and every open connection; blocked connection threads then return.
    public func stop() { state.stop() }
}

private final class TestServerState: Sendable {
    struct Locked {
        var listener: Int32?
        var connections: Set<Int32> = []
        var accepted = 0
        var requests: [TestHTTPRequest] = []
        var abandoned = 0
        var stopped = false
    }

    let locked: Mutex<Locked>
    let handler: @Sendable (TestHTTPRequest) -> TestHTTPResponse
    let keepAlive: HTTPTestServer.KeepAlive?

    init(listener: Int32, keepAlive: HTTPTestServer.KeepAlive?, handler: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse) {
        locked = Mutex(Locked(listener: listener))
        self.keepAlive = keepAlive
        self.handler = handler
    }

    func stop() {
        locked.withLock { state in
            state.stopped = true
            if let listener = state.listener { close(listener) }
            state.listener = nil
            // shutdown wakes a thread blocked in recv or send; the thread itself closes the fd,
            // under this lock, so the number cannot be reused while we touch it.
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    func acceptLoop() {
        while let listener = locked.withLock({ $0.listener }) {
            // A closed listener does not wake a thread blocked in accept or poll, so poll briefly
            // and re-check; accept itself runs under the lock, on the still-open listener.
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            _ = poll(&waiting, 1, 50)
            let accepted: Int32? = locked.withLock { state in
                guard !state.stopped, let listener = state.listener else { return nil }
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else { return nil }
                state.connections.insert(fd)
                state.accepted += 1
                return fd
            }
            if let fd = accepted {
                Thread.detachNewThread { [self] in serve(fd) }
            }
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            locked.withLock { state in
                close(fd)
                state.connections.remove(fd)
            }
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var answered = 0
        while answer(fd, keepingAlive: keepAlive != nil) {
            answered += 1
            switch keepAlive {
            case nil: return
            case .always: continue
            case .closingAfter(let limit): if answered >= limit { return }
            }
        }
    }

    /// Reads one request on `fd` and answers it; false when the connection is done for.
    private func answer(_ fd: Int32, keepingAlive: Bool) -> Bool {
        guard let request = readRequest(fd) else { return false }
        locked.withLock { $0.requests.append(request) }
        let response = handler(request)
        guard pause(response.delay, watching: fd) else { return false }
        let hasBody = request.method != "HEAD" && response.status != 204 && response.status != 304
        let head = Self.head(of: response, withLength: hasBody || request.method == "HEAD", keepingAlive: keepingAlive)
        guard sendAll(fd, head) else { return false }
        guard hasBody else { return true }
        guard let interval = response.trickle else {
            return sendAll(fd, response.body)
        }
        for byte in response.body {
            guard pause(interval, watching: fd), sendAll(fd, [byte]) else { return false }
        }
        return true
    }

    private func readRequest(_ fd: Int32) -> TestHTTPRequest? {
        var data: [UInt8] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard data.count < 1 << 20, receive(fd, into: &data) else { return nil }
            headEnd = data.indices.dropLast(3).first { data[$0..<$0 + 4].elementsEqual(separator) }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: data[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        if headers["expect"]?.lowercased() == "100-continue" {
            guard sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return nil }
        }
        let length = Int(headers["content-length"] ?? "") ?? 0
        var body = Array(data[(headEnd + 4)...])
        while body.count < length {
            guard receive(fd, into: &body) else { return nil }
        }
        return TestHTTPRequest(method: requestLine[0], path: requestLine[1], headers: headers, body: Array(body.prefix(length)))
    }

    private func receive(_ fd: Int32, into data: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        data.append(contentsOf: chunk[..<count])
        return true
    }

    /// Sends every byte; MSG_NOSIGNAL turns a write to a closed peer into EPIPE instead of SIGPIPE.
    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { send(fd, $0 + offset, raw.count - offset, Int32(MSG_NOSIGNAL)) } ?? -1
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sleeps for `seconds` in short steps; false when the server stopped meanwhile or the
    /// client closed the connection `fd` (counted as abandoned).
    private func pause(_ seconds: Double, watching fd: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if locked.withLock({ $0.stopped }) { return false }
            let step = min(max(deadline.timeIntervalSinceNow, 0), 0.02)
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(step * 1000) + 1) > 0 else { continue }
            var byte: UInt8 = 0
            let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EINTR) {
                return locked.withLock { state in
                    if !state.stopped { state.abandoned += 1 }
                    return false
                }
            }
            // More bytes from the client are not read here; wait out the step.
            usleep(UInt32(step * 1_000_000))
        }
        return !locked.withLock { $0.stopped }
    }

    private static func head(of response: TestHTTPResponse, withLength: Bool, keepingAlive: Bool) -> [UInt8] {
        let reasons = [
            200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found",
            303: "See Other", 304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
            400: "Bad Request", 404: "Not Found", 500: "Internal Server Error", 503: "Service Unavailable",
        ]
        var lines = ["HTTP/1.1 \(response.status) \(reasons[response.status] ?? "Status")"]
        lines += response.headers.map { "\($0.0): \($0.1)" }
        let given = Set(response.headers.map { $0.0.lowercased() })
        if withLength, !given.contains("content-length") { lines.append("Content-Length: \(response.body.count)") }
        if !given.contains("connection"), !keepingAlive { lines.append("Connection: close") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}
