import Foundation
import Testing
import TidingsCore
import TidingsStore

@testable import TidingsDeliver

/// The pure request shapes: priority tables, ntfy edge cases, URLs, and the documented examples.
@Suite struct WebhookBodyTests {
    typealias F = WebhookFixture

    @Test(
        "The examples in WebhookBody's documentation are exactly what is sent",
        arguments: [
            (
                WebhookFormat.json,
                #"{"id":"daily:2026-11-22","kind":"daily","category":"system","title":"Morning news","body":"Today's headline.","deepLink":"https://example.com/today","scheduledAt":"2026-11-22T06:30:00Z","staleness":"fresh","replaces":null}"#
            ),
            (
                .gotify,
                #"{"title":"Morning news","message":"Today's headline.","priority":5,"extras":{"client::notification":{"click":{"url":"https://example.com/today"}}}}"#
            ),
            (.slack, #"{"text":"*Morning news*\nToday's headline.\n<https://example.com/today|View>"}"#),
            (.discord, #"{"content":"**Morning news**\nToday's headline.\nhttps://example.com/today","allowed_mentions":{"parse":[]}}"#),
            (.ntfy, "Today's headline."),
        ])
    func documentedExamples(format: WebhookFormat, expected: String) {
        let body = WebhookBody(item: Message(record: F.item(deepLink: F.link)), format: format, url: "https://hooks.example/x")
        #expect(F.text(body.bytes) == expected)
    }

    @Test("ntfy's documented headers for the example")
    func documentedNtfyHeaders() {
        let body = WebhookBody(item: Message(record: F.item(deepLink: F.link)), format: .ntfy, url: "https://ntfy.sh/topic")
        #expect(body.contentType == "text/plain; charset=utf-8")
        #expect(
            body.headers == [
                WebhookBody.Header("Title", "Morning news"), WebhookBody.Header("Priority", "3"), WebhookBody.Header("Tags", "newspaper"),
                WebhookBody.Header("Click", F.link), WebhookBody.Header("Actions", "view, View, \(F.link)"),
                WebhookBody.Header("X-Sequence-ID", "tidings-45d243d86b5c763f11689e5e2cbfcf9e"),
            ])
    }

    @Test(
        "ntfy and gotify priorities per category",
        arguments: [
            (TidingsCore.Category.transactional, 5, 8), (.system, 3, 5), (.social, 3, 4), (.marketing, 2, 2),
        ])
    func priorities(category: TidingsCore.Category, ntfy: Int, gotify: Int) throws {
        let item = F.item(category: category)
        let ntfyBody = WebhookBody(item: Message(record: item), format: .ntfy, url: "https://ntfy.sh/topic")
        #expect(ntfyBody.headers.first { $0.name == "Priority" }?.value == String(ntfy))
        let gotifyBody = WebhookBody(item: Message(record: item), format: .gotify, url: "https://push.example/")
        #expect(gotifyBody.url == "https://push.example/message")
        #expect(try F.object(gotifyBody.bytes)["priority"] as? Int == gotify)
    }

    @Test("Emergency content is tagged warning; a link with a comma is quoted in Actions")
    func ntfyEdges() {
        let item = F.item(deepLink: "https://example.com/a,b", staleness: .emergency)
        let body = WebhookBody(item: Message(record: item), format: .ntfy, url: "https://ntfy.sh/topic")
        #expect(body.headers.first { $0.name == "Tags" }?.value == "newspaper,warning")
        #expect(body.headers.first { $0.name == "Actions" }?.value == "view, View, \"https://example.com/a,b\"")
    }

    @Test("Gotify's endpoint keeps a query; hosts drop user info and ports")
    func urls() {
        #expect(WebhookBody.gotifyMessageURL("https://g.example/push?token=x") == "https://g.example/push/message?token=x")
        #expect(WebhookBody.gotifyMessageURL("https://g.example") == "https://g.example/message")
        #expect(WebhookReasons.host(of: "https://user:pw@Hooks.Example.com:8443/a/b") == "hooks.example.com")
        #expect(WebhookReasons.host(of: "http://[::1]:8080/x") == "[::1]")
        #expect(WebhookReasons.host(of: "not a url") == nil)
    }

    @Test(
        "ntfy tags: a word for each kind, or the webhook's own; none at all with tags = []",
        arguments: [
            (NotificationKind.daily, "newspaper"), (.meeting, "calendar"), (.weekly, "bar_chart"), (.schedule, "bell"),
            (.digest, "inbox_tray"), (.insight, "bulb"), (.reminder, "alarm_clock"), (.test, "test_tube"),
        ])
    func ntfyTags(kind: NotificationKind, word: String) {
        var item = F.item()
        item.kind = kind
        func tags(_ chosen: [String]?) -> String? {
            var look = TidingsConfig.Webhook.NtfyLook()
            look.tags = chosen
            return WebhookBody(item: Message(record: item), format: .ntfy, url: "https://ntfy.sh/t", look: look).headers.first { $0.name == "Tags" }?
                .value
        }
        #expect(tags(nil) == word)
        #expect(tags(["laptop", "home"]) == "laptop,home")
        #expect(tags([]) == nil)
        #expect(!Set(TidingsCore.Category.allCases.map(\.rawValue)).contains(word), "never the internal category")
    }

    @Test("ntfy: a meeting's action is Join, as on the desktop; other kinds View")
    func ntfyJoin() {
        var item = F.item(deepLink: F.link)
        item.kind = .meeting
        let body = WebhookBody(item: Message(record: item), format: .ntfy, url: "https://ntfy.sh/topic")
        #expect(body.headers.first { $0.name == "Actions" }?.value == "view, Join, \(F.link)")
    }

    @Test("ntfy: an item without a body sends its due time in its zone (ntfy shows an empty one as triggered)")
    func ntfyEmptyBody() {
        let body = WebhookBody(item: Message(record: F.item(body: "")), format: .ntfy, url: "https://ntfy.sh/topic")
        #expect(F.text(body.bytes) == "07:30")
        var lost = F.item(body: "")
        lost.plannedZone = "Nowhere/Atlantis"
        #expect(F.text(WebhookBody(item: Message(record: lost), format: .ntfy, url: "https://ntfy.sh/topic").bytes) == "Morning news")
        #expect(
            F.text(WebhookBody(item: Message(record: F.item(body: "")), format: .gotify, url: "https://g.example").bytes).contains(#""message":"""#))
    }
}
