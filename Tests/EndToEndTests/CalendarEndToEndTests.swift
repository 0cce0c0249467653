import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// Calendars through the built programs: reminders, moves, removals, the weekly summary.
@Suite struct CalendarEndToEndTests {
    static let config = """
        [daily]
        enabled = false
        [[sources]]
        name = "work"
        type = "calendar"
        url = "file:work.ics"
        """

    /// A calendar in Europe/Berlin with the events given (VEVENT bodies without BEGIN/END).
    static func calendar(_ events: [String]) -> String {
        var lines: [String] = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings tests//EN"]
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines += event.split(separator: "\n").map(String.init)
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static let standup = """
        UID:standup-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Client review
        DTSTART;TZID=Europe/Berlin:20261123T090000
        DTEND;TZID=Europe/Berlin:20261123T100000
        LOCATION:https://acme.zoom.us/j/81234567890?pwd=abcDEF123
        """
    static let noLink = """
        UID:lunch-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Lunch
        DTSTART;TZID=Europe/Berlin:20261123T120000
        DTEND;TZID=Europe/Berlin:20261123T130000
        LOCATION:Canteen
        """
    static let cancelled = """
        UID:gone-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Cancelled sync
        STATUS:CANCELLED
        DTSTART;TZID=Europe/Berlin:20261123T150000
        DTEND;TZID=Europe/Berlin:20261123T153000
        URL:https://meet.google.com/abc-defg-hij
        """
    static let allDay = """
        UID:offsite-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Offsite
        DTSTART;VALUE=DATE:20261123
        DTEND;VALUE=DATE:20261124
        URL:https://meet.google.com/xyz-abcd-efg
        """

    func schedule(_ pipeline: Pipeline, at now: String) async throws -> [JSONObject] {
        try JSONObject.array(try await pipeline.succeed("plan", "--now", now, "--horizon", "2d", "--dry-run", "--format", "json"))
    }

    @Test("A meeting with a video link gets a reminder 10 minutes before, with Join on the link; others do not")
    func reminders() async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.calendar([Self.standup, Self.noLink, Self.cancelled, Self.allDay]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        let items = try await schedule(pipeline, at: "2026-11-22T20:00")
        #expect(items.compactMap { $0.string("id") } == ["meeting:standup-1@example.org@10m"])
        let reminder = try #require(items.first)
        #expect(reminder.string("kind") == "meeting")
        #expect(reminder.string("category") == "transactional")
        #expect(reminder.string("title") == "Client review")
        #expect(reminder.string("scheduledAt") == "2026-11-23T08:50:00+01:00")
        #expect(reminder.string("body")?.hasPrefix("Starts at 09:00 (in 10 min), until 10:00 · Join on Zoom") == true)
        #expect(reminder.string("deepLink") == "https://acme.zoom.us/j/81234567890?pwd=abcDEF123")

        // With calendars only, doctor does not ask for content.
        let doctor = try await pipeline.runner.run("tidings", ["doctor", "--format", "json"])
        let content = try #require(try JSONObject.array(doctor.stdout).first { $0.string("check") == "content" })
        #expect(content.bool("ok") == true)
        #expect(content.string("detail") == "no content source")
    }

    @Test("A moved event moves its reminder; a removed one cancels it; a delivered one is never sent again")
    func movesAndRemovals() async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.calendar([Self.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T20:00")

        // Moved to 11:00: the same reminder, now due 10:50.
        let moved = Self.standup.replacingOccurrences(of: "T090000", with: "T110000").replacingOccurrences(of: "T100000", with: "T120000")
        try pipeline.folder.write(Self.calendar([moved]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        let items = try await schedule(pipeline, at: "2026-11-23T06:00")
        #expect(items.compactMap { $0.string("scheduledAt") } == ["2026-11-23T10:50:00+01:00"])

        // Delivered at 10:50; the calendar then drops it: nothing is cancelled or sent again.
        let sent = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T10:50", "--format", "json")
        #expect(try JSONObject.lines(sent).compactMap { $0.string("id") } == ["meeting:standup-1@example.org@10m"])
        try pipeline.folder.write(Self.calendar([]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T10:55")
        try await pipeline.succeed("plan", "--now", "2026-11-23T10:55")
        let again = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T10:56")
        #expect(again.isEmpty)
    }

    @Test("A meeting moved after its reminder went out: the reminder goes out again at the new time, replacing the first")
    func movedAfterDelivery() async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.calendar([Self.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        let first = try JSONObject.lines(
            try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T08:50", "--format", "json"))
        #expect(first.map { $0.isNull("replaces") } == [true])

        // At 08:55 the meeting moves to 11:00.
        let moved = Self.standup.replacingOccurrences(of: "T090000", with: "T110000").replacingOccurrences(of: "T100000", with: "T120000")
        try pipeline.folder.write(Self.calendar([moved]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:55")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:55")
        #expect(try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T09:00").isEmpty)
        let update = try JSONObject.lines(
            try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T10:50", "--format", "json"))
        #expect(update.map { $0.string("replaces") } == ["meeting:standup-1@example.org@10m"])
        #expect(update.first?.string("body")?.hasPrefix("Starts at 11:00 (in 10 min), until 12:00") == true)
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1)
    }

    @Test("An event removed before its reminder cancels the reminder")
    func removed() async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.calendar([Self.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T20:00")
        try pipeline.folder.write(Self.calendar([]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T06:00", "-v")
        #expect(plan.stderr.contains("1 cancelled"))
        let sent = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T08:50")
        #expect(sent.isEmpty)
    }

    @Test("An invalid calendar keeps the last-known-good and is recorded as a failed fetch")
    func invalidCalendar() async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.calendar([Self.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        try pipeline.folder.write("this is not a calendar", to: "work.ics")
        let failed = try await pipeline.run("prefetch", "--now", "2026-11-22T21:00")
        #expect(failed.status == 0)
        #expect(failed.stderr.contains("invalid calendar"))
        let items = try await schedule(pipeline, at: "2026-11-22T21:00")
        #expect(items.count == 1)
    }

    @Test("The weekly summary on Sunday 18:00 counts the past week and previews the next")
    func weeklySummary() async throws {
        // A one-hour meeting every weekday at 10:00, one two-hour design review on Wednesday,
        // and an offsite on the coming Tuesday.
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.calendar(SampleCalendar.workWeeks), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T12:00")
        let items = try JSONObject.array(
            try await pipeline.succeed(
                "plan", "--now", "2026-11-22T12:00", "--horizon", "12h", "--dry-run", "--format", "json"))
        let summary = try #require(items.first { $0.string("kind") == "weekly" })
        #expect(summary.string("id") == "weekly:2026-11-22")
        #expect(summary.string("scheduledAt") == "2026-11-22T18:00:00+01:00")
        #expect(summary.string("title") == "Your week: 6 meetings, 7 h")
        #expect(
            summary.string("body")
                == "Busiest day: Wednesday (3 h). Longest: Design review (2 h). 1 more than the week before. Coming week: 6 meetings, 9.5 h, Tuesday busiest."
        )
    }

    @Test("Two lead times; declined and (with skip_tentative) tentative meetings skipped, the organizer's kept")
    func leadTimesAndAnswers() async throws {
        func config(skipTentative: Bool) -> String {
            """
            [daily]
            enabled = false
            [meetings]
            lead_times = ["10m", "1m"]
            me = ["MAILTO:Alice@Example.org"]
            skip_tentative = \(skipTentative)
            [[sources]]
            name = "work"
            type = "calendar"
            url = "file:work.ics"
            """
        }
        func invitation(_ uid: String, _ summary: String, at hour: String, _ people: String) -> String {
            """
            UID:\(uid)
            DTSTAMP:20261101T000000Z
            SUMMARY:\(summary)
            DTSTART;TZID=Europe/Berlin:20261123T\(hour)0000
            DTEND;TZID=Europe/Berlin:20261123T\(hour)3000
            URL:https://meet.google.com/abc-defg-hij
            \(people)
            """
        }
        let declined = invitation(
            "pitch@example.org", "Vendor pitch", at: "11",
            """
            ORGANIZER:mailto:bob@example.org
            ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org
            ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.org
            """)
        // Her own meeting counts whatever her ATTENDEE entry says.
        let organized = invitation(
            "planning@example.org", "Planning", at: "13",
            """
            ORGANIZER:mailto:alice@example.org
            ATTENDEE;PARTSTAT=DECLINED:mailto:alice@example.org
            """)
        let tentative = invitation(
            "design@example.org", "Design sync", at: "15",
            """
            ORGANIZER:mailto:bob@example.org
            ATTENDEE;PARTSTAT=TENTATIVE:mailto:alice@example.org
            """)
        let pipeline = try Pipeline(config: config(skipTentative: false))
        try pipeline.folder.write(Self.calendar([Self.standup, declined, organized, tentative]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")

        // Given both lead times, when planning, then each meeting but the declined one has two reminders.
        let items = try await schedule(pipeline, at: "2026-11-22T20:00")
        #expect(
            items.map { "\($0.string("id") ?? "") \($0.string("scheduledAt") ?? "")" } == [
                "meeting:standup-1@example.org@10m 2026-11-23T08:50:00+01:00",
                "meeting:standup-1@example.org@1m 2026-11-23T08:59:00+01:00",
                "meeting:planning@example.org@10m 2026-11-23T12:50:00+01:00",
                "meeting:planning@example.org@1m 2026-11-23T12:59:00+01:00",
                "meeting:design@example.org@10m 2026-11-23T14:50:00+01:00",
                "meeting:design@example.org@1m 2026-11-23T14:59:00+01:00",
            ])
        #expect(
            items.prefix(2).compactMap { $0.string("body") } == [
                "Starts at 09:00 (in 10 min), until 10:00 · Join on Zoom",
                "Starts at 09:00 (in 1 min), until 10:00 · Join on Zoom",
            ])

        // Stored, each expires when its meeting starts.
        try await pipeline.succeed("plan", "--now", "2026-11-22T20:00")
        let database = try TidingsDatabase(path: pipeline.database)
        let berlin = Zone.named("Europe/Berlin")
        let stored = try database.notifications(ids: ["meeting:standup-1@example.org@1m", "meeting:design@example.org@10m"])
        #expect(stored["meeting:standup-1@example.org@1m"]?.expiresAt == TestClock.at("2026-11-23T09:00", in: berlin))
        #expect(stored["meeting:design@example.org@10m"]?.expiresAt == TestClock.at("2026-11-23T15:00", in: berlin))
        #expect(stored["meeting:design@example.org@10m"]?.subject == "event:meeting:design@example.org@10m")

        // With skip_tentative the tentative meeting's two reminders are cancelled.
        try pipeline.folder.write(config(skipTentative: true), to: "config.toml")
        let replan = try await pipeline.run("plan", "--now", "2026-11-23T06:00", "-v")
        #expect(replan.status == 0)
        #expect(replan.stderr.contains("2 cancelled"), "\(replan.stderr)")
        let left = try await schedule(pipeline, at: "2026-11-23T06:00")
        #expect(left.compactMap { $0.string("id") }.filter { $0.hasPrefix("meeting:design") }.isEmpty)
        #expect(try database.notifications(ids: ["meeting:design@example.org@1m"]).first?.value.state == .cancelled)

        // The 10-minute reminder goes out at 08:50; the 1-minute one, not sent before 09:00, never is.
        let first = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T08:50", "--format", "json")
        #expect(try JSONObject.lines(first).compactMap { $0.string("id") } == ["meeting:standup-1@example.org@10m"])
        let late = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T09:01", "--format", "json")
        #expect(late.isEmpty)
        #expect(try database.notifications(ids: ["meeting:standup-1@example.org@1m"]).first?.value.state == .expired)
    }
}
