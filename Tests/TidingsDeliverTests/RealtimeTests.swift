import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// `[realtime]`, the lines of a stream, and what a message becomes.
@Suite struct RealtimeTests {
    static func config(_ text: String) throws -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: "/c/config.toml", directory: "/c")
    }

    @Test("[realtime]: the defaults, every key, and the flag needing a url")
    func configKeys() throws {
        let plain = try #require(try Self.config("[features]\nrealtime_push = true\n[realtime]\nurl = \"https://ntfy.sh/alerts/\"\n").realtime)
        #expect(plain.url == "https://ntfy.sh/alerts")
        #expect(plain.format == .ntfy && plain.urgentPriority == 5 && plain.urgentTags == ["urgent"] && plain.category == .system)
        #expect(plain.maxBackoff == 300_000 && plain.token == nil)
        let full = try #require(
            try Self.config(
                """
                [realtime]
                url = "http://127.0.0.1:8080/events"
                format = "sse"
                token_file = "ntfy.token"
                urgent_priority = 4
                urgent_tags = ["rotating_light", "sos"]
                category = "social"
                max_backoff = "1m"
                """
            ).realtime)
        #expect(full.format == .sse && full.urgentPriority == 4 && full.urgentTags == ["rotating_light", "sos"])
        #expect(full.token == .file("/c/ntfy.token") && full.category == .social && full.maxBackoff == 60_000)
        #expect(try Self.config("").features.realtimePush == false)
        let cases: [(String, String)] = [
            ("[features]\nrealtime_push = true\n", "features.realtime_push: needs a [realtime] table"),
            ("[realtime]\nurl = \"http://example.org/alerts\"\n", "realtime.url: http: is only allowed to this machine"),
            ("[realtime]\nurl = \"https://ntfy.sh/alerts\"\nurgent_priority = 6\n", "realtime.urgent_priority: must be between 1 and 5"),
            (
                "[realtime]\nurl = \"https://ntfy.sh/alerts\"\ncategory = \"transactional\"\n",
                "realtime.category: expected system, social or marketing"
            ),
            ("[realtime]\nurl = \"https://ntfy.sh/alerts?x=1\"\n", "realtime.url: give the ntfy topic's URL without a query"),
        ]
        for (text, expected) in cases {
            let error = #expect(throws: ConfigError.self) { try Self.config(text) }
            #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
        }
    }

    @Test("Stream lines: ntfy's JSON and SSE data lines are messages; open, keepalive and SSE fields are not")
    func lines() {
        let json =
            #"{"id":"m1","time":1700000000,"event":"message","topic":"alerts","title":"Disk","message":"/ is full","priority":5,"tags":["urgent"],"click":"https://example.org/d"}"#
        let expected = PushMessage(
            id: "m1", time: 1_700_000_000_000, topic: "alerts", title: "Disk", message: "/ is full", priority: 5, tags: ["urgent"],
            click: "https://example.org/d")
        #expect(PushMessage.parse(line: json) == .message(expected))
        #expect(PushMessage.parse(line: "data: " + json) == .message(expected))
        #expect(PushMessage.parse(line: #"{"id":"o","time":1,"event":"open","topic":"alerts"}"#) == .other)
        #expect(PushMessage.parse(line: #"{"id":"k","time":1,"event":"keepalive","topic":"alerts"}"#) == .other)
        for line in ["", ": comment", "event: message", "id: m1", "retry: 1000"] { #expect(PushMessage.parse(line: line) == .other) }
        #expect(PushMessage.parse(line: "<html>") == .invalid("not a JSON object: <html>"))
        #expect(PushMessage.parse(line: #"{"event":"message","message":"x"}"#) == .invalid("a message without a usable id"))
        // A link the notification could not open safely is dropped; priority is kept on ntfy's scale.
        guard case .message(let odd) = PushMessage.parse(line: #"{"id":"m2","message":"x","priority":9,"click":"javascript:alert(1)"}"#)
        else {
            Issue.record("not a message")
            return
        }
        #expect(odd.click == nil && odd.priority == 5 && odd.tags.isEmpty)
    }

    @Test("Urgent by priority or tag: transactional and due at once in quiet hours; any other waits for their end")
    func rule() throws {
        var settings = TidingsConfig.Realtime(url: "https://ntfy.sh/alerts")
        settings.urgentTags = ["sos"]
        let quiet = QuietHours(enabled: true, start: try #require(WallTime(hour: 22, minute: 0)), end: try #require(WallTime(hour: 7, minute: 0)))
        let rule = PushRule(settings: settings, quietHours: quiet)
        let now = utc("2026-11-22T23:30:00Z")
        let zone = Zone.named("UTC")
        func message(_ priority: Int, _ tags: [String]) -> PushMessage {
            PushMessage(id: "a\(priority)", time: nil, topic: "alerts", title: nil, message: "text", priority: priority, tags: tags, click: nil)
        }
        let urgent = rule.notification(for: message(5, []), now: now, zone: zone)
        #expect(urgent.id == "push:a5" && urgent.kind == .push && urgent.category == .transactional && urgent.dueAt == now)
        #expect(urgent.title == "alerts" && urgent.body == "text")
        let tagged = rule.notification(for: message(2, ["sos"]), now: now, zone: zone)
        #expect(tagged.category == .transactional && tagged.dueAt == now)
        let normal = rule.notification(for: message(4, ["info"]), now: now, zone: zone)
        #expect(normal.category == .system && normal.dueAt == utc("2026-11-23T07:00:00Z"))
        let daytime = rule.notification(for: message(3, []), now: utc("2026-11-22T12:00:00Z"), zone: zone)
        #expect(daytime.dueAt == utc("2026-11-22T12:00:00Z"))
    }

    /// The store engines.
    enum Engine: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgresql
        var description: String { rawValue }
    }

    @Test("What the listener logs never holds the token, the URL's query or its login, also where an error quotes the URL")
    func logRedacted() throws {
        let directory = try TemporaryDirectory()
        let database = try TidingsDatabase(path: directory.file("tidings.sqlite"))
        defer { database.closeConnection() }
        var settings = TidingsConfig.Realtime(url: "https://ops:pa55word-77@ntfy.example.org/alerts?auth=QmVhcmVyIHRrLTk5")
        settings.token = .environment("NTFY_TOKEN")
        let lines = LockedLines()
        let listener = RealtimeListener(
            settings: settings, quietHours: QuietHours(enabled: false, start: .midnight, end: .midnight), database: database,
            zone: Zone.named("UTC"), environment: ["NTFY_TOKEN": "tk_abcdef123456"], clock: { 0 }, deliverNow: {},
            log: { line in lines.append(line) })
        listener.log("connection failed: network error fetching https://ops:pa55word-77@ntfy.example.org/alerts/json?auth=QmVhcmVyIHRrLTk5")
        listener.log("the server answered HTTP 401: token tk_abcdef123456 is not allowed")
        let logged = lines.all.joined(separator: "\n")
        #expect(lines.all.count == 2)
        for secret in ["pa55word-77", "QmVhcmVyIHRrLTk5", "tk_abcdef123456"] { #expect(!logged.contains(secret), "\(logged)") }
        #expect(logged.contains("ntfy.example.org"))
    }

    @Test("A message is stored once, and the stream's last id is kept", arguments: Engine.allCases)
    func storedOnce(engine: Engine) throws {
        let directory = try TemporaryDirectory()
        let database =
            switch engine {
            case .sqlite: try TidingsDatabase(path: directory.file("tidings.sqlite"))
            case .postgresql: try TidingsDatabase(postgres: try PostgresTestCluster.shared().createDatabase().absoluteString)
            }
        defer { database.closeConnection() }
        let store = (directory: directory, database: database)
        let rule = PushRule(
            settings: TidingsConfig.Realtime(url: "https://ntfy.sh/alerts"), quietHours: QuietHours(enabled: false, start: .midnight, end: .midnight))
        let now = utc("2026-11-22T12:00:00Z")
        let first = PushMessage(id: "m1", time: nil, topic: nil, title: "T", message: "B", priority: 5, tags: [], click: nil)
        let item = rule.notification(for: first, now: now, zone: Zone.named("UTC"))
        #expect(try store.database.realtimeLastId(url: "https://ntfy.sh/alerts") == nil)
        #expect(try store.database.recordPushed(item, url: "https://ntfy.sh/alerts", messageId: "m1", now: now))
        #expect(try !store.database.recordPushed(item, url: "https://ntfy.sh/alerts", messageId: "m1", now: now + 1))
        var second = item
        second.id = "push:m2"
        #expect(try store.database.recordPushed(second, url: "https://ntfy.sh/alerts", messageId: "m2", now: now + 2))
        #expect(try store.database.realtimeLastId(url: "https://ntfy.sh/alerts") == "m2")
        #expect(try store.database.notifications(ids: ["push:m1", "push:m2"]).count == 2)
    }
}

/// Lines a test's log closure received, from any thread.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
