import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

/// ntfy scheduled delivery through the built programs, against a stand-in that keeps
/// scheduled messages (`NtfyScheduleServer`): the reminder is handed over 12 hours ahead,
/// replaced when the meeting moves, taken back when it is cancelled, and shown at its time
/// while no `deliver` runs at all, as on a machine that sleeps.
@Suite struct HandOverEndToEndTests {
    static func config(_ url: String, ahead: String = "12h") -> String {
        CalendarEndToEndTests.config + """

            [routes]
            transactional = ["webhook:phone"]

            [[webhooks]]
            name = "phone"
            url = "\(url)/meetings"
            format = "ntfy"
            schedule_ahead = "\(ahead)"
            """
    }

    /// A config whose system items (reminders added with --category system) go to the ntfy
    /// target `phone` at `url`/alice, handed over `ahead`; `tables` come first.
    static func reminders(_ url: String, ahead: String = "12h", tables: String = "", webhook: String = "") -> String {
        """
        [daily]
        enabled = false
        \(tables)
        [routes]
        system = ["webhook:phone"]
        [[webhooks]]
        name = "phone"
        url = "\(url)/alice"
        format = "ntfy"
        schedule_ahead = "\(ahead)"
        \(webhook)
        """
    }

    static let review = CalendarEndToEndTests.standup
    /// The reminder of the review once it moved to 09:30.
    static let moved = "meeting:standup-1@example.org@10m"
    static let lunch = """
        UID:lunch-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Lunch with the client
        DTSTART;TZID=Europe/Berlin:20261123T120000
        DTEND;TZID=Europe/Berlin:20261123T130000
        LOCATION:https://meet.google.com/abc-defg-hij
        """

    /// Unix seconds of a wall time in Berlin on 2026-11-23 (UTC+1): midnight is 23:00 UTC before.
    static func unix(_ hour: Int, _ minute: Int) -> Int64 {
        1_795_388_400 + Int64(hour * 3600 + minute * 60)
    }

