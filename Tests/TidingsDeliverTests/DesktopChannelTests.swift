import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// The desktop channel against a real dunst on a private bus and X server: what the popup
/// shows, and what the waiter records when the user taps, closes or ignores it.
@Suite(.serialized, .sqliteFileOnly) struct DesktopChannelTests {
    @Test("A delivered popup reaches dunst with its title, escaped body, app name, urgency and category")
    func deliveredPopupInHistory() async throws {
        let f = try DesktopFixture()
        #expect(await f.channel.state() == .available)
        let item = DesktopFixture.item("pay:1", category: .transactional, title: "Payment <due> & more", body: "Fish & chips <b>now</b>\u{07}\nok")
        let results = try await f.deliver([item])
        #expect(results.map(\.outcome) == [.delivered])
        #expect(desktopDaemonId(results[0]) != nil)
        try await f.waitForDisplayed(1)
        #expect(try await f.displayed() == 1)

        _ = try await f.session.dunstctl(["close-all"])
        let entry = try #require(try await f.history().first)
        // dunst stores the summary as sent and escapes it itself; the body arrives escaped
        // because dunst announced body-markup, and dunst keeps it as received.
        #expect(entry["summary"] as? String == "Payment <due> & more")
        #expect(entry["body"] as? String == "Fish &amp; chips &lt;b&gt;now&lt;/b&gt;ok")
        #expect(entry["appname"] as? String == "Tidings")
        #expect(entry["category"] as? String == "x-tidings.transactional")
        #expect((entry["message"] as? String)?.hasPrefix("critical|Payment &lt;due&gt; &amp; more|") == true)
        #expect(entry["timeout"] as? Int == 60_000_000)
        #expect(entry["id"] as? Int == desktopDaemonId(results[0]))
    }

    @Test(
        "Urgency and category follow the item's category",
        arguments: [
            (TidingsCore.Category.system, "normal", "x-tidings.system"),
            (.social, "normal", "im.received"),
            (.marketing, "low", "x-tidings.marketing"),
        ])
    func urgencyAndCategory(category: TidingsCore.Category, urgency: String, hint: String) async throws {
        let f = try DesktopFixture()
        try await f.deliver([DesktopFixture.item("a", category: category)])
        try await f.waitForDisplayed(1)
        _ = try await f.session.dunstctl(["close-all"])
        let entry = try #require(try await f.history().first)
        #expect((entry["message"] as? String)?.hasPrefix("\(urgency)|Morning news|") == true)
        #expect(entry["category"] as? String == hint)
    }

    @Test("Invoking the default action records TAPPED, marks the item read and opens its link")
    func tapped() async throws {
        let f = try DesktopFixture()
        try await f.deliver([DesktopFixture.item("daily:1", deepLink: "https://example.org/today")])
        try await f.waitForDisplayed(1)
        _ = try await f.session.dunstctl(["action", "0"])
        #expect(try await f.engagement(of: "daily:1") == "TAPPED")
        #expect(try f.state(of: "daily:1") == .read)
        // xdg-open is started detached: its file comes when it has run.
        #expect(await waitUntil { f.opened != nil })
        #expect(f.opened == "https://example.org/today")
    }

    @Test("A tapped popup whose link is not allowed records TAPPED and opens nothing")
    func tappedRefusedLink() async throws {
        let f = try DesktopFixture()
        try await f.deliver([DesktopFixture.item("daily:1", deepLink: "javascript:alert(1)")])
        try await f.waitForDisplayed(1)
        _ = try await f.session.dunstctl(["action", "0"])
        #expect(try await f.engagement(of: "daily:1") == "TAPPED")
        // The waiter starts xdg-open before it records the tap: none was started.
        #expect(!f.openerStarted)
    }

