import Foundation
import Synchronization
import Testing
import TidingsTestSupport

/// The timers' 15-minute run, `prefetch --due; plan --if-changed`, through the built programs
/// against a real HTTP server: a meeting added in the morning gets its reminder, and a run with
/// nothing due fetches nothing and plans nothing.
@Suite struct FreshCalendarEndToEndTests {
    static let meeting = """
        UID:added-late@example.org
        DTSTAMP:20261123T052000Z
        SUMMARY:Quick call
        DTSTART;TZID=Europe/Berlin:20261123T065000
        DTEND;TZID=Europe/Berlin:20261123T071000
        LOCATION:https://meet.google.com/abc-defg-hij
        """

    /// One timer run at `time` (Berlin, 23 November 2026): what prefetch and plan said under -v.
    func timerRun(_ pipeline: Pipeline, at time: String) async throws -> (prefetch: String, plan: String) {
        let now = "2026-11-23T\(time)"
        let prefetch = try await pipeline.run("prefetch", "--due", "-v", "--now", now)
        #expect(prefetch.status == 0, "prefetch at \(time): \(prefetch.stderr)")
        let plan = try await pipeline.run("plan", "--if-changed", "-v", "--now", now)
        #expect(plan.status == 0, "plan at \(time): \(plan.stderr)")
        return (prefetch.stderr, plan.stderr)
    }

    @Test("A meeting added at 06:20 for 06:50 gets its 06:40 reminder from the 06:30 run; idle runs fetch and plan nothing")
    func meetingAddedInTheMorning() async throws {
        let events = Mutex<[String]>([])
        let server = try HTTPTestServer { request in
            if request.path == "/news.json" { return .text(Feed.item(id: "n1", title: "Morning", body: "News")) }
            let body = CalendarEndToEndTests.calendar(events.withLock { $0 })
            // A validator from the body, as calendar servers send: an unchanged calendar is a 304.
            let etag = "\"\(body.utf8.count)\""
            if request.header("If-None-Match") == etag { return TestHTTPResponse(status: 304) }
            return .text(body, headers: [("ETag", etag), ("Content-Type", "text/calendar")])
        }
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: """
                [daily]
                enabled = false
                [[sources]]
                name = "news"
                url = "\(server.baseURL)/news.json"
                [[sources]]
                name = "work"
                type = "calendar"
                url = "\(server.baseURL)/work.ics"
                """)

        // 06:15: the first run fetches both sources and plans (an empty calendar: nothing to remind of).
        let first = try await timerRun(pipeline, at: "06:15")
        #expect(first.prefetch.contains("source work: ok"))
        #expect(first.plan.contains("planning: no plan on record"))

        // 06:20: the meeting is added. 06:25: nothing is due, nothing is planned.
        events.withLock { $0 = [Self.meeting] }
        let idle = try await timerRun(pipeline, at: "06:25")
        #expect(idle.prefetch.contains("source work: not due until 2026-11-23T06:27"))
        #expect(idle.prefetch.contains("source news: not due until 2026-11-23T12:10"))
        #expect(idle.plan.contains("nothing changed since the last plan"))
        #expect(server.requests.count == 2)

        // 06:30: the calendar is due, has changed, and the plan follows.
        let fresh = try await timerRun(pipeline, at: "06:30")
        #expect(fresh.prefetch.contains("source work: ok"))
        #expect(fresh.plan.contains("planning: new content from work"))
        let reminder = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T06:40")
        #expect(reminder.contains("Quick call"))
        #expect(reminder.contains("Starts at 06:50 (in 10 min)"))

        // 06:45: the calendar is fetched again, unchanged (304): no plan.
        let unchanged = try await timerRun(pipeline, at: "06:45")
        #expect(unchanged.prefetch.contains("source work: not_modified"))
        #expect(unchanged.plan.contains("nothing changed since the last plan"))
        #expect(server.requests.filter { $0.path == "/work.ics" }.count == 3)
        #expect(server.requests.filter { $0.path == "/news.json" }.count == 1)

