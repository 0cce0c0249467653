import Foundation
import TidingsCore

/// One message of a realtime stream, in ntfy's shape (`{"id":"sPs71M8A2T","time":1700000000,
/// "event":"message","topic":"alerts","title":"Disk full","message":"/ is at 99 %",
/// "priority":5,"tags":["urgent"],"click":"https://…"}`).
public struct PushMessage: Sendable, Equatable {
    /// The server's message id: what deduplicates and what `since=` catches up from.
    public var id: String
    /// When the server received it, in epoch milliseconds; nil when not given.
    public var time: EpochMillis?
    /// The topic it was published to.
    public var topic: String?
    /// Its title; nil: none given.
    public var title: String?
    /// Its text.
    public var message: String
    /// ntfy's priority, 1 (min) to 5 (max); 3 when not given.
    public var priority: Int
    /// Its tags.
    public var tags: [String]
    /// The link it opens; nil: none, or one `LinkPolicy` refuses.
    public var click: String?

    /// What one line of a stream is.
    public enum Line: Sendable, Equatable {
        /// A message.
        case message(PushMessage)
        /// Something else the server says (`open`, `keepalive`, an SSE `event:` or comment line).
        case other
        /// A line that is neither: why.
        case invalid(String)
    }

    /// Reads one line of an ntfy JSON stream, or of a server-sent events stream (its `data:`
    /// lines carry the JSON; `event:`, `id:`, `retry:`, comments and blank lines are other).
    public static func parse(line raw: String) -> Line {
        var line = Substring(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        if line.isEmpty || line.hasPrefix(":") || line.hasPrefix("event:") || line.hasPrefix("id:") || line.hasPrefix("retry:") {
            return .other
        }
        if line.hasPrefix("data:") { line = line.dropFirst(5).drop(while: { $0 == " " }) }
        return parse(json: String(line), eventId: nil)
    }

    /// Reads the JSON of one message; `eventId` (a server-sent event's `id:`) is its id when
    /// given, else the object's `id`.
    static func parse(json line: String, eventId: String?) -> Line {
        struct Wire: Decodable {
            var id: String?
            var time: Int64?
            var event: String?
            var topic: String?
            var title: String?
            var message: String?
            var priority: Int?
            var tags: [String]?
            var click: String?
        }
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(line.utf8)) else {
            return .invalid("not a JSON object: \(line.prefix(80))")
        }
        if let event = wire.event, event != "message" { return .other }
        guard let id = eventId ?? wire.id, !id.isEmpty, id.count <= 64, !id.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            return .invalid("a message without a usable id")
        }
        guard let text = wire.message ?? wire.title else { return .invalid("message \(id) has no text") }
        return .message(
            PushMessage(
                id: id, time: wire.time.map { $0 * 1000 }, topic: wire.topic, title: wire.title, message: text,
                priority: min(5, max(1, wire.priority ?? 3)), tags: wire.tags ?? [],
                click: wire.click.flatMap { LinkPolicy.isAllowed($0) ? $0 : nil }))
    }
}
