import Foundation
import Glibc

/// An ntfy stand-in on 127.0.0.1 and an ephemeral port: `GET /<topic>/json?since=<id>`
/// answers with an endless JSON stream (an `open` event, the messages after `since`, then
/// each message as it is published) until `drop()` closes every stream, as a server restart
/// or a lost network would. With `replaysEverything` a stream sends every message from the
/// first, whatever `since` says: a server that replays. With `sse`, it is a server-sent events
/// stream instead (`text/event-stream`): each message an event of `id:`, `event: message` and
/// its JSON without the id cut over two `data:` lines, caught up from the `Last-Event-ID` header.
public final class NtfyTestServer: @unchecked Sendable {
    /// A published message.
    public struct Message: Sendable {
        /// Its id.
        public var id: String
        /// Its line on the stream.
        public var json: String
        /// Its event on a server-sent events stream.
        public var event: String
    }

    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let condition = NSCondition()
    private var messages: [Message] = []
    private var paths: [String] = []
    private var openStreams: Set<Int32> = []
    private var drops = 0
    private var stopped = false
    private var replayAll = false
    private var lastEventIds: [String?] = []
    /// Whether it serves server-sent events rather than ntfy's JSON stream.
    public let sse: Bool

    /// Starts listening; with `sse`, as a server-sent events stream.
    public init(sse: Bool = false) throws {
        self.sse = sse
        (listener, port) = try LoopbackPort.socket(listening: 16)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The request targets received so far (`/alerts/json?since=abc`), in order.
    public var requests: [String] { locked { paths } }

    /// The `Last-Event-ID` header of each request (nil: none), in order.
    public var lastEventIdHeaders: [String?] { locked { lastEventIds } }

    /// How many streams are open now.
    public var streams: Int { locked { openStreams.count } }

    /// Whether a stream sends every message from the first, whatever its `since` says.
    public var replaysEverything: Bool {
        get { locked { replayAll } }
        set { locked { replayAll = newValue } }
    }

    /// Publishes a message to every open stream and keeps it for later ones.
    public func publish(id: String, message: String, title: String? = nil, priority: Int = 3, tags: [String] = []) {
        var object: [String: Any] = [
            "id": id, "time": Int(Date().timeIntervalSince1970), "event": "message", "topic": "alerts", "message": message, "priority": priority,
        ]
        if let title { object["title"] = title }
        if !tags.isEmpty { object["tags"] = tags }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        let line = String(decoding: data, as: UTF8.self)
        object["id"] = nil
        let rest = String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
        // The JSON cut after its first comma: a reader must join the data lines.
        let cut = rest.firstIndex(of: ",").map { rest.index(after: $0) } ?? rest.endIndex
        let event = "id: \(id)\nevent: message\ndata: \(rest[..<cut])\ndata:\(rest[cut...])\n\n"
        locked {
            messages.append(Message(id: id, json: line, event: event))
            condition.broadcast()
        }
    }

    /// Closes every open stream (the messages stay).
    public func drop() {
        locked {
            drops += 1
            for fd in openStreams { shutdown(fd, Int32(SHUT_RDWR)) }
            condition.broadcast()
        }
    }

    /// Stops listening and closes every stream.
    public func stop() {
        let first: Bool = locked {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        drop()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread { [self] in serve(fd) }
        }
    }

    /// Reads the request head, then streams until a drop, a stop or a client that left.
    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return }
            head += buffer[..<count]
        }
        let headLines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        let requestLine = headLines.first ?? ""
        let lastEventId = headLines.first { $0.lowercased().hasPrefix("last-event-id:") }
            .map { $0.dropFirst("last-event-id:".count).trimmingCharacters(in: .whitespaces) }
        let target = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let query = target.split(separator: "?").dropFirst().first?.split(separator: "&")
            .first { $0.hasPrefix("since=") }.map { String($0.dropFirst(6)) }
        let since = sse ? lastEventId : query
        let (generation, start): (Int, Int) = locked {
            paths.append(target)
            lastEventIds.append(lastEventId)
            openStreams.insert(fd)
            let start: Int
            if replayAll {
                start = 0
            } else if let since {
                start = messages.firstIndex { $0.id == since }.map { $0 + 1 } ?? 0
            } else {
                start = messages.count
            }
            return (drops, start)
        }
        defer { _ = locked { openStreams.remove(fd) } }
        let now = Int(Date().timeIntervalSince1970)
        let opening =
            sse
            ? "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n: welcome\nretry: 1000\n\n"
            : "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson; charset=utf-8\r\nConnection: close\r\n\r\n"
                + "{\"id\":\"open\(now)\",\"time\":\(now),\"event\":\"open\",\"topic\":\"alerts\"}\n"
        guard write(fd, opening) else { return }
        var sent = start
        while true {
            let next: [Message]? = locked {
                while sent >= messages.count && drops == generation && !stopped { condition.wait() }
                guard drops == generation, !stopped else { return nil }
                return Array(messages[sent...])
            }
            guard let next else { return }
            sent += next.count
            guard write(fd, next.map { sse ? $0.event : $0.json + "\n" }.joined()) else { return }
        }
    }

    private func write(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