        // Each run that fetched is in the log; the idle one left no trace.
        let log = try JSONObject.lines(try await pipeline.succeed("tidings", "log", "--stage", "prefetch", "--format", "json"))
        #expect(
            log.map { $0.string("summary") ?? "" } == [
                "1 source: 1 not_modified; 1 not due", "1 source: 1 ok; 1 not due", "2 sources: 2 ok",
            ])
    }

    @Test("A changed config plans at the next run; a plain plan is recorded, so the next run does not plan again")
    func configChange() async throws {
        let pipeline = try Pipeline(config: "[daily]\nenabled = true\ntime = \"07:30\"\n")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        let same = try await pipeline.run("plan", "--if-changed", "-v", "--now", "2026-11-23T06:15")
        #expect(same.stderr.contains("nothing changed since the last plan"))
        try pipeline.folder.write("[daily]\nenabled = true\ntime = \"08:00\"\n", to: "config.toml")
        let changed = try await pipeline.run("plan", "--if-changed", "-v", "--now", "2026-11-23T06:30")
        #expect(changed.stderr.contains("planning: the config, the locale or the zone changed"))
        let schedule = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-23T06:31"))
        #expect(schedule.contains { ($0.string("scheduledAt") ?? "").contains("T08:00") })
        #expect(!schedule.contains { ($0.string("scheduledAt") ?? "").contains("T07:30") })
        let bothFlags = try await pipeline.run("plan", "--if-changed", "--dry-run")
        #expect(bothFlags.status == 64)
    }

    @Test("Events without a UID: each planned under its own id; prefetch -v and doctor say how many")
    func eventsWithoutUID() async throws {
        let pipeline = try Pipeline(config: CalendarEndToEndTests.config + "\n[meetings]\nonly_with_video_links = false\n")
        let events = ["09", "11"].map { hour in
            """
            DTSTAMP:20261101T000000Z
            SUMMARY:Walk-in hour
            DTSTART;TZID=Europe/Berlin:20261123T\(hour)0000
            DTEND;TZID=Europe/Berlin:20261123T\(hour)3000
            """
        }
        try pipeline.folder.write(CalendarEndToEndTests.calendar(events + [CalendarEndToEndTests.standup]), to: "work.ics")
        let prefetch = try await pipeline.run("prefetch", "-v", "--now", "2026-11-22T20:00")
        #expect(prefetch.status == 0)
        #expect(prefetch.stderr.contains("source work: 2 events without a UID, each given an id from its start, summary and position"))
        let items = try JSONObject.array(try await pipeline.succeed("plan", "--now", "2026-11-22T20:00", "--dry-run", "--format", "json"))
        let ids = items.compactMap { $0.string("id") }.filter { $0.hasPrefix("meeting:no-uid-") }
        #expect(ids.count == 2)
        #expect(Set(ids).count == 2)
        let doctor = try JSONObject.array(
            try await pipeline.runner.run("tidings", ["doctor", "--format", "json", "--now", "2026-11-22T20:05"]).stdout)
        let calendar = try #require(doctor.first { $0.string("check") == "calendar work" })
        #expect(calendar.bool("ok") == true)
        #expect(
            calendar.string("detail")
                == "3 events, fetched 5 min ago, every 15m; 2 events without a UID, each given an id from its start, summary and position")
    }
}

/// The same calendar and clock give the same plan whatever the machine's load.
@Suite struct CalendarLoadEndToEndTests {
    /// 2,000 events of the shapes real calendars have: weekly on several days, monthly on a
    /// weekday, daily with COUNT, single events, in three zones.
    static func largeCalendar() -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings tests//EN"]
        let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"]
        let rules = ["FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYDAY=2TU", "FREQ=DAILY;COUNT=400", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH"]
        for n in 0..<2000 {
            let day = 1 + n % 28
            let hour = 7 + n % 12
            let start = "2026\(n % 2 == 0 ? "10" : "11")\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour)0000"
            lines += [
                "BEGIN:VEVENT", "UID:load-\(n)@example.org", "DTSTAMP:20261101T000000Z", "SUMMARY:Meeting \(n)",
                "DTSTART;TZID=\(zones[n % 3]):\(start)", "DURATION:PT30M", "LOCATION:https://zoom.us/j/\(81_000_000_000 + n)",
            ]
            if n % 5 != 4 { lines.append("RRULE:" + rules[n % 4]) }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test("A 2,000-event calendar planned twice, with every core busy, gives the same schedule, and within the limits")
    func sameUnderLoad() async throws {
        let pipeline = try Pipeline(config: CalendarEndToEndTests.config + "\n[plan]\nmax_pending = 10000\n")
        try pipeline.folder.write(Self.largeCalendar(), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        let quiet = try await pipeline.run("plan", "--now", "2026-11-22T20:00", "--horizon", "3d", "--dry-run", "--format", "json", "-v")
        #expect(quiet.status == 0)
        let load = try BusyLoad(processes: 2 * max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        defer { load.stop() }
        let loaded = try await pipeline.run("plan", "--now", "2026-11-22T20:00", "--horizon", "3d", "--dry-run", "--format", "json", "-v")
        load.stop()
        #expect(loaded.status == 0)
        // Nothing was cut: no limit is named among the problems (which -v prints). On a
        // machine far busier than this test makes it, the 10 s safety net may cut the loaded
        // run, and says so here.
        #expect(!quiet.stderr.contains("limit"), "\(quiet.stderr)")
        #expect(!loaded.stderr.contains("limit"), "\(loaded.stderr)")
        let reminders = try JSONObject.array(quiet.stdout).filter { $0.string("kind") == "meeting" }
        #expect(reminders.count > 500)
        let loadedItems = try JSONObject.array(loaded.stdout).count
        let same = loaded.stdout == quiet.stdout
        #expect(same, "the loaded plan has \(loadedItems) items, the quiet one \(reminders.count) reminders")
    }
}
