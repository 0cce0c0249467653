import Foundation
import Glibc
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// `tidings listen` against an ntfy stand-in on loopback: urgent messages pass quiet hours at
/// once, others wait; a dropped stream is caught up from the last id; nothing is shown twice.
/// The same over server-sent events.
@Suite struct ListenEndToEndTests {
    /// `tidings listen` of `pipeline` in the background, with a plain PATH and the pipeline's
    /// folder as HOME; its standard error goes to listen.err.
    static func listen(_ pipeline: inout Pipeline) throws -> BackgroundProgram {
        pipeline.runner.environment["PATH"] = "/usr/local/bin:/usr/bin:/bin"
        pipeline.runner.environment["HOME"] = pipeline.folder.path
        return try BackgroundProgram(
            [pipeline.runner.path("tidings"), "listen"], environment: pipeline.runner.environment, stdout: pipeline.folder.file("listen.out"),
            stderr: pipeline.folder.file("listen.err"))
    }

    /// What the listener of `pipeline` logged so far.
    static func log(_ pipeline: Pipeline) -> String {
        (try? String(contentsOfFile: pipeline.folder.file("listen.err"), encoding: .utf8)) ?? ""
    }

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
        let listen = try Self.listen(&pipeline)
        defer { listen.signal(SIGKILL) }
        func log() -> String { Self.log(pipeline) }
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

    @Test(
        "Server-sent events: id lines name the messages, data lines are joined; after a drop it asks with Last-Event-ID, loses nothing, shows nothing twice"
    )
    func serverSentEvents() async throws {
        let server = try NtfyTestServer(sse: true)
        defer { server.stop() }
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour ?? 0
        var pipeline = try Pipeline(
            zone: "UTC",
            config: """
                [features]
                realtime_push = true

                [realtime]
                url = "\(server.baseURL)/events"
                format = "sse"
                urgent_tags = ["sos"]

                [quiet_hours]
                enabled = true
                start = "\(String(format: "%02d:00", (hour + 23) % 24))"
                end = "\(String(format: "%02d:00", (hour + 2) % 24))"

                [routes]
                transactional = ["inbox"]
                system = ["inbox"]
                """, emergencyDaily: false)
        try await pipeline.succeed("plan")
        let listen = try Self.listen(&pipeline)
        defer { listen.signal(SIGKILL) }
        func log() -> String { Self.log(pipeline) }
        let database = try TidingsDatabase(path: pipeline.database)
        let ids = ["push:e1", "push:e2", "push:e3", "push:e4"]
        func states() throws -> [String: NotificationState] { try database.notifications(ids: ids).mapValues(\.state) }

        // Given a listener on the stream, an urgent event passes quiet hours and an ordinary one waits.
        #expect(await waitUntil { server.streams == 1 }, "\(log())")
        server.publish(id: "e1", message: "The build server is down", title: "Outage", priority: 5)
        server.publish(id: "e2", message: "A new comment", title: "Comment", priority: 3)
        #expect(try await waitUntil { try states() == ["push:e1": .delivered, "push:e2": .pending] }, "\(log())")

        // When the stream drops and an event is published meanwhile, the reconnect asks for
        // what followed the last id stored, and the event comes once.
        server.drop()
        server.publish(id: "e3", message: "Disk almost full", title: "Disk", priority: 2, tags: ["sos"])
        #expect(try await waitUntil { try states()["push:e3"] == .delivered }, "\(log())")
        #expect(await waitUntil { server.streams == 1 && server.requests.count == 2 }, "\(log())")

        // When a server replays everything after the next drop, only the new event is stored.
        server.replaysEverything = true
        server.drop()
        server.publish(id: "e4", message: "A weekly summary", title: "Summary", priority: 1)
        #expect(try await waitUntil { try states()["push:e4"] == .pending }, "\(log())")
        #expect(await waitUntil { log().contains("message e3 was stored before") }, "\(log())")
        #expect(server.lastEventIdHeaders == [nil, "e2", "e3"])
        #expect(server.requests == ["/events", "/events?since=e2", "/events?since=e3"])

        let stored = try database.notifications(ids: ids)
        #expect(stored.count == 4)
        #expect(stored["push:e1"]?.category == .transactional && stored["push:e3"]?.category == .transactional)
        #expect(stored["push:e2"]?.category == .system && stored["push:e4"]?.category == .system)
        let inbox = try await pipeline.succeed("tidings", "inbox", "--all")
        #expect(inbox.components(separatedBy: "The build server is down").count == 2, "\(inbox)")
        #expect(inbox.components(separatedBy: "Disk almost full").count == 2, "\(inbox)")
        #expect(!inbox.contains("A new comment") && !inbox.contains("A weekly summary"))
        let report = try JSONObject(try await pipeline.succeed("report", "--format", "json"))
        #expect(report.object("counts")?.int("delivered") == 2)

        listen.signal(SIGTERM)
        _ = await listen.wait()
    }

