import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// The exact request each webhook format sends to a real server.
@Suite struct WebhookFormatTests {
    typealias F = WebhookFixture

    @Test("json: POST to the URL, bearer token, the documented object with UTC scheduledAt")
    func json() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(
            target: F.target(server.baseURL + "/hook?x=1", .json, token: .environment("TOKEN")), environment: ["TOKEN": "tok-123"])
        let result = try await F.sendOne(channel, F.item(deepLink: F.link))
        #expect(result.outcome == .delivered)

        let request = try F.onlyRequest(server)
        #expect(request.method == "POST")
        #expect(request.path == "/hook?x=1")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("User-Agent") == "Tidings/0.1.0")
        #expect(request.header("Idempotency-Key") == "daily:2026-11-22")
        #expect(request.header("Authorization") == "Bearer tok-123")
        let body = try F.object(request.body)
        #expect(Set(body.keys) == ["id", "kind", "category", "title", "body", "deepLink", "scheduledAt", "staleness", "replaces"])
        #expect(body["id"] as? String == "daily:2026-11-22")
        #expect(body["kind"] as? String == "daily")
        #expect(body["category"] as? String == "system")
        #expect(body["title"] as? String == "Morning news")
        #expect(body["body"] as? String == "Today's headline.")
        #expect(body["deepLink"] as? String == F.link)
        #expect(body["scheduledAt"] as? String == "2026-11-22T06:30:00Z")
        #expect(body["staleness"] as? String == "fresh")
    }

    @Test("json: deepLink is null without a link; no Authorization without a token")
    func jsonWithoutLinkOrToken() async throws {
        let server = try F.server(status: 204)
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .json), environment: [:], userAgent: "Custom/2")
        #expect(try await F.sendOne(channel).outcome == .delivered)
        let request = try F.onlyRequest(server)
        #expect(request.path == "/")
        #expect(request.header("Authorization") == nil)
        #expect(request.header("User-Agent") == "Custom/2")
        #expect(try F.object(request.body)["deepLink"] is NSNull)
    }

    @Test("ntfy: text body, Title, Priority, Tags with warning, Click, Actions and bearer token")
    func ntfy() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(
            target: F.target(server.baseURL + "/alerts", .ntfy, token: .environment("NTFY")), environment: ["NTFY": "tk_abc"])
        let item = F.item(category: .transactional, title: "Zürich\r\nInjected: yes", body: "Line one\nline two", deepLink: F.link, staleness: .stale)
        #expect(try await F.sendOne(channel, item).outcome == .delivered)

        let request = try F.onlyRequest(server)
        #expect(request.method == "POST")
        #expect(request.path == "/alerts")
        #expect(request.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(request.header("User-Agent") == "Tidings/0.1.0")
        #expect(request.header("Idempotency-Key") == item.id)
        #expect(request.header("Authorization") == "Bearer tk_abc")
        #expect(request.header("Title") == "Zürich  Injected: yes")
        #expect(request.header("Injected") == nil)
        #expect(request.header("Priority") == "5")
        #expect(request.header("Tags") == "newspaper,warning")
        #expect(request.header("Click") == F.link)
        #expect(request.header("Actions") == "view, View, \(F.link)")
        #expect(F.text(request.body) == "Line one\nline two")
    }

    @Test("ntfy: no Click or Actions without a link, no warning tag for fresh content")
    func ntfyPlain() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/alerts", .ntfy), environment: [:])
        #expect(try await F.sendOne(channel, F.item(category: .marketing)).outcome == .delivered)
        let request = try F.onlyRequest(server)
        #expect(request.header("Priority") == "2")
        #expect(request.header("Tags") == "newspaper")
        #expect(request.header("Click") == nil)
        #expect(request.header("Actions") == nil)
        #expect(request.header("Authorization") == nil)
    }

    @Test("gotify: POST to /message, X-Gotify-Key, title, message, priority and click extras")
    func gotify() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(
            target: F.target(server.baseURL + "/gotify/", .gotify, token: .environment("GOTIFY")), environment: ["GOTIFY": "AppTok"])
        #expect(try await F.sendOne(channel, F.item(category: .social, deepLink: F.link)).outcome == .delivered)

        let request = try F.onlyRequest(server)
        #expect(request.method == "POST")
        #expect(request.path == "/gotify/message")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("X-Gotify-Key") == "AppTok")
        #expect(request.header("Authorization") == nil)
        #expect(request.header("Idempotency-Key") == "daily:2026-11-22")
        let body = try F.object(request.body)
        #expect(Set(body.keys) == ["title", "message", "priority", "extras"])
        #expect(body["title"] as? String == "Morning news")
        #expect(body["message"] as? String == "Today's headline.")
        #expect(body["priority"] as? Int == 4)
        let extras = try #require(body["extras"] as? [String: Any])
        let notification = try #require(extras["client::notification"] as? [String: Any])
        let click = try #require(notification["click"] as? [String: Any])
        #expect(click["url"] as? String == F.link)
    }

    @Test("gotify: a URL already ending in /message is kept; no extras without a link")
    func gotifyMessageURL() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/message", .gotify), environment: [:])
        #expect(try await F.sendOne(channel, F.item(category: .transactional)).outcome == .delivered)
        let request = try F.onlyRequest(server)
        #expect(request.path == "/message")
        let body = try F.object(request.body)
        #expect(Set(body.keys) == ["title", "message", "priority"])
        #expect(body["priority"] as? Int == 8)
    }

    @Test("slack: bold title, escaped &, < and >, the link as <url|View>")
    func slack() async throws {
        let server = try F.server(body: "ok")
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/services/T0/B0/XYZ", .slack), environment: [:])
        let item = F.item(title: "Q&A <live>", body: "Tom & Jerry > all", deepLink: F.link)
        #expect(try await F.sendOne(channel, item).outcome == .delivered)

        let request = try F.onlyRequest(server)
        #expect(request.method == "POST")
        #expect(request.path == "/services/T0/B0/XYZ")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Idempotency-Key") == item.id)
        let body = try F.object(request.body)
        #expect(Set(body.keys) == ["text"])
        #expect(body["text"] as? String == "*Q&amp;A &lt;live&gt;*\nTom &amp; Jerry &gt; all\n<\(F.link)|View>")
    }

    @Test("discord: bold title, the link on its own line, mentions turned off")
    func discord() async throws {
        let server = try F.server(status: 204)
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL + "/api/webhooks/1/abc", .discord), environment: [:])
        let item = F.item(title: "Hello @everyone", deepLink: F.link)
        #expect(try await F.sendOne(channel, item).outcome == .delivered)

        let request = try F.onlyRequest(server)
        #expect(request.method == "POST")
        #expect(request.path == "/api/webhooks/1/abc?wait=true")
        #expect(request.header("Content-Type") == "application/json")
        let body = try F.object(request.body)
        #expect(Set(body.keys) == ["content", "allowed_mentions"])
        #expect(body["content"] as? String == "**Hello @everyone**\nToday's headline.\n\(F.link)")
        let mentions = try #require(body["allowed_mentions"] as? [String: Any])
        #expect((mentions["parse"] as? [Any])?.isEmpty == true)
    }
}