    func deliver(_ pipeline: Pipeline, at now: String) async throws -> ProgramResult {
        let run = try await pipeline.run("deliver", "--now", now, "-v")
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    @Test("Handed over 12 h ahead, replaced when the meeting moves, taken back when cancelled; shown on time while the machine sleeps")
    func handOverReplaceCancelSleep() async throws {
        let server = try NtfyScheduleServer()
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        try pipeline.folder.write(CalendarEndToEndTests.calendar([Self.review, Self.lunch]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T21:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T21:00")

        // 21:00 the evening before: the 08:50 reminder is within 12 hours, the 11:50 one is not.
        let evening = try await deliver(pipeline, at: "2026-11-22T21:00")
        #expect(evening.stderr.contains("1 handed over"), "\(evening.stderr)")
        #expect(server.scheduled.values.sorted() == [Self.unix(8, 50)])
        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-22T21:00")
        #expect(doctor.stdout.contains("webhook:phone 12h ahead: 1 item held on the server to show at their time"), "\(doctor.stdout)")
        // An idle minute later nothing is posted again.
        _ = try await deliver(pipeline, at: "2026-11-22T21:01")
        #expect(server.requests.count == 1)

        // 23:55: the lunch reminder enters the window; the review moves to 09:30.
        let moved = Self.review.replacingOccurrences(of: "T090000", with: "T093000").replacingOccurrences(of: "T100000", with: "T103000")
        try pipeline.folder.write(CalendarEndToEndTests.calendar([moved, Self.lunch]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T23:55")
        try await pipeline.succeed("plan", "--now", "2026-11-22T23:55")
        let night = try await deliver(pipeline, at: "2026-11-22T23:55")
        #expect(night.stderr.contains("handed over"), "\(night.stderr)")
        #expect(server.scheduled.values.sorted() == [Self.unix(9, 20), Self.unix(11, 50)], "\(server.scheduled)")

        // 00:10: lunch is cancelled; its copy is taken back.
        try pipeline.folder.write(CalendarEndToEndTests.calendar([moved]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T00:10")
        try await pipeline.succeed("plan", "--now", "2026-11-23T00:10")
        let cancelled = try await deliver(pipeline, at: "2026-11-23T00:10")
        #expect(cancelled.stderr.contains("1 taken back"), "\(cancelled.stderr)")
        #expect(server.scheduled.values.sorted() == [Self.unix(9, 20)])

        // The machine sleeps from 00:10 to 13:00: the server shows the reminder at 09:20.
        server.advance(to: Self.unix(13, 0))
        #expect(server.shown.map(\.shownAt) == [Self.unix(9, 20)])
        #expect(server.shown.first?.message.hasPrefix("Starts at 09:30") == true, "\(server.shown)")
        let requestsBefore = server.requests.count

        // On waking, deliver records the delivery at 09:20 and sends nothing more.
        let woke = try await deliver(pipeline, at: "2026-11-23T13:00")
        #expect(woke.stderr.contains("1 delivered"), "\(woke.stderr)")
        #expect(server.requests.count == requestsBefore, "nothing is posted again")
        let report = try JSONObject(
            try await pipeline.succeed("report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1, "\(report)")
        #expect(report.object("counts")?.int("missed") == 0, "\(report)")
        #expect(report.double("deliveryRate") == 1, "\(report)")
        let info = try TidingsDatabase(path: pipeline.database).lastDeliveredPlatformInfo(ids: [Self.moved], channel: .webhook("phone"))
        #expect(info[Self.moved]?.contains(#""handedOverAt":"2026-11-22T22:55:00Z""#) == true, "\(info)")
        #expect(server.shown.count == 1, "the cancelled lunch never showed")
    }

    @Test("A server that refuses the delay gets the item at its due time instead")
    func refusedDelay() async throws {
        let server = try NtfyScheduleServer(refusesDelays: true)
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        try pipeline.folder.write(CalendarEndToEndTests.calendar([Self.review]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T07:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T07:00")
        _ = try await deliver(pipeline, at: "2026-11-23T07:00")
        _ = try await deliver(pipeline, at: "2026-11-23T07:01")
        #expect(server.requests.count == 1, "the refusal is not asked again every minute")
        #expect(server.scheduled.isEmpty)
        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-23T07:02")
        #expect(doctor.stdout.contains("webhook:phone 12h ahead: 0 items held on the server to show at their time; 1 refused"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("delayed sending not allowed"), "the server's reason: \(doctor.stdout)")
        let due = try await deliver(pipeline, at: "2026-11-23T08:50")
        #expect(due.stderr.contains("1 delivered"), "\(due.stderr)")
        let posts = server.requests.filter { $0.method == "POST" }
        #expect(posts.count == 2)
        #expect(posts.last?.header("At") == nil, "sent at its time, as any other")
        server.advance(to: Self.unix(8, 50))
        #expect(server.shown.count == 1)
    }

    @Test("Handed over, then due while deliver runs each minute: recorded once at its time, not posted again")
    func dueWhileAwake() async throws {
        let server = try NtfyScheduleServer()
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        try pipeline.folder.write(CalendarEndToEndTests.calendar([Self.review]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        for minute in ["08:00", "08:48", "08:49", "08:50", "08:51"] {
            _ = try await deliver(pipeline, at: "2026-11-23T\(minute)")
        }
        #expect(server.requests.count == 1, "\(server.requests.map { "\($0.method) \($0.path) \($0.header("At") ?? "-")" })")
        let log = try await pipeline.succeed("tidings", "log")
        #expect(log.contains("1 delivered"), "\(log)")
        server.advance(to: Self.unix(8, 51))
        #expect(server.shown.map(\.shownAt) == [Self.unix(8, 50)])
    }

    @Test("The every-minute run as the timers start it hands over, then stays idle; a cancel takes the copy back")
    func timersSchedule() async throws {
        let server = try NtfyScheduleServer()
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.reminders(server.baseURL))
        let added = try await pipeline.succeed("tidings", "add", "Stretch", "--in", "3h", "--category", "system")
        let id = try #require(added.split(separator: "\n").first.map(String.init))
        // The bare run the timers start every minute: the quick idle check must see the hand-over.
        _ = try await pipeline.succeed("deliver")
        #expect(server.scheduled.count == 1, "\(server.requests.map { "\($0.method) \($0.path)" })")
        _ = try await pipeline.succeed("deliver")
        #expect(server.requests.count == 1, "an unchanged item is not posted again")
        _ = try await pipeline.succeed("tidings", "pending", "cancel", id)
        _ = try await pipeline.succeed("deliver")
        #expect(server.scheduled.isEmpty, "the cancelled reminder's copy is taken back")
        #expect(server.requests.map(\.method) == ["POST", "DELETE"])
        _ = try await pipeline.succeed("deliver")
        #expect(server.requests.count == 2, "and then nothing more")
    }
}

extension HandOverEndToEndTests {
    @Test("Quiet hours move the handed-over time; the pending cap's backlog is taken back and handed over again once promoted")
    func quietHoursAndCap() async throws {
        let server = try NtfyScheduleServer()
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: Self.reminders(
                server.baseURL, tables: "[quiet_hours]\nenabled = true\nstart = \"22:00\"\nend = \"07:00\"\n[plan]\nmax_pending = 2"))
        func add(_ title: String, _ at: String, now: String) async throws -> String {
            let out = try await pipeline.succeed("tidings", "add", title, "--at", at, "--category", "system", "--now", now)
            return try #require(out.split(separator: "\n").first.map(String.init))
        }
        // Added at 20:00: 23:30 falls in the quiet hours and moves to 07:00; 08:00 stays.
        _ = try await add("Take the bins out", "23:30", now: "2026-11-22T20:00")
        _ = try await add("Call the garage", "tomorrow 8:00", now: "2026-11-22T20:00")
        _ = try await deliver(pipeline, at: "2026-11-22T20:00")
        #expect(server.scheduled.values.sorted() == [Self.unix(7, 0), Self.unix(8, 0)], "\(server.scheduled)")

        // A third, earlier reminder takes a place under max_pending = 2: the 08:00 one waits in
        // the backlog, and its copy is taken back.
        _ = try await add("Feed the cat", "tomorrow 7:30", now: "2026-11-22T20:05")
        let demoted = try await deliver(pipeline, at: "2026-11-22T20:05")
        #expect(demoted.stderr.contains("1 taken back"), "\(demoted.stderr)")
        #expect(server.scheduled.values.sorted() == [Self.unix(7, 0), Self.unix(7, 30)], "\(server.scheduled)")

        // 07:00: the first goes (recorded, not posted); its place is filled from the backlog,
        // and the 08:00 reminder is handed over again.
        let morning = try await deliver(pipeline, at: "2026-11-23T07:00")
        #expect(morning.stderr.contains("1 delivered"), "\(morning.stderr)")
        #expect(server.scheduled.values.sorted() == [Self.unix(7, 0), Self.unix(7, 30), Self.unix(8, 0)], "\(server.scheduled)")
        server.advance(to: Self.unix(9, 0))
        #expect(server.history.map(\.title) == ["Take the bins out", "Feed the cat", "Call the garage"])
        #expect(server.history.map(\.shownAt) == [Self.unix(7, 0), Self.unix(7, 30), Self.unix(8, 0)])
    }
}

extension HandOverEndToEndTests {
    @Test("Items merged into a digest are taken back from the server; the digest is handed over in their place")
    func digestReplacesMembers() async throws {
        let server = try NtfyScheduleServer()
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.reminders(server.baseURL, ahead: "1d"))
        for (title, at) in [("Water the plants", "9:00"), ("Stretch", "9:02"), ("Call the bank", "9:03")] {
            _ = try await pipeline.succeed("tidings", "add", title, "--at", "tomorrow \(at)", "--category", "system", "--now", "2026-11-22T20:00")
        }
        _ = try await deliver(pipeline, at: "2026-11-22T20:00")
        #expect(server.scheduled.count == 3)
        let grouped = try await pipeline.succeed("tidings", "pending", "list", "--group", "reminder", "--now", "2026-11-22T20:10")
        #expect(grouped.contains("digest"), "\(grouped)")
        let merged = try await deliver(pipeline, at: "2026-11-22T20:10")
        #expect(merged.stderr.contains("3 taken back") && merged.stderr.contains("1 handed over"), "\(merged.stderr)")
        #expect(server.scheduled.count == 1, "\(server.scheduled)")
        server.advance(to: Self.unix(10, 0))
        #expect(server.history.count == 1, "only the digest shows: \(server.history.map(\.title))")
    }
}

extension HandOverEndToEndTests {
    @Test("A handed-over reminder that nags: recorded at its time without a post, then repeated in place under the same sequence id")
    func handedOverNags() async throws {
        let server = try NtfyScheduleServer()
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.reminders(server.baseURL))
        _ = try await pipeline.succeed(
            "tidings", "add", "Take the pills", "--at", "9:00", "--category", "system", "--nag", "5m", "--nag-times", "2", "--now",
            "2026-11-23T08:00")
        _ = try await deliver(pipeline, at: "2026-11-23T08:00")
        #expect(server.scheduled.values.sorted() == [Self.unix(9, 0)])
        let due = try await deliver(pipeline, at: "2026-11-23T09:00")
        #expect(due.stderr.contains("1 delivered"), "\(due.stderr)")
        #expect(server.requests.count == 1, "the server showed it: nothing is posted at 09:00")
        for minute in ["09:05", "09:10", "09:15", "09:20"] { _ = try await deliver(pipeline, at: "2026-11-23T\(minute)") }
        let posts = server.requests.filter { $0.method == "POST" }
        #expect(posts.count == 3, "the hand-over and two repeats: \(posts.map { $0.header("Idempotency-Key") ?? "" })")
        #expect(Set(posts.compactMap { $0.header("X-Sequence-ID") }).count == 1, "every repeat replaces the same notification")
        #expect(posts.dropFirst().allSatisfy { $0.header("At") == nil })
    }
}
