import Testing

@testable import TidingsDeliver

/// A server-sent events stream read as the standard says: data lines joined, `id:` naming the
/// event, a blank line ending it.
@Suite struct ServerSentEventsTests {
    func events(_ text: String) -> [ServerSentEvents.Event] {
        var reader = ServerSentEvents()
        // Cut at each newline byte, as the listener does ("\r\n" is one Character in Swift).
        return Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).compactMap {
            reader.feed(String(decoding: $0, as: UTF8.self))
        }
    }

    @Test("Data lines are joined with newlines; id and event belong to their event; comments, retry and CRLF are taken")
    func events() {
        let stream =
            ": hello\nretry: 1000\n\nid: a1\r\nevent: message\ndata: {\"message\":\ndata:\"x\"}\n\ndata: {\"id\":\"b2\",\"message\":\"y\"}\n\nevent: ping\ndata: 1\n\n"
        #expect(
            events(stream) == [
                .init(id: "a1", type: "message", data: "{\"message\":\n\"x\"}"),
                .init(id: nil, type: "message", data: "{\"id\":\"b2\",\"message\":\"y\"}"),
                .init(id: nil, type: "ping", data: "1"),
            ])
    }

    @Test("An event's id line wins over the id in its JSON; without either it is no message")
    func ids() {
        #expect(PushMessage.parse(json: "{\"id\":\"inner\",\"message\":\"x\"}", eventId: "outer") == .message(message(id: "outer")))
        #expect(PushMessage.parse(json: "{\"message\":\"x\"}", eventId: "outer") == .message(message(id: "outer")))
        #expect(PushMessage.parse(json: "{\"message\":\"x\"}", eventId: nil) == .invalid("a message without a usable id"))
    }

    func message(id: String) -> PushMessage {
        PushMessage(id: id, time: nil, topic: nil, title: nil, message: "x", priority: 3, tags: [], click: nil)
    }
}
