import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// ntfy's sequence ids: how they are derived, and the publish and clear requests that carry them.
@Suite struct NtfySequenceTests {
    typealias F = WebhookFixture

    @Test(
        "The sequence id is `tidings-` and the first 32 hex digits of the id's SHA-256",
        arguments: [
            ("daily:2026-11-22", "tidings-45d243d86b5c763f11689e5e2cbfcf9e"),
            ("meeting:standup-1@example.org@10m", "tidings-296f312baedb847a5e554f3a9d02856c"),
        ])
    func derivation(id: String, expected: String) {
        #expect(WebhookBody.ntfySequenceID(id) == expected)
        #expect(WebhookBody.ntfySequenceID(id) == WebhookBody.ntfySequenceID(String(id)), "stable")
    }

    @Test(
        "Any id, however long or odd, gives 40 characters of ntfy's [-_A-Za-z0-9], and different ids differ",
        arguments: [
            "", "meeting:x/y?z#w@10m", String(repeating: "long ", count: 200), "Zürich 🚆 \u{0}\r\n", "a", "b",
        ])
    func charset(id: String) {
        let sequence = WebhookBody.ntfySequenceID(id)
        #expect(sequence.count == 40)
        #expect(
            sequence.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        #expect(sequence != WebhookBody.ntfySequenceID(id + "#"))
    }

    @Test("The clear URL is the topic URL, then the sequence id, keeping a query")
    func clearURL() {
        #expect(WebhookBody.ntfySequenceURL("https://ntfy.sh/topic", sequenceID: "s1") == "https://ntfy.sh/topic/s1")
        #expect(WebhookBody.ntfySequenceURL("https://ntfy.sh/topic/", sequenceID: "s1") == "https://ntfy.sh/topic/s1")
        #expect(WebhookBody.ntfySequenceURL("https://n.example/topic?auth=x", sequenceID: "s1") == "https://n.example/topic/s1?auth=x")
        let clear = WebhookBody.ntfyClear(item: Message(record: F.item()), url: "https://ntfy.sh/topic")
        #expect(clear.method == "DELETE")
        #expect(clear.url == "https://ntfy.sh/topic/tidings-45d243d86b5c763f11689e5e2cbfcf9e")
        #expect(clear.contentType == nil)
        #expect(clear.bytes.isEmpty)
    }

    @Test("A first send and an update publish under the same sequence id, with their own idempotency keys")
    func updateKeepsSequence() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/alerts", .ntfy), environment: [:])
        var update = F.item(body: "Corrected headline.")
        update.revision = 1
        let results = await channel.send([F.item()].messages, now: F.now) + (await channel.send([update].messages(previous: [:]), now: F.now))
        #expect(results.map(\.outcome) == [.delivered, .delivered])
        let requests = server.requests
        #expect(requests.map(\.method) == ["POST", "POST"])
        #expect(requests.map(\.path) == ["/alerts", "/alerts"])
        #expect(requests.map { $0.header("X-Sequence-ID") } == Array(repeating: "tidings-45d243d86b5c763f11689e5e2cbfcf9e", count: 2))
        #expect(requests.map { $0.header("Idempotency-Key") } == ["daily:2026-11-22", "daily:2026-11-22#1"])
        #expect(requests.map { F.text($0.body) } == ["Today's headline.", "Corrected headline."])
    }

    @Test("A clear is DELETE <topic>/<sequence id>: no body, the token, its own idempotency key, and a signature")
    func clearRequest() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(
            target: F.target(server.baseURL + "/alerts", .ntfy, token: .environment("NTFY"), secret: .environment("SIGN")),
            environment: ["NTFY": "tk_abc", "SIGN": "s3cret"])
        let results = await channel.clear([F.item()].messages(previous: [:]), now: F.now)
        #expect(results.map(\.outcome) == [.delivered])
        let request = try F.onlyRequest(server)
        #expect(request.method == "DELETE")
        #expect(request.path == "/alerts/tidings-45d243d86b5c763f11689e5e2cbfcf9e")
        #expect(request.body.isEmpty)
        #expect(request.header("Authorization") == "Bearer tk_abc")
        #expect(request.header("Idempotency-Key") == "daily:2026-11-22#clear")
        #expect(request.header("X-Sequence-ID") == nil)
        #expect(request.header("X-Tidings-Signature")?.hasPrefix("sha256=") == true)
    }

    @Test("A clear answered 503 may pass later; 404 (an ntfy before 2.16) fails for good")
    func clearOutcomes() async throws {
        for (status, transient) in [(503, true), (404, false)] {
            let server = try F.server(status: status)
            defer { server.stop() }
            let channel = WebhookChannel(target: F.target(server.baseURL + "/alerts", .ntfy), environment: [:])
            let outcome = try #require(await channel.clear([F.item()].messages(previous: [:]), now: F.now).first).outcome
            if case .transient = outcome {
                #expect(transient)
            } else if case .failed = outcome {
                #expect(!transient)
            } else {
                Issue.record("unexpected \(outcome)")
            }
        }
    }

    @Test(
        "Formats without a way to take a message back say so, without a request",
        arguments: [
            WebhookFormat.json, .gotify, .slack,
        ])
    func otherFormatsCannotClear(format: WebhookFormat) async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/hook", format), environment: [:])
        let outcome = try #require(await channel.clear([F.item()].messages(previous: [:]), now: F.now).first).outcome
        #expect(F.reason(outcome)?.contains("cannot take back") == true)
        #expect(server.requests.isEmpty)
        #expect(!format.clearsDelivered)
    }
}