    @Test("Closing the popup records DISMISSED and marks the item dismissed")
    func dismissed() async throws {
        let f = try DesktopFixture()
        try await f.deliver([DesktopFixture.item("daily:1", deepLink: "https://example.org/today")])
        try await f.waitForDisplayed(1)
        _ = try await f.session.dunstctl(["close"])
        #expect(try await f.engagement(of: "daily:1") == "DISMISSED")
        #expect(try f.state(of: "daily:1") == .dismissed)
        #expect(f.opened == nil)
    }

    @Test("A popup left to expire records IGNORED and the item stays delivered")
    func ignored() async throws {
        let f = try DesktopFixture(expire: 1_000)
        try await f.deliver([DesktopFixture.item("daily:1")])
        #expect(try await f.engagement(of: "daily:1") == "IGNORED")
        #expect(try f.state(of: "daily:1") == .delivered)
        #expect(try await f.displayed() == 0)
    }

    @Test("Several items become several popups, each with its own daemon id and engagement")
    func batch() async throws {
        let f = try DesktopFixture()
        // Distinct titles: dunst stacks identical popups, closing the older one as expired.
        let results = try await f.deliver([DesktopFixture.item("a", title: "First"), DesktopFixture.item("b", title: "Second")])
        #expect(results.map(\.outcome) == [.delivered, .delivered])
        let ids = results.compactMap(desktopDaemonId)
        #expect(Set(ids).count == 2)
        try await f.waitForDisplayed(2)
        _ = try await f.session.dunstctl(["close-all"])
        #expect(try await f.engagement(of: "a") == "DISMISSED")
        #expect(try await f.engagement(of: "b") == "DISMISSED")
    }

    @Test("A paused dunst makes the channel quiet; popups still get an id and wait")
    func paused() async throws {
        let f = try DesktopFixture()
        _ = try await f.session.dunstctl(["set-paused", "true"])
        guard case .quiet(let reason) = await f.channel.state() else {
            Issue.record("expected quiet")
            return
        }
        #expect(reason.contains("paused"))
        let results = try await f.deliver([DesktopFixture.item("a")])
        #expect(results.map(\.outcome) == [.delivered])
        #expect(try await f.session.dunstctl(["count", "waiting"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1")

        // The waiter stays with the queued popup, in a session of its own (it outlives
        // deliver), its stdout already handed back.
        let waiter = try #require(Self.waiterPID(database: f.database.path))
        let stat = try String(contentsOfFile: "/proc/\(waiter)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        #expect(fields[3] == "\(waiter)")
        // It writes the id, then points stdout at /dev/null: wait for it to get there.
        var stdout = ""
        await waitUntil {
            stdout = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(waiter)/fd/1")) ?? ""
            return stdout == "/dev/null"
        }
        #expect(stdout == "/dev/null")
    }

    /// The process id of the waiter recording into `database`.
    static func waiterPID(database: String) -> Int? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int.init).first { pid in
            let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains("desktop-wait") && line.contains(database)
        }
    }

    @Test("platformInfo names the server and its capabilities, actions and body-markup among them")
    func platformInfo() async throws {
        let f = try DesktopFixture()
        let desktop = f.channel.session.currentDesktop.map(JSONLine.quoted) ?? "null"
        #expect(f.channel.platformInfo == #"{"channel":"desktop","desktop":"# + desktop + #","server":null,"capabilities":[]}"#)
        #expect(await f.channel.state() == .available)
        let info = try #require(try JSONSerialization.jsonObject(with: Data(f.channel.platformInfo.utf8)) as? [String: Any])
        #expect(info["channel"] as? String == "desktop")
        let server = try #require(info["server"] as? [String: String])
        #expect(server["name"] == "dunst")
        #expect(server["specVersion"] == "1.2")
        #expect(server["version"]?.hasPrefix("1.9") == true)
        #expect(Set(server.keys) == ["name", "vendor", "version", "specVersion"])
        let capabilities = try #require(info["capabilities"] as? [String])
        #expect(capabilities.contains("actions"))
        #expect(capabilities.contains("body-markup"))
    }
}
