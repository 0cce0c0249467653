import Foundation
import Testing
import TidingsTestSupport

/// deliver, tidings doctor and tidings test under the desktop's do-not-disturb: a real dunst
/// paused, and mako, SwayNC, GNOME and KDE Plasma posed by the test session's dunst with a fake
/// of each desktop's tool first on PATH.
@Suite(.serialized) struct DesktopDoNotDisturbEndToEndTests {
    static let config = "[routes]\nsystem = [\"desktop\"]\n[delivery]\ngrace = \"1d\"\n[desktop]\ndeadline = \"10s\"\n"

    /// A pipeline in `session`, with `fakes` (when given) first on PATH.
    func pipeline(_ session: DesktopSession, fakes: FakePrograms? = nil, config: String = Self.config) throws -> Pipeline {
        var pipeline = try Pipeline(config: config)
        pipeline.runner.environment.merge(session.environment) { $1 }
        if let fakes { pipeline.runner.environment["PATH"] = fakes.path }
        return pipeline
    }

    /// Plans today's update and delivers it at 07:30 with `--verbose`.
    func deliver(_ pipeline: Pipeline) async throws -> ProgramResult {
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let result = try await pipeline.run("deliver", "--now", "2026-11-22T07:30", "-v")
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    /// The detail of doctor's desktop line.
    func doctorDetail(_ pipeline: Pipeline) async throws -> String {
        let findings = try JSONObject.array(try await pipeline.run("tidings", "doctor", "--format", "json").stdout)
        return try #require(findings.first { $0.string("check") == "channel desktop" }?.string("detail"))
    }

    /// Popups dunst shows, holds back or keeps in its history.
    func popups(_ session: DesktopSession) async throws -> Int {
        var total = 0
        for kind in ["displayed", "waiting", "history"] {
            total += Int(try await session.dunstctl(["count", kind]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        return total
    }

    @Test("dunst paused: no popup, the item waits in the inbox, and -v and doctor name dunst's do-not-disturb")
    func dunstPaused() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        _ = try await session.dunstctl(["set-paused", "true"])
        let pipeline = try pipeline(session)
        let result = try await deliver(pipeline)
        #expect(result.stderr.contains("deliver: desktop: dunst, do-not-disturb on\n"), "\(result.stderr)")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
        #expect(try await popups(session) == 0)
        #expect(
            try await doctorDetail(pipeline).hasPrefix(
                "quiet: do-not-disturb is on (dunst, dunstctl is-paused): "
                    + "no popups until `dunstctl set-paused false`"))
    }

    @Test("dunst paused: a transactional item still goes to the notification server, at critical urgency, and not to the inbox")
    func dunstPausedTransactional() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        _ = try await session.dunstctl(["set-paused", "true"])
        let config =
            "[routes]\ntransactional = [\"desktop\"]\n[daily]\nenabled = true\ncategory = \"transactional\"\n[delivery]\ngrace = \"1d\"\n[desktop]\ndeadline = \"10s\"\n"
        let pipeline = try pipeline(session, config: config)
        let result = try await deliver(pipeline)
        #expect(result.stderr.contains("deliver: desktop: dunst, do-not-disturb on\n"), "\(result.stderr)")
        #expect(result.stderr.contains("1 delivered"), "\(result.stderr)")
        // dunst keeps it while paused and shows it when the pause ends.
        #expect(try await popups(session) == 1)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n")
    }

    @Test("dunst paused: tidings test shows nothing, the test goes to the inbox, never unread, and exits 0")
    func dunstPausedTest() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        _ = try await session.dunstctl(["set-paused", "true"])
        let pipeline = try pipeline(session)
        let result = try await pipeline.run("tidings", "test", "--now", "2026-11-22T08:00")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "– desktop: not shown: do-not-disturb is on (dunst, dunstctl is-paused): "
                    + "no popups until `dunstctl set-paused false`; desktop items go to the inbox meanwhile\n"), "\(result.stderr)")
        #expect(result.stderr.contains("✓ inbox: delivered"))
        #expect(!result.stderr.contains("desktop: delivered"))
        #expect(try await popups(session) == 0)
        // The inbox keeps the test, but it never counts as unread.
        let inbox = try JSONObject.lines(try await pipeline.succeed("tidings", "inbox", "--all", "--format", "json", "--now", "2026-11-22T08:01"))
        #expect(inbox.map { $0.string("title") } == ["Tidings test notification"])
        #expect(inbox.first?.bool("unread") == false)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count", "--now", "2026-11-22T08:01") == "0\n")
        // No desktop delivery is recorded: the desktop did not fail, it was asked to be quiet.
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--by", "channel", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        let channels = try #require(report["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == ["inbox"])
    }

    @Test("dunst not paused: doctor and -v say which desktop was read and that do-not-disturb is off")
    func dunstRunning() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let pipeline = try pipeline(session)
        let result = try await deliver(pipeline)
        #expect(result.stderr.contains("deliver: desktop: dunst, do-not-disturb off\n"), "\(result.stderr)")
        #expect(try await doctorDetail(pipeline).hasPrefix("available (desktop: dunst, do-not-disturb off) {"))
    }

    @Test("Do-not-disturb on: deliver keeps the item in the inbox, doctor and tidings test name the desktop", arguments: FakeDesktop.all)
    func on(desktop: FakeDesktop) async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.pose(as: desktop, doNotDisturb: true)
        let pipeline = try pipeline(session, fakes: fakes)
        let result = try await deliver(pipeline)
        #expect(result.stderr.contains("deliver: desktop: \(desktop.title), do-not-disturb on\n"), "\(result.stderr)")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
        #expect(try await doctorDetail(pipeline).hasPrefix("quiet: do-not-disturb is on (\(desktop.title), "))
        let test = try await pipeline.run("tidings", "test", "--now", "2026-11-22T08:00")
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stderr.contains("– desktop: not shown: do-not-disturb is on (\(desktop.title), "), "\(test.stderr)")
        #expect(try await popups(session) == 0)
    }

    @Test("Do-not-disturb off: deliver shows the popup, and doctor names the desktop", arguments: FakeDesktop.all)
    func off(desktop: FakeDesktop) async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.pose(as: desktop, doNotDisturb: false)
        let pipeline = try pipeline(session, fakes: fakes)
        let result = try await deliver(pipeline)
        #expect(result.stderr.contains("deliver: desktop: \(desktop.title), do-not-disturb off\n"), "\(result.stderr)")
        #expect(result.stderr.contains("1 delivered"), "\(result.stderr)")
        #expect(try await popups(session) == 1)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n")
        #expect(try await doctorDetail(pipeline).hasPrefix("available (desktop: \(desktop.title), do-not-disturb off) {"))
    }

    @Test("A do-not-disturb check that hangs holds nothing back: the popup goes out, -v and doctor say it was not read")
    func hangingCheck() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.installNotificationServer(name: "mako", vendor: "emersion")
        try fakes.installHanging("makoctl")
        let pipeline = try pipeline(session, fakes: fakes, config: Self.config.replacingOccurrences(of: "10s", with: "3s"))
        let result = try await deliver(pipeline)
        let note = "desktop: mako, do-not-disturb not read (makoctl did not answer within 3 s), taken as off"
        #expect(result.stderr.contains("deliver: \(note)\n"), "\(result.stderr)")
        #expect(result.stderr.contains("1 delivered"), "\(result.stderr)")
        #expect(try await popups(session) == 1)
        #expect(try await doctorDetail(pipeline).hasPrefix("available (\(note)) {"))
        #expect(!fakes.isRunning("makoctl"))
    }
}
