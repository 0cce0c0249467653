import Foundation

/// An ntfy stand-in on 127.0.0.1 that keeps scheduled messages as ntfy 2.16 does: a `POST`
/// with `At: <unix seconds>` is held until that time, another post with the same
/// `X-Sequence-ID` replaces a held one, and `DELETE /<topic>/<sequence id>` takes a held one
/// back before its time (or a shown one off the phone). The server's clock is the test's:
/// `advance(to:)` moves it, showing what has come due and every post without `At` received
/// since. With `refusesDelays` it answers a post with `At` as a server without a message
/// cache does: 400, code 40010.
public final class NtfyScheduleServer: @unchecked Sendable {
    /// One message as the phone sees it.
    public struct Shown: Sendable, Equatable {
        /// Its sequence id.
        public var sequenceID: String
        /// Its title.
        public var title: String
        /// Its text.
        public var message: String
        /// When the phone showed it, in Unix seconds of the test's clock.
        public var shownAt: Int64
    }

    private struct Held {
        var sequenceID: String
        var title: String
        var message: String
        /// Unix seconds; nil: at once.
        var at: Int64?
    }

    private let server: HTTPTestServer
    private let lock = NSLock()
    private var held: [Held] = []
    private var shownMessages: [Shown] = []
    private var showings: [Shown] = []
    private var clock: Int64 = 0

    /// Starts listening; `refusesDelays` refuses every `At`; each answer waits `delay` seconds.
    public init(refusesDelays: Bool = false, delay: Double = 0) throws {
        let state = Box()
        server = try HTTPTestServer { request in
            var answer = state.owner?.answer(request, refusesDelays: refusesDelays) ?? TestHTTPResponse(status: 503)
            answer.delay = delay
            return answer
        }
        state.owner = self
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { server.baseURL }

    /// Every request received, in order.
    public var requests: [TestHTTPRequest] { server.requests }

    /// What the server holds for later, by sequence id, with the time to show it.
    public var scheduled: [String: Int64] {
        locked { Dictionary(held.compactMap { message in message.at.map { (message.sequenceID, $0) } }, uniquingKeysWith: { _, new in new }) }
    }

    /// Every message the phone showed and still shows, in the order shown.
    public var shown: [Shown] { locked { shownMessages } }

    /// Every time the phone showed a message, a replacement of a shown one included.
    public var history: [Shown] { locked { showings } }

    /// Moves the server's clock to `seconds` (Unix seconds): everything held for then or
    /// earlier, and every post received without `At`, is shown, in time order.
    public func advance(to seconds: Int64) {
        locked {
            clock = max(clock, seconds)
            let due = held.filter { ($0.at ?? clock) <= clock }.sorted { ($0.at ?? clock) < ($1.at ?? clock) }
            held.removeAll { ($0.at ?? clock) <= clock }
            for message in due {
                let shown = Shown(sequenceID: message.sequenceID, title: message.title, message: message.message, shownAt: message.at ?? clock)
                shownMessages.removeAll { $0.sequenceID == message.sequenceID }
                shownMessages.append(shown)
                showings.append(shown)
            }
        }
    }

    /// Stops listening.
    public func stop() { server.stop() }

    private func answer(_ request: TestHTTPRequest, refusesDelays: Bool) -> TestHTTPResponse {
        let parts = request.path.split(separator: "?")[0].split(separator: "/").map(String.init)
        if request.method == "DELETE", parts.count == 2 {
            locked {
                held.removeAll { $0.sequenceID == parts[1] }
                shownMessages.removeAll { $0.sequenceID == parts[1] }
            }
            return .text(#"{"event":"message_delete","sequence_id":"\#(parts[1])"}"#)
        }
        guard request.method == "POST" || request.method == "PUT", parts.count == 1 else {
            return .text(#"{"code":40401,"http":404,"error":"page not found"}"#, status: 404)
        }
        let at = request.header("At").flatMap { Int64($0) }
        if request.header("At") != nil, at == nil || refusesDelays {
            let error =
                refusesDelays
                ? #"{"code":40010,"http":400,"error":"delayed sending not allowed"}"#
                : #"{"code":40004,"http":400,"error":"invalid delay parameter"}"#
            return .text(error, status: 400)
        }
        let sequence = request.header("X-Sequence-ID") ?? UUID().uuidString
        let message = Held(
            sequenceID: sequence, title: request.header("Title") ?? "", message: String(decoding: request.body, as: UTF8.self), at: at)
        let time = locked {
            held.removeAll { $0.sequenceID == sequence && $0.at != nil }
            held.append(message)
            return at ?? clock
        }
        return .text(
            #"{"id":"\#(UUID().uuidString.prefix(12))","time":\#(time),"event":"message","topic":"\#(parts[0])","sequence_id":"\#(sequence)"}"#)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The server's owner, set once it exists: the handler is made before `self` is.
    private final class Box: @unchecked Sendable {
        weak var owner: NtfyScheduleServer?
    }
}
