import Foundation
import Glibc
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// `tidings listen` against an ntfy stand-in on loopback: urgent messages pass quiet hours at
/// once, others wait; a dropped stream is caught up from the last id; nothing is shown twice.
@Suite struct ListenEndToEndTests {
    @Test("With features.realtime_push off, listen refuses and says how to turn it on")
    func refusedWhenOff() async throws {
        let pipeline = try Pipeline(config: "[realtime]\nurl = \"https://ntfy.sh/alerts\"\n", emergencyDaily: false)
        let result = try await pipeline.run("tidings", "listen")
        #expect(result.status == 64)
        #expect(result.stderr.contains("realtime push is off: set realtime_push = true in [features]"))
    }

    @Test("Stream, drop, come back: each message stored once, urgent ones delivered through quiet hours, the rest after them")
    func streamDropAndCatchUp() async throws {
        let server = try NtfyTestServer()
        defer { server.stop() }
        // Quiet hours around the real time now, in UTC: from the last hour to two hours on.
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour ?? 0
        let start = String(format: "%02d:00", (hour + 23) % 24)
        let end = String(format: "%02d:00", (hour + 2) % 24)
        var pipeline = try Pipeline(
            zone: "UTC",
            config: """
                [features]
                realtime_push = true

                [realtime]
                url = "\(server.baseURL)/alerts"
                urgent_tags = ["sos"]

                [quiet_hours]
                enabled = true
                start = "\(start)"
                end = "\(end)"

                [routes]
                transactional = ["inbox"]
                system = ["inbox"]
                """, emergencyDaily: false)
        try await pipeline.succeed("plan")
        pipeline.runner.environment["PATH"] = "/usr/local/bin:/usr/bin:/bin"
        pipeline.runner.environment["HOME"] = pipeline.folder.path
        let listen = try BackgroundProgram(
            [pipeline.runner.path("tidings"), "listen"], environment: pipeline.runner.environment, stdout: pipeline.folder.file("listen.out"),
            stderr: pipeline.folder.file("listen.err"))
        defer {
            listen.signal(SIGKILL)
        }
        func log() -> String { (try? String(contentsOfFile: pipeline.folder.file("listen.err"), encoding: .utf8)) ?? "" }
        let database = try TidingsDatabase(path: pipeline.database)
        func states() throws -> [String: NotificationState] {
            try database.notifications(ids: ["push:m1", "push:m2", "push:m3"]).mapValues(\.state)
        }

        // Given a listener on the stream, when an urgent and an ordinary message arrive,
        // then the urgent one is delivered at once and the other waits for quiet hours to end.
        #expect(await waitUntil { server.streams == 1 }, "\(log())")
        server.publish(id: "m1", message: "The build server is down", title: "Outage", priority: 5)
        server.publish(id: "m2", message: "A new comment", title: "Comment", priority: 3)
        #expect(try await waitUntil { try states() == ["push:m1": .delivered, "push:m2": .pending] }, "\(log())")

        // When the stream drops, a message is published meanwhile, and the server replays
        // everything on the next stream, then only the new one is shown, and the listener
        // asked to catch up from the last id it stored.
        server.replaysEverything = true
        server.drop()
        server.publish(id: "m3", message: "Disk almost full", title: "Disk", priority: 2, tags: ["sos"])
        #expect(try await waitUntil { try states()["push:m3"] == .delivered }, "\(log())")
        #expect(try await waitUntil { log().contains("message m2 was stored before") }, "\(log())")
        #expect(server.requests.first == "/alerts/json")
        #expect(server.requests.dropFirst().first == "/alerts/json?since=m2")

        let stored = try database.notifications(ids: ["push:m1", "push:m2", "push:m3"])
        #expect(stored["push:m1"]?.category == .transactional && stored["push:m3"]?.category == .transactional)
        #expect(stored["push:m2"]?.category == .system)
        let quietEnd = try #require(stored["push:m2"]?.dueAt)
        #expect(ISOTime.format(quietEnd, in: Zone.named("UTC")).contains("T\(end):00"))
        let inbox = try await pipeline.succeed("tidings", "inbox", "--all")
        #expect(inbox.components(separatedBy: "The build server is down").count == 2, "\(inbox)")
        #expect(inbox.components(separatedBy: "Disk almost full").count == 2, "\(inbox)")
        #expect(!inbox.contains("A new comment"))
        let report = try JSONObject(try await pipeline.succeed("report", "--format", "json"))
        #expect(report.object("counts")?.int("delivered") == 2)

        listen.signal(SIGTERM)
        _ = await listen.wait()
    }
}
