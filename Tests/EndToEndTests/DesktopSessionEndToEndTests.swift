import Foundation
import Testing
import TidingsTestSupport

/// deliver and the desktop session as cron meets it: no daemon, a hung daemon, a bus it
/// cannot guess, and popups updated in place.
@Suite(.serialized) struct DesktopSessionEndToEndTests {
    static let config = """
        [routes]
        system = ["desktop", "inbox"]
        [delivery]
        grace = "1d"
        [desktop]
        deadline = "2s"
        [[sources]]
        name = "daily"
        url = "file:today.json"
        """

    /// Plans today's update and runs deliver at 07:30; returns its result and the log line
    /// of the run, which says why the desktop was unavailable.
    func deliver(_ pipeline: Pipeline) async throws -> (ProgramResult, String) {
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let result = try await pipeline.run("deliver", "--now", "2026-11-22T07:30")
        return (result, try await pipeline.succeed("tidings", "log", "--stage", "deliver", "--limit", "1"))
    }

    @Test("A session bus with no notification daemon: deliver says so without waiting and the inbox has the item")
    func noDaemon() async throws {
        let session = try DesktopSession(daemon: false)
        defer { session.stop() }
        var pipeline = try Pipeline(config: Self.config)
        pipeline.runner.environment.merge(session.environment) { $1 }
        let (result, log) = try await deliver(pipeline)
        #expect(result.status == 0, "\(result.stderr)")
        // The bus answered that no one owns the name; nothing waited for D-Bus activation.
        #expect(log.contains("desktop unavailable: no notification daemon"), "\(log)")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
        let doctor = try JSONObject.array(try await pipeline.run("tidings", "doctor", "--format", "json").stdout)
        let desktop = try #require(doctor.first { $0.string("check") == "channel desktop" })
        #expect(desktop.string("detail")?.contains("org.freedesktop.Notifications") == true, "\(desktop.fields)")
    }

    @Test("A daemon that owns the name but hangs: the deadline ends deliver's wait, the item goes to the inbox")
    func hungDaemon() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        session.suspendDaemon()
        var pipeline = try Pipeline(config: Self.config)
        pipeline.runner.environment.merge(session.environment) { $1 }
        let (result, log) = try await deliver(pipeline)
        #expect(result.status == 0, "\(result.stderr)")
        // The 2 s deadline ended the wait, not the ~25 s notify-send can block on D-Bus.
        #expect(log.contains("desktop unavailable: the notification daemon did not answer within 2 s"), "\(log)")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
    }

    @Test("tidings init records the session; deliver without the variables finds the bus through the record")
    func recordedSession() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        var pipeline = try Pipeline(config: "[routes]\nsystem = [\"desktop\"]\n[delivery]\ngrace = \"1d\"\n[desktop]\ndeadline = \"10s\"\n")
        // Inside the session: the bus socket has a name no standard path guesses.
        let record = try await pipeline.runner.run("tidings", ["init", "--no-test"], extra: session.environment)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("init --record-session"))
        let file = (pipeline.localStem as NSString).deletingLastPathComponent + "/session.env"
        let recorded = try String(contentsOfFile: file, encoding: .utf8)
        #expect(recorded.contains("DBUS_SESSION_BUS_ADDRESS=\(session.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "?")"))
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)

        // As cron runs it: no session variables, a runtime folder without a bus socket.
        let runtime = pipeline.folder.file("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        pipeline.runner.environment["XDG_RUNTIME_DIR"] = runtime
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n")
        _ = try await session.dunstctl(["close-all"])
        let history = try await session.dunstctl(["history"])
        #expect(history.contains("Your daily update"))

        // Outside a session there is nothing to record: exit 1, the record stays.
        let outside = try await pipeline.run("tidings", "init", "--no-test")
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("no desktop session"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == recorded)
    }

    @Test("A corrected text replaces the popup in place: notify-send --replace-id with the daemon's first id")
    func replacedInPlace() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        var pipeline = try Pipeline(config: Self.config.replacingOccurrences(of: "2s", with: "10s"))
        pipeline.runner.environment.merge(session.environment) { $1 }
        // A notify-send that logs its arguments, then runs the real one.
        let log = pipeline.folder.file("notify-send.log")
        try FileManager.default.createDirectory(atPath: pipeline.folder.file("bin"), withIntermediateDirectories: true)
        let wrapper = try pipeline.folder.write("#!/bin/sh\necho \"$*\" >> '\(log)'\nexec /usr/bin/notify-send \"$@\"\n", to: "bin/notify-send")
        chmod(wrapper, 0o755)
        pipeline.runner.environment["PATH"] = pipeline.folder.file("bin") + ":/usr/local/bin:/usr/bin:/bin"

        try pipeline.folder.write(Feed.item(id: "7", title: "Opening hours", body: "Open at nine"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        _ = try await session.dunstctl(["close-all"])
        let firstHistory = try await session.dunstctl(["history"])
        let firstID = try #require(Self.ids(inHistory: firstHistory).first)

        try pipeline.folder.write(Feed.item(id: "7", title: "Opening hours", body: "Open at ten"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T09:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T09:00")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T09:01")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls.count == 2)
        #expect(calls.first?.contains("--replace-id") == false)
        #expect(calls.last?.contains("--replace-id=\(firstID)") == true, "\(calls)")
        #expect(calls.last?.contains("Open at ten") == true)
        // The inbox keeps one entry, with the corrected text.
        let inbox = try JSONObject.lines(try await pipeline.succeed("tidings", "inbox", "--all", "--format", "json"))
        #expect(inbox.map { $0.string("body") } == ["Open at ten"])
    }

    /// The notification ids in `dunstctl history` output.
    static func ids(inHistory text: String) -> [Int] {
        let pattern = try? NSRegularExpression(pattern: #""id"\s*:\s*\{\s*"type"\s*:\s*"i"\s*,\s*"data"\s*:\s*(\d+)"#)
        let range = NSRange(text.startIndex..., in: text)
        return (pattern?.matches(in: text, range: range) ?? []).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Int(text[$0]) }
        }
    }
}
