import Foundation
import Testing
import TidingsTestSupport

/// deliver to a real notification daemon (dunst on Xvfb, a private session bus), as cron runs it.
@Suite(.serialized) struct DesktopEndToEndTests {
    // A generous deadline: the test machine runs the whole suite at once.
    static let config = "[routes]\nsystem = [\"desktop\"]\n[delivery]\ngrace = \"1d\"\n[desktop]\ndeadline = \"10s\"\n"

    /// Polls `tidings log`-free: the engagement recorded by the detached waiter, via report.
    func engagementRate(_ pipeline: Pipeline) async throws -> Double? {
        var rate: Double?
        try await waitUntil(step: .milliseconds(100)) {
            let report = try JSONObject(
                try await pipeline.succeed(
                    "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
            rate = report.double("engagementRate").flatMap { $0 > 0 ? $0 : nil }
            return rate != nil
        }
        return rate
    }

    @Test("deliver shows the daily update on the desktop; a click on it is a tap in the rates")
    func popupAndTap() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        var pipeline = try Pipeline(config: Self.config)
        pipeline.runner.environment.merge(session.environment) { $1 }
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")

        // dunst shows it: the newest popup is ours (closed popups go to history, so close it by acting on it).
        _ = try await session.dunstctl(["action", "0"])
        let rate = try await engagementRate(pipeline)
        #expect(rate == 1.0)
        let history = try await session.dunstctl(["history"])
        #expect(history.contains("Your daily update"))
        #expect(history.contains("Tidings"))
        let log = try await pipeline.succeed("tidings", "log", "--stage", "deliver")
        #expect(log.contains("1 delivered"))
    }

    @Test("Routed to the desktop and the inbox: a click on the popup reads the inbox copy, and the rate is 100 %, not 50 %")
    func tapReadsInbox() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        var pipeline = try Pipeline(
            config: "[routes]\nsystem = [\"desktop\", \"inbox\"]\n[delivery]\ngrace = \"1d\"\n[desktop]\ndeadline = \"10s\"\n")
        pipeline.runner.environment.merge(session.environment) { $1 }
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n", "unread until it is seen")

        _ = try await session.dunstctl(["action", "0"])
        let rate = try await engagementRate(pipeline)
        #expect(rate == 1.0)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n")
        #expect(try await pipeline.succeed("tidings", "inbox") == "")
        let all = try JSONObject.lines(try await pipeline.succeed("tidings", "inbox", "--all", "--format", "json"))
        #expect(all.count == 1)
        #expect(all.first?.bool("unread") == false)
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--by", "channel", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        let counts = try #require(report.object("counts"))
        #expect(counts.int("engageableNotifications") == 1)
        #expect(counts.int("tapped") == 1)
        let channels = try #require(report["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == ["desktop", "inbox"], "--by channel still counts both sends")
    }

    /// The due time (`scheduledAt`) of the pending item `id`, polling while the detached
    /// waiter writes it.
    func pendingDueTime(_ pipeline: Pipeline, id: String) async throws -> String? {
        var due: String?
        try await waitUntil(step: .milliseconds(100)) {
            let pending = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json"))
            due = pending.first(where: { $0.string("id") == id })?.string("scheduledAt")
            return due != nil
        }
        return due
    }

