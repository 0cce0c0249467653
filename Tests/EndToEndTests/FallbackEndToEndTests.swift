import Foundation
import Testing
import TidingsTestSupport

/// The fallback chain through the built programs: fresh, stale with its age, emergency.
@Suite struct FallbackEndToEndTests {
    static let config = """
        [fallback]
        stale_after = "12h"
        messages = ["Emergency line A", "Emergency line B"]
        [[sources]]
        name = "daily"
        url = "file:today.json"
        """

    @Test("Fresh content, then a broken feed: the last-known-good is kept and shown stale with its age")
    func freshThenStale() async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Feed.item(id: "1", title: "Monday news", body: "All good"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        let monday = try JSONObject.lines(
            try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T07:30", "--format", "json"))
        #expect(monday.first?.string("staleness") == "fresh")
        #expect(monday.first?.string("body") == "All good")

        // The feed turns invalid: prefetch records the failure and keeps Monday's content.
        try pipeline.folder.write("{\"id\": \"2\", \"title\": \"\", \"body\": \"x\", \"scheduledTime\": 1}", to: "today.json")
        let failed = try await pipeline.run("prefetch", "--now", "2026-11-24T06:00")
        #expect(failed.status == 0)
        #expect(failed.stderr.contains("invalid content: title: empty"))
        try await pipeline.succeed("plan", "--now", "2026-11-24T06:00")
        let tuesday = try JSONObject.lines(
            try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-24T07:30", "--format", "json"))
        #expect(tuesday.first?.string("title") == "Monday news")
        #expect(tuesday.first?.string("staleness") == "stale")
        // Fetched Monday 06:00, shown Tuesday 07:30: 25h30m old.
        #expect(tuesday.first?.string("body") == "All good (from 1 day ago)")
    }

    @Test("Stale within a day reads 'as of Nh ago'")
    func staleHours() async throws {
        let pipeline = try Pipeline(config: Self.config.replacingOccurrences(of: "12h", with: "2h"))
        try pipeline.folder.write(Feed.item(id: "1", title: "Early", body: "Fetched at four"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T04:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T04:00")
        let lines = try JSONObject.lines(
            try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T07:30", "--format", "json"))
        #expect(lines.first?.string("body") == "Fetched at four (as of 3h ago)")
    }

    @Test("No content ever: emergency lines, rotated by date")
    func emergency() async throws {
        let pipeline = try Pipeline(config: "[fallback]\nmessages = [\"Emergency line A\", \"Emergency line B\"]\n")
        let schedule = try JSONObject.array(
            try await pipeline.succeed(
                "plan", "--now", "2026-11-23T06:00", "--horizon", "2d", "--dry-run", "--format", "json"))
        #expect(schedule.map { $0.string("staleness") } == ["emergency", "emergency"])
        let bodies = schedule.compactMap { $0.string("body") }
        #expect(Set(bodies) == ["Emergency line A", "Emergency line B"], "consecutive days use consecutive lines")
        #expect(schedule.first?.string("title") == "Your daily update")
    }

    @Test("No content and no fallback.messages: the specification's lines in English, translated under LANG=de_DE.UTF-8")
    func builtInLines() async throws {
        var pipeline = try Pipeline()
        let english = try JSONObject.array(
            try await pipeline.succeed("plan", "--now", "2026-11-23T06:00", "--horizon", "2d", "--dry-run", "--format", "json"))
        // 2026-11-23 and -24 are days 20780 and 20781: the first and second of the five.
        #expect(
            english.compactMap { $0.string("body") } == [
                "🌅 Good morning! Ready to make today amazing?", "💪 Every small step forward counts. You've got this!",
            ])
        pipeline.runner.environment["LANG"] = "de_DE.UTF-8"
        let german = try JSONObject.array(
            try await pipeline.succeed("plan", "--now", "2026-11-23T06:00", "--horizon", "2d", "--dry-run", "--format", "json"))
        #expect(
            german.compactMap { $0.string("body") } == [
                "🌅 Guten Morgen! Bereit, aus dem heutigen Tag etwas Großartiges zu machen?",
                "💪 Jeder kleine Schritt nach vorn zählt. Du schaffst das!",
            ])
        #expect(german.first?.string("title") == "Dein tägliches Update")
    }

    @Test("Only a calendar: no daily update of emergency lines unless asked for; plan --verbose and doctor say why")
    func calendarAlone() async throws {
        let calendar = "[[sources]]\nname = \"work\"\ntype = \"calendar\"\nurl = \"file:work.ics\"\n"
        let pipeline = try Pipeline(config: calendar)
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T06:00", "--horizon", "3d", "--dry-run", "--format", "json", "--verbose")
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(try JSONObject.array(plan.stdout).isEmpty)
        #expect(plan.stderr.contains("plan: daily update: off (no content source; set [daily] enabled = true to get one)"), "\(plan.stderr)")
        let doctor = try await pipeline.run("tidings", "doctor", "--format", "json", "--now", "2026-11-23T06:00")
        let content = try #require(try JSONObject.array(doctor.stdout).first { $0.string("check") == "content" })
        #expect(content.bool("ok") == true)
        #expect(content.string("detail") == "no content source: the daily update is off (set [daily] enabled = true to get one)")

        // Asked for, it comes with the emergency lines; doctor says that too.
        try ("[daily]\nenabled = true\n" + calendar).write(toFile: pipeline.config, atomically: true, encoding: .utf8)
        let asked = try JSONObject.array(
            try await pipeline.succeed("plan", "--now", "2026-11-23T06:00", "--horizon", "1d", "--dry-run", "--format", "json"))
        #expect(asked.map { $0.string("staleness") } == ["emergency"])
        let again = try await pipeline.run("tidings", "doctor", "--format", "json", "--now", "2026-11-23T06:00")
        let line = try #require(try JSONObject.array(again.stdout).first { $0.string("check") == "content" })
        #expect(line.string("detail") == "no content source: the daily update sends emergency lines")
    }

    @Test("plan --dry-run writes nothing")
    func dryRun() async throws {
        let pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00", "--dry-run")
        let output = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T07:30")
        #expect(output.isEmpty)
    }

    @Test("plan twice changes nothing; DST days in America/New_York keep 07:30 local")
    func idempotentAcrossDST() async throws {
        let pipeline = try Pipeline(zone: "America/New_York")
        try await pipeline.succeed("plan", "--now", "2026-10-31T12:00", "--horizon", "3d", "-v")
        let second = try await pipeline.run("plan", "--now", "2026-10-31T12:00", "--horizon", "3d", "-v", "--format", "json")
        #expect(second.stderr.contains("0 new, 0 updated, 3 unchanged"))
        let schedule = try JSONObject.array(second.stdout)
        #expect(
            schedule.compactMap { $0.string("scheduledAt") } == [
                "2026-11-01T07:30:00-05:00", "2026-11-02T07:30:00-05:00", "2026-11-03T07:30:00-05:00",
            ])
    }
}
