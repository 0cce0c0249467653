import Foundation
import Testing
import TidingsTestSupport

/// The content generator through the built programs: the user's locale chooses the words
/// and formats `plan` stores, and `report` shows who wrote them.
@Suite struct GeneratedTextEndToEndTests {
    static let config = """
        [[sources]]
        name = "daily"
        url = "file:today.json"
        [[sources]]
        name = "work"
        type = "calendar"
        url = "file:work.ics"
        """

    static let calendar = CalendarEndToEndTests.calendar(SampleCalendar.workWeeks)

    /// An install with the feed fetched at 03:00 on Sunday 22 November and the calendar.
    func pipeline() async throws -> Pipeline {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Feed.item(id: "1", title: "Sonntagsnews", body: "Alles gut", scheduled: "2026-11-22T00:00:00Z"), to: "today.json")
        try pipeline.folder.write(Self.calendar, to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T03:00")
        return pipeline
    }

    func plan(_ pipeline: Pipeline, _ locale: [String: String]) async throws -> [JSONObject] {
        let result = try await pipeline.runner.run("plan", ["--now", "2026-11-22T12:00", "--format", "json"], extra: locale)
        #expect(result.status == 0, "plan exited \(result.status): \(result.stderr)")
        return try JSONObject.array(result.stdout)
    }

    @Test("plan with LANG=de_DE.UTF-8 writes the weekly summary and the stale label in German, with German numbers")
    func german() async throws {
        let pipeline = try await pipeline()
        let items = try await plan(pipeline, ["LANG": "de_DE.UTF-8"])
        let weekly = try #require(items.first { $0.string("kind") == "weekly" })
        #expect(weekly.string("title") == "Deine Woche: 6 Termine, 7 Std.")
        #expect(
            weekly.string("body")
                == "Vollster Tag: Mittwoch (3 Std.). Längster Termin: Design review (2 Std.). 1 mehr als in der Vorwoche. Nächste Woche: 6 Termine, 9,5 Std., Dienstag am vollsten."
        )
        let monday = try #require(items.first { $0.string("id") == "daily:2026-11-23" })
        // Fetched Sunday 03:00, due Monday 07:30: 28h30m old.
        #expect(monday.string("title") == "Sonntagsnews" && monday.string("body") == "Alles gut (Stand vor 1 Tag)")

        // LC_ALL overrides LANG: the next run rewrites the pending texts in English.
        let english = try await plan(pipeline, ["LANG": "de_DE.UTF-8", "LC_ALL": "C.UTF-8"])
        #expect(english.first { $0.string("kind") == "weekly" }?.string("title") == "Your week: 6 meetings, 7 h")
        #expect(english.first { $0.string("id") == "daily:2026-11-23" }?.string("body") == "Alles gut (from 1 day ago)")
    }

    @Test("plan with LANG=pl_PL.UTF-8 writes Polish with Polish plurals; an unknown language is English, and doctor says so")
    func polishAndUnknown() async throws {
        let pipeline = try await pipeline()
        let items = try await plan(pipeline, ["LANG": "pl_PL.UTF-8"])
        let weekly = try #require(items.first { $0.string("kind") == "weekly" })
        #expect(weekly.string("title") == "Twój tydzień: 6 spotkań, 7 godz.")
        let monday = try #require(items.first { $0.string("id") == "daily:2026-11-23" })
        #expect(monday.string("body") == "Alles gut (stan sprzed 1 dnia)")

        let japanese = try await plan(pipeline, ["LANG": "ja_JP.UTF-8"])
        #expect(japanese.first { $0.string("kind") == "weekly" }?.string("title") == "Your week: 6 meetings, 7 h")
        let doctor = try await pipeline.runner.run("tidings", ["doctor"], extra: ["LANG": "ja_JP.UTF-8"])
        #expect(
            doctor.lines.contains { $0.hasPrefix("✓ language") && $0.hasSuffix("no templates in ja: notifications are written in English") },
            "\(doctor.stdout)")
        let polishDoctor = try await pipeline.runner.run("tidings", ["doctor"], extra: ["LANG": "pl_PL.UTF-8"])
        #expect(!polishDoctor.stdout.contains("language"), "\(polishDoctor.stdout)")
    }

    @Test("report shows the share of texts each generator wrote: all by the templates")
    func reportShare() async throws {
        let pipeline = try await pipeline()
        _ = try await plan(pipeline, ["LANG": "de_DE.UTF-8"])
        // Due in the window: Monday's daily update and Sunday's weekly summary.
        let window = ["--since", "2d", "--until", "2026-11-24T00:00"]
        let json = try JSONObject(try await pipeline.runner.run("report", window + ["--format", "json"]).stdout)
        #expect(json.object("generatorShares")?.double("template") == 1)
        #expect(json.object("generatorShares")?.double("llm") == 0)
        #expect(json.object("counts")?.object("generated")?.int("template") == 2)
        let table = try await pipeline.runner.run("report", window)
        #expect(table.lines.contains("LLM text          0.0%   0 of 2 generated (template 2, llm-fallback 0)"), "\(table.stdout)")
        let prometheus = try await pipeline.runner.run("report", window + ["--format", "prometheus"])
        #expect(prometheus.stdout.contains("tidings_notifications_by_generator{generator=\"template\"} 2\n"))
        #expect(prometheus.stdout.contains("tidings_generator_share_ratio{generator=\"template\"} 1\n"))
    }
}