    @Test("The popup's Snooze action hides the item from the inbox, counts as a snooze, and it comes back on the desktop")
    func snoozeAction() async throws {
        // Given: a reminder shown on the desktop and kept in the inbox. The waiter snoozes
        // from the real clock, so the reminder is due by the real clock too.
        let session = try DesktopSession()
        defer { session.stop() }
        var pipeline = try Pipeline(config: "[delivery]\ngrace = \"1d\"\n[desktop]\ndeadline = \"10s\"\n")
        pipeline.runner.environment.merge(session.environment) { $1 }
        let id = try await pipeline.succeed("tidings", "add", "Stretch", "--in", "1m", "--channel", "desktop", "--channel", "inbox")
            .trimmingCharacters(in: .newlines)
        let due = try #require(try await pendingDueTime(pipeline, id: id))
        try await pipeline.succeed("deliver", "--now", due)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count", "--now", due) == "1\n")

        // When: the user picks "Snooze 10 min" in dunst's context menu.
        try session.pickInMenu("Snooze 10 min")
        _ = try await session.dunstctl(["context"])

        // Then: it is pending again, ten minutes on, and gone from the inbox.
        let again = try #require(try await pendingDueTime(pipeline, id: id))
        #expect(again > due)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count", "--now", due) == "0\n", "the inbox copy is snoozed too")
        let report = try JSONObject(try await pipeline.succeed("report", "--format", "json", "--since", "1d", "--now", again))
        #expect(report.object("counts")?.int("snoozed") == 1, "one snooze, though it marked the desktop and the inbox")
        #expect(report.object("counts")?.int("tapped") == 0)

        // When it ends, it is shown again and unread in the inbox.
        try await pipeline.succeed("deliver", "--now", again)
        #expect(try await pipeline.succeed("tidings", "inbox", "--count", "--now", again) == "1\n")
        let shown = try await session.dunstctl(["count", "displayed"])
        #expect(shown.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test("With no session bus (cron on a headless machine) the item goes to the inbox, the row says why, and the run is ok")
    func fallbackToInbox() async throws {
        var pipeline = try Pipeline(config: Self.config)
        pipeline.runner.environment["XDG_RUNTIME_DIR"] = pipeline.folder.file("no-runtime-dir")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let result = try await pipeline.run("deliver", "--now", "2026-11-22T07:30", "-v")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
        // No desktop session is this machine's state: the item reached the inbox, the run is ok.
        let runs = try JSONObject.lines(try await pipeline.succeed("tidings", "log", "--stage", "deliver", "--format", "json"))
        #expect(runs.first?.string("outcome") == "ok", "\(runs.map(\.fields))")
        #expect(runs.first?.string("summary") == "1 delivered, 0 failed, 0 missed, 1 sent to the inbox for want of a desktop session")
        let doctor = try await pipeline.run("tidings", "doctor", "--format", "json")
        let findings = try JSONObject.array(doctor.stdout)
        // And doctor says so as a state of this machine, not a fault: the inbox takes over.
        let desktop = try #require(findings.first { $0.string("check") == "channel desktop" })
        #expect(desktop.bool("ok") == true, "\(desktop.fields)")
        #expect(desktop.string("detail")?.hasPrefix("no desktop session on this machine: what is routed to the desktop goes to the inbox") == true)
        // With the inbox turned off, nothing takes over: the missing session is a fault again.
        try pipeline.folder.write("[daily]\nenabled = true\n" + Self.config + "[channels]\ninbox = false\n", to: "config.toml")
        let alone = try JSONObject.array(try await pipeline.run("tidings", "doctor", "--format", "json").stdout)
        let lone = try #require(alone.first { $0.string("check") == "channel desktop" })
        #expect(lone.bool("ok") == false && lone.string("detail")?.hasPrefix("unavailable: no session bus") == true, "\(lone.fields)")
        #expect(lone.string("fix") != nil)
    }

    @Test("Do-not-disturb (dunst paused): no popup is queued, the item waits in the inbox")
    func quiet() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        _ = try await session.dunstctl(["set-paused", "true"])
        var pipeline = try Pipeline(config: Self.config)
        pipeline.runner.environment.merge(session.environment) { $1 }
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
        let waiting = try await session.dunstctl(["count", "waiting"])
        #expect(waiting.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let doctor = try JSONObject.array(try await pipeline.run("tidings", "doctor", "--format", "json").stdout)
        #expect(doctor.first { $0.string("check") == "channel desktop" }?.string("detail")?.hasPrefix("quiet") == true)
    }

    @Test("tidings test reaches every enabled channel and says so")
    func testNotification() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        var pipeline = try Pipeline(config: Self.config)
        pipeline.runner.environment.merge(session.environment) { $1 }
        let result = try await pipeline.run("tidings", "test")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("✓ desktop: delivered"))
        #expect(result.stderr.contains("✓ inbox: delivered"))
        #expect(!result.stderr.contains("stdout"))
    }
}
