import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Discord's edits and deletes: a post asks for the message (`wait=true`), its id is kept in
/// the delivery's platform info, an update edits that message and a clear deletes it.
@Suite struct DiscordEditTests {
    typealias F = WebhookFixture

    /// A Discord webhook stand-in: posts answer a message with a new id, edits answer 200,
    /// deletes 204; a message in `gone` answers 404.
    static func discord(gone: Set<String> = []) throws -> HTTPTestServer {
        try HTTPTestServer { request in
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            if let message = path.split(separator: "/").last.map(String.init), path.contains("/messages/"), gone.contains(message) {
                return .text(#"{"message":"Unknown Message","code":10008}"#, status: 404)
            }
            switch request.method {
            case "POST": return .text(#"{"id":"1190000000000000001","type":0,"content":"…","channel_id":"42"}"#)
            case "PATCH": return .text(#"{"id":"\#(path.split(separator: "/").last ?? "")","type":0}"#)
            default: return TestHTTPResponse(status: 204)
            }
        }
    }

    static func channel(_ server: HTTPTestServer, query: String = "") -> WebhookChannel {
        WebhookChannel(target: F.target(server.baseURL + "/api/webhooks/1/abc" + query, .discord), environment: [:])
    }

    static func update(_ body: String = "Corrected headline.") -> NotificationRecord {
        var item = F.item(body: body)
        item.revision = 1
        return item
    }

    @Test("URLs: the post adds wait=true, an edit or delete goes to /messages/<id>, a thread_id stays on all")
    func urls() {
        let url = "https://discord.com/api/webhooks/1/abc"
        #expect(WebhookBody.discordPostURL(url) == url + "?wait=true")
        #expect(WebhookBody.discordPostURL(url + "?thread_id=7") == url + "?thread_id=7&wait=true")
        #expect(WebhookBody.discordPostURL(url + "?wait=false") == url + "?wait=true")
        #expect(WebhookBody.discordMessageURL(url, messageID: "9") == url + "/messages/9")
        #expect(WebhookBody.discordMessageURL(url + "/", messageID: "9") == url + "/messages/9")
        #expect(WebhookBody.discordMessageURL(url + "?thread_id=7&wait=true", messageID: "9") == url + "/messages/9?thread_id=7")
    }

    @Test(
        "Only a snowflake of digits is kept from an answer",
        arguments: [
            (#"{"id":"1190000000000000001"}"#, "1190000000000000001"),
            (#"{"id":"../../../channels/1"}"#, nil),
            (#"{"id":""}"#, nil),
            (#"{"id":12}"#, nil),
            ("not json", nil),
            ("", nil),
        ] as [(String, String?)])
    func messageID(body: String, expected: String?) {
        #expect(WebhookBody.discordMessageID(inResponse: Array(body.utf8)) == expected)
    }

    @Test("A first send posts with wait=true and keeps the message's id in its platform info")
    func firstSendKeepsID() async throws {
        let server = try Self.discord()
        defer { server.stop() }
        let result = try await F.sendOne(Self.channel(server))
        #expect(result.outcome == .delivered)
        let info = try #require(result.platformInfo)
        #expect(WebhookBody.discordMessageID(inPlatformInfo: info) == "1190000000000000001")
        #expect(!info.contains("abc"), "the webhook's token stays out of the platform info")
        #expect(try F.onlyRequest(server).path == "/api/webhooks/1/abc?wait=true")
    }

    @Test("A post whose answer names no message is delivered, and its platform info says its updates will be new posts")
    func unnamedMessageNoted() async throws {
        let server = try HTTPTestServer { _ in .text("ok") }
        defer { server.stop() }
        let result = try await F.sendOne(Self.channel(server))
        #expect(result.outcome == .delivered)
        let info = try #require(result.platformInfo)
        #expect(WebhookBody.discordMessageID(inPlatformInfo: info) == nil)
        #expect(info.contains(#""note":"\#(WebhookChannel.unnamedDiscordMessage)""#))
    }

    @Test("An update edits the message the last delivery named, with the new text, and keeps its id")
    func updateEdits() async throws {
        let server = try Self.discord()
        defer { server.stop() }
        let channel = Self.channel(server, query: "?thread_id=7")
        let previous = [F.item().id: channel.platformInfo(discordMessage: "555")]
        let results = await channel.send([Self.update()].messages(previous: previous), now: F.now)
        #expect(results.map(\.outcome) == [.delivered])
        #expect(results.first?.platformInfo.flatMap(WebhookBody.discordMessageID(inPlatformInfo:)) == "555")
        let request = try F.onlyRequest(server)
        #expect(request.method == "PATCH")
        #expect(request.path == "/api/webhooks/1/abc/messages/555?thread_id=7")
        #expect(request.header("Idempotency-Key") == "daily:2026-11-22#1")
        #expect(try F.object(request.body)["content"] as? String == "**Morning news**\nCorrected headline.")
    }

    @Test("An update of a message deleted by hand is posted as a new one, whose id is kept")
    func editOfDeletedPosts() async throws {
        let server = try Self.discord(gone: ["555"])
        defer { server.stop() }
        let channel = Self.channel(server)
        let results = await channel.send([Self.update()].messages(previous: [F.item().id: channel.platformInfo(discordMessage: "555")]), now: F.now)
        #expect(results.map(\.outcome) == [.delivered])
        #expect(results.first?.platformInfo.flatMap(WebhookBody.discordMessageID(inPlatformInfo:)) == "1190000000000000001")
        #expect(
            server.requests.map { "\($0.method) \($0.path)" } == [
                "PATCH /api/webhooks/1/abc/messages/555", "POST /api/webhooks/1/abc?wait=true",
            ])
    }

    @Test("An update without a kept id (sent before ids were kept) is a new post")
    func updateWithoutIDPosts() async throws {
        let server = try Self.discord()
        defer { server.stop() }
        let channel = Self.channel(server)
        let results = await channel.send([Self.update()].messages(previous: [F.item().id: channel.platformInfo]), now: F.now)
        #expect(results.map(\.outcome) == [.delivered])
        #expect(server.requests.map(\.method) == ["POST"])
    }

    @Test("A clear deletes the message; a message already gone counts as cleared; without an id nothing is sent")
    func clear() async throws {
        let server = try Self.discord(gone: ["666"])
        defer { server.stop() }
        let channel = Self.channel(server)
        let items = [F.item("a"), F.item("b"), F.item("c")]
        let previous = [
            "a": channel.platformInfo(discordMessage: "555"), "b": channel.platformInfo(discordMessage: "666"), "c": channel.platformInfo,
        ]
        let results = await channel.clear(items.messages(previous: previous), now: F.now)
        #expect(results.map(\.id) == ["a", "b", "c"])
        #expect(results[0].outcome == .delivered)
        #expect(results[1].outcome == .delivered)
        #expect(F.reason(results[2].outcome)?.contains("id was not kept") == true)
        let requests = server.requests.sorted { $0.path < $1.path }
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "DELETE /api/webhooks/1/abc/messages/555", "DELETE /api/webhooks/1/abc/messages/666",
            ])
        #expect(requests.allSatisfy { $0.body.isEmpty })
        #expect(Set(requests.compactMap { $0.header("Idempotency-Key") }) == ["a#clear", "b#clear"])
    }

    @Test("A delete Discord cannot take now may pass later")
    func clearTransient() async throws {
        let server = try F.server(status: 503)
        defer { server.stop() }
        let channel = Self.channel(server)
        let outcome = try #require(
            await channel.clear([F.item()].messages(previous: [F.item().id: channel.platformInfo(discordMessage: "555")]), now: F.now).first
        ).outcome
        guard case .transient = outcome else {
            Issue.record("expected transient, got \(outcome)")
            return
        }
    }
}