    @Test("A slow channel does not stop the stream: messages arriving while deliver runs are stored at once, then sent in order, each once")
    func slowChannel() async throws {
        let server = try NtfyTestServer()
        defer { server.stop() }
        var pipeline = try Pipeline(config: "", emergencyDaily: false)
        let folder = pipeline.folder.path
        // The first item waits until the test opens the gate; every item's JSON goes to sent.log.
        let slow = try CommandEndToEndTests.script(
            pipeline, "slow.sh",
            """
            if [ ! -e '\(folder)/started' ]; then
              touch '\(folder)/started'
              while [ ! -e '\(folder)/gate' ]; do sleep 0.05; done
            fi
            cat >> '\(folder)/sent.log'; echo >> '\(folder)/sent.log'
            """)
        try pipeline.folder.write(
            """
            [features]
            realtime_push = true

            [realtime]
            url = "\(server.baseURL)/alerts"

            [routes]
            transactional = ["command:slow"]

            [[commands]]
            name = "slow"
            argv = ["\(slow)"]
            """, to: "config.toml")
        try await pipeline.succeed("plan")
        let listen = try Self.listen(&pipeline)
        defer { listen.signal(SIGKILL) }
        func log() -> String { Self.log(pipeline) }
        let database = try TidingsDatabase(path: pipeline.database)
        let ids = ["push:s1", "push:s2", "push:s3"]

        // Given a deliver run stuck in the channel with the first alert,
        #expect(await waitUntil { server.streams == 1 }, "\(log())")
        server.publish(id: "s1", message: "Alert one", priority: 5)
        #expect(await waitUntil { FileManager.default.fileExists(atPath: folder + "/started") }, "\(log())")
        // when two more arrive, then the listener reads and stores them meanwhile,
        server.publish(id: "s2", message: "Alert two", priority: 5)
        server.publish(id: "s3", message: "Alert three", priority: 5)
        #expect(try await waitUntil { try database.notifications(ids: ids).count == 3 }, "\(log())")
        #expect(await waitUntil { log().contains("message s3 (urgent): delivering") }, "\(log())")
        #expect(!FileManager.default.fileExists(atPath: folder + "/sent.log"))

        // and once the channel moves on, each is sent once, in the order it came.
        FileManager.default.createFile(atPath: folder + "/gate", contents: nil)
        #expect(
            try await waitUntil { try database.notifications(ids: ids).values.allSatisfy { $0.state == .delivered } },
            "\(log())")
        let sent = CommandEndToEndTests.read(pipeline, "sent.log")
        let order = ["Alert one", "Alert two", "Alert three"].map {
            sent.components(separatedBy: $0).count == 2 ? sent.range(of: $0)?.lowerBound : nil
        }
        #expect(order.allSatisfy { $0 != nil }, "\(sent)")
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(sent)")

        listen.signal(SIGTERM)
        _ = await listen.wait()
    }
}
