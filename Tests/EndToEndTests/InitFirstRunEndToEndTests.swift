import Foundation
import Testing
import TidingsTestSupport

/// The end of tidings init: a first prefetch and plan, the next notifications, and what it
/// says of the daily update when the config has no content.
@Suite struct InitFirstRunEndToEndTests {
    static let calendarOnly = """
        [channels]
        desktop = false
        [[sources]]
        name = "work"
        type = "calendar"
        url = "file:work.ics"
        """

    /// init as a script runs it, at `now`, nothing installed and no test sent.
    func initialize(_ pipeline: Pipeline, now: String) async throws -> ProgramResult {
        try await pipeline.run("tidings", "init", "--yes", "--timers", "none", "--no-test", "--now", now)
    }

    @Test("with only a calendar: init says the daily update is off, and the meeting comes next")
    func calendarOnly() async throws {
        let pipeline = try Pipeline(config: Self.calendarOnly)
        try pipeline.folder.write(CalendarEndToEndTests.calendar([CalendarEndToEndTests.standup]), to: "work.ics")
        let result = try await initialize(pipeline, now: "2026-11-23T07:00")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("\n- daily update: off (no content source; set [daily] enabled = true to get one)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ prefetch: 1 source: 1 ok"))
        #expect(result.stdout.contains("\nnext: meeting reminder today 08:50\n"), "\(result.stdout)")

        // Asked for, it comes back, with the emergency lines.
        try ("[daily]\nenabled = true\n" + Self.calendarOnly).write(toFile: pipeline.config, atomically: true, encoding: .utf8)
        let again = try await initialize(pipeline, now: "2026-11-23T07:00")
        #expect(again.stdout.contains("✓ daily update: at 07:30 local time (Europe/Berlin)"), "\(again.stdout)")
        #expect(
            again.stdout.contains("\nnext: daily update today 07:30; meeting reminder today 08:50; daily update tomorrow 07:30\n"), "\(again.stdout)")
    }

    @Test("a source that cannot be fetched is a warning: plan still runs, and init exits 0")
    func failingFetch() async throws {
        let pipeline = try Pipeline(config: "[channels]\ndesktop = false\n[[sources]]\nname = \"news\"\nurl = \"file:missing.json\"\n")
        let result = try await initialize(pipeline, now: "2026-11-23T05:00")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("\n! prefetch: 1 source: 1 "), "\(result.stdout)")
        #expect(result.stdout.contains("source \"news\" failing since 2026-11-23 05:00 (1 attempt)"))
        #expect(result.stdout.contains("the timers fetch again (tidings log --stage prefetch)"))
        #expect(result.stderr.contains("tidings init: warning: prefetch: "))
        #expect(!result.stderr.contains("tidings init: error"), "\(result.stderr)")
        #expect(result.stdout.contains("✓ plan: 2 pending in the horizon (0 fresh, 0 stale, 2 emergency)"), "\(result.stdout)")
        #expect(result.stdout.contains("\nnext: daily update today 07:30; daily update tomorrow 07:30\n"))
    }

    @Test("init in the evening: the first plans are ok, their stale updates explained, while content is current")
    func eveningFirstRuns() async throws {
        let pipeline = try Pipeline(config: "[channels]\ndesktop = false\n[[sources]]\nname = \"news\"\nurl = \"file:news.json\"\n")
        try pipeline.folder.write(Feed.list(Feed.item(id: "1", title: "Briefing", body: "Rain.", scheduled: "2026-11-23T05:00:00Z")), to: "news.json")
        let result = try await initialize(pipeline, now: "2026-11-23T19:00")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(
            result.stdout.contains(
                "✓ plan: 2 pending in the horizon (0 fresh, 2 stale, 0 emergency); 2 new, 0 updated, 0 unchanged; 2 stale only until a fetch nearer their due time\n"
            ),
            "\(result.stdout)")
        try await pipeline.succeed("plan", "--now", "2026-11-23T19:15")
        let runs = try JSONObject.lines(try await pipeline.succeed("tidings", "log", "--stage", "plan", "--format", "json"))
        #expect(runs.map { $0.string("outcome") } == ["ok", "ok"])

        // A day later with no fetch in between, the content is old: a real fallback, degraded.
        try await pipeline.succeed("plan", "--now", "2026-11-24T19:15")
        let later = try JSONObject.lines(try await pipeline.succeed("tidings", "log", "--stage", "plan", "--format", "json", "--limit", "1"))
        #expect(later.first?.string("outcome") == "degraded", "\(later.map(\.fields))")
    }

    @Test("nothing to plan: next says so, within the horizon")
    func nothingNext() async throws {
        let pipeline = try Pipeline(config: "[channels]\ndesktop = false\n", emergencyDaily: false)
        let result = try await initialize(pipeline, now: "2026-11-23T05:00")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("\nnext: nothing planned in the next 2d\n"), "\(result.stdout)")
    }
}
