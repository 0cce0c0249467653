import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// `prefetch --due` and `plan --if-changed` as the timers start them (the flag, and `--db` and
/// `--config` at most, here through the environment), which look for work before the argument
/// parser: an idle run leaves exactly what the parsed run's leaves, and anything to do, or a
/// watcher to ping, goes to the parsed run.
@Suite struct TimersQuickStartEndToEndTests {
    /// A config with one calendar file, `extra` appended.
    static func config(_ calendar: String, extra: String = "") -> String {
        "[weekly]\nenabled = false\n[[sources]]\nname = \"work\"\ntype = \"calendar\"\nurl = \"file://\(calendar)\"\n" + extra
    }

    /// A calendar with one video meeting three hours from now.
    static func writeCalendar(_ path: String) throws {
        let start = Date().addingTimeInterval(3 * 3600)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd'T'HHmm'00Z'"
        let text = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tidings test//EN\r\nBEGIN:VEVENT\r\nUID:standup@test\r\n\
            DTSTAMP:20261101T000000Z\r\nDTSTART:\(format.string(from: start))\r\nDURATION:PT30M\r\nSUMMARY:Standup\r\n\
            LOCATION:https://zoom.us/j/81000000001\r\n\
            END:VEVENT\r\nEND:VCALENDAR\r\n
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The text of the last good config the programs kept: a file under the pipeline's state
    /// folder, beside the SQLite file or, on PostgreSQL, the host's own.
    static func keptConfig(_ pipeline: Pipeline) throws -> String {
        let state = pipeline.folder.file("state")
        let names = try #require(FileManager.default.subpathsOfDirectory(atPath: state).filter { $0.contains(".config-") && $0.hasSuffix(".toml") })
        #expect(names.count == 1, "\(names)")
        return try String(contentsOfFile: state + "/" + (names.first ?? ""), encoding: .utf8)
    }

    @Test("An idle run leaves no trace and says nothing; a changed config goes to the full plan, and the idle prefetch keeps it")
    func idleAndChanged() async throws {
        let folder = try TemporaryDirectory()
        let calendar = folder.file("work.ics")
        try Self.writeCalendar(calendar)
        let pipeline = try Pipeline(config: Self.config(calendar))
        // Nothing fetched or planned yet: both go to their full runs.
        #expect(try await pipeline.run("prefetch", "--due").stderr.isEmpty)
        #expect(try await pipeline.run("plan", "--if-changed").stderr.isEmpty)
        let database = try TidingsDatabase(path: pipeline.database)
        let runs = try database.recentStageRuns(limit: 100)
        #expect(runs.map(\.stage).sorted { $0.rawValue < $1.rawValue } == [.plan, .prefetch])
        let planned = try #require(try database.planInputs())
        #expect(try database.openNotifications().contains { $0.kind == .meeting && $0.eventTitle == "Standup" })
        // Idle: the source is not due, nothing changed since the plan, and the reminder is
        // hours away for the every-minute deliver beside them.
        for _ in 0..<3 {
            for (program, flags) in [("prefetch", ["--due"]), ("plan", ["--if-changed"]), ("deliver", [])] {
                let result = try await pipeline.runner.run(program, flags, prefix: [])
                #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(program): \(result.stderr)")
            }
        }
        #expect(try database.recentStageRuns(limit: 100).count == runs.count, "idle runs record nothing")
        #expect(try database.planInputs()?.plannedAt == planned.plannedAt)
        // Without the flag, the same command line is a full run: it plans, and records it.
        _ = try await pipeline.succeed("plan")
        #expect(try database.recentStageRuns(limit: 100, stage: .plan).count == 2)
        // The config changed (a comment is a change): plan plans again, and keeps it as the
        // last good one.
        try Self.config(calendar, extra: "# changed\n").write(toFile: pipeline.config, atomically: true, encoding: .utf8)
        #expect(try await pipeline.run("plan", "--if-changed").stderr.isEmpty)
        #expect(try database.recentStageRuns(limit: 100, stage: .plan).count == 3)
        #expect(try Self.keptConfig(pipeline).hasSuffix("# changed\n"))
        // Changed again: the idle prefetch keeps it too, as its full run would.
        try Self.config(calendar, extra: "# changed again\n").write(toFile: pipeline.config, atomically: true, encoding: .utf8)
        let idle = try await pipeline.run("prefetch", "--due")
        #expect(idle.status == 0 && idle.stderr.isEmpty, "\(idle.stderr)")
        #expect(try database.recentStageRuns(limit: 100, stage: .prefetch).count == 1)
        #expect(try Self.keptConfig(pipeline).hasSuffix("# changed again\n"))
        // A config with an error is the full run's to refuse, with its message.
        try "[daily\n".write(toFile: pipeline.config, atomically: true, encoding: .utf8)
        for program in ["prefetch", "plan"] {
            let broken = try await pipeline.run(program, program == "prefetch" ? "--due" : "--if-changed")
            #expect(broken.status == 64 && broken.stderr.contains(pipeline.config), "\(program): \(broken.stderr)")
        }
    }

    @Test("With a watcher for the stage, an idle run still pings it: the full run does")
    func watcherPinged() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let calendar = folder.file("work.ics")
        try Self.writeCalendar(calendar)
        let watched = "[monitoring]\nplan_ping_url = \"http://127.0.0.1:\(server.port)/plan\"\n"
        let pipeline = try Pipeline(config: Self.config(calendar, extra: watched))
        _ = try await pipeline.succeed("prefetch", "--due")
        _ = try await pipeline.succeed("plan", "--if-changed")
        let first = server.requests.count
        #expect(first == 2, "\(server.requests.map(\.path))")
        // Idle now: the run is the full one all the same, and says so to the watcher.
        _ = try await pipeline.succeed("plan", "--if-changed")
        #expect(server.requests.map { String($0.path.prefix { $0 != "?" }) } == ["/plan/start", "/plan", "/plan/start", "/plan"])
        // prefetch has no watcher: its idle run is the quick one, and pings nothing.
        _ = try await pipeline.succeed("prefetch", "--due")
        #expect(server.requests.count == 4)
    }
}
