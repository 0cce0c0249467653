import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

/// `tidings next` and `tidings join` on a planned calendar: read from the database only.
@Suite struct NextMeetingEndToEndTests {
    static let events = [
        """
        UID:review-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Client review
        DTSTART;TZID=Europe/Berlin:20261123T090000
        DTEND;TZID=Europe/Berlin:20261123T100000
        LOCATION:https://acme.zoom.us/j/81234567890?pwd=abcDEF123
        """,
        """
        UID:rd-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:R&D sync
        DTSTART;TZID=Europe/Berlin:20261123T110000
        DTEND;TZID=Europe/Berlin:20261123T113000
        DESCRIPTION:Zoom app: zoommtg://zoom.us/join?action=join&confno=91234567890&pwd=xyz&uname=Jane
        """,
        """
        UID:lunch-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Lunch
        DTSTART;TZID=Europe/Berlin:20261123T120000
        DTEND;TZID=Europe/Berlin:20261123T130000
        LOCATION:Canteen
        """,
        """
        UID:offsite-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Offsite
        DTSTART;VALUE=DATE:20261123
        DTEND;VALUE=DATE:20261124
        URL:https://meet.google.com/xyz-abcd-efg
        """,
    ]
    static let zoom = "https://acme.zoom.us/j/81234567890?pwd=abcDEF123"

    /// A pipeline whose calendar was fetched and planned on the evening before.
    func planned() async throws -> Pipeline {
        let pipeline = try Pipeline(config: CalendarEndToEndTests.config)
        try pipeline.folder.write(CalendarEndToEndTests.calendar(Self.events), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T20:00", "--horizon", "2d")
        return pipeline
    }

    @Test("tidings next prints the next meeting with a join link as text, JSON and waybar JSON; join --print gives its link")
    func nextMeeting() async throws {
        let pipeline = try await planned()

        let text = try await pipeline.succeed("tidings", "next", "--now", "2026-11-23T08:48")
        #expect(text == "2026-11-23 09:00  Client review  (in 12 min)\n\(Self.zoom)\n")

        let json = try JSONObject(try await pipeline.succeed("tidings", "next", "--now", "2026-11-23T08:48", "--format", "json"))
        #expect(json.string("title") == "Client review")
        #expect(json.string("start") == "2026-11-23T09:00:00+01:00")
        #expect(json.string("end") == "2026-11-23T10:00:00+01:00")
        #expect(json.int("minutesUntilStart") == 12)
        #expect(json.string("timeLeft") == "in 12 min")
        #expect(json.string("service") == "Zoom")
        #expect(json.string("url") == Self.zoom)
        #expect(json.string("link") == Self.zoom)
        #expect(json.string("reminder") == "meeting:review-1@example.org@10m")

        let waybar = try JSONObject(try await pipeline.succeed("tidings", "next", "--now", "2026-11-23T08:48", "--format", "waybar"))
        #expect(waybar.string("text") == "Client review in 12 min")
        #expect(waybar.string("tooltip") == "Client review\n2026-11-23 09:00–10:00\n\(Self.zoom)")
        #expect(waybar.string("class") == "soon")

        #expect(try await pipeline.succeed("tidings", "join", "--print", "--now", "2026-11-23T08:48") == Self.zoom + "\n")
    }

    @Test("a meeting that began counts for 10 minutes, then the next one comes first; app links in text join as https")
    func lateAndNext() async throws {
        let pipeline = try await planned()
        let late = try await pipeline.succeed("tidings", "next", "--now", "2026-11-23T09:05")
        #expect(late == "2026-11-23 09:00  Client review  (started 5 min ago)\n\(Self.zoom)\n")
        let waybarLate = try JSONObject(try await pipeline.succeed("tidings", "next", "--now", "2026-11-23T09:05", "--format", "waybar"))
        #expect(waybarLate.string("class") == "ongoing")

        let next = try await pipeline.succeed("tidings", "next", "--now", "2026-11-23T09:15")
        #expect(next == "2026-11-23 11:00  R&D sync  (in 1 h 45 min)\nhttps://zoom.us/j/91234567890?pwd=xyz\n")
        let waybar = try JSONObject(try await pipeline.succeed("tidings", "next", "--now", "2026-11-23T09:15", "--format", "waybar"))
        #expect(waybar.string("text") == "R&amp;D sync in 1 h 45 min")
        #expect(waybar.string("class") == "upcoming")
        #expect(try await pipeline.succeed("tidings", "join", "--print", "--now", "2026-11-23T09:15") == "https://zoom.us/j/91234567890?pwd=xyz\n")
    }

    @Test("a reminder already delivered still names the meeting to join; a meeting removed from the calendar is gone")
    func deliveredAndRemoved() async throws {
        let pipeline = try await planned()
        // The 10-minute reminder goes out at 08:50; at 08:55 the meeting is still the one to join.
        let delivered = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T08:50", "--format", "json")
        #expect(try JSONObject.lines(delivered).map { $0.string("id") } == ["meeting:review-1@example.org@10m"])
        #expect(try await pipeline.succeed("tidings", "join", "--print", "--now", "2026-11-23T08:55") == Self.zoom + "\n")

        // The R&D sync is removed from the calendar: plan cancels its reminder, and next no
        // longer shows it; with nothing ahead, the meeting in progress is the one to join.
        try pipeline.folder.write(CalendarEndToEndTests.calendar([Self.events[0], Self.events[2]]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T09:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T09:00", "--horizon", "2d")
        let after = try await pipeline.succeed("tidings", "next", "--now", "2026-11-23T09:15")
        #expect(after == "2026-11-23 09:00  Client review  (started 15 min ago)\n\(Self.zoom)\n")
        #expect(try await pipeline.run("tidings", "next", "--now", "2026-11-23T10:00").status == 1)
    }

    @Test("no meeting with a join link ahead: exit 1 with the reason; waybar also gets its empty module")
    func noMeeting() async throws {
        let pipeline = try await planned()
        // After the last meeting with a link; the all-day offsite (with a link) is not a meeting to join.
        let text = try await pipeline.run("tidings", "next", "--now", "2026-11-23T11:45")
        #expect(text.status == 1)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.contains("tidings next: error: no upcoming meeting with a join link"))

        let waybar = try await pipeline.run("tidings", "next", "--now", "2026-11-23T11:45", "--format", "waybar")
        #expect(waybar.status == 1)
        let empty = try JSONObject(waybar.stdout)
        #expect(empty.string("text") == "" && empty.string("class") == "none")

        let join = try await pipeline.run("tidings", "join", "--now", "2026-11-23T11:45")
        #expect(join.status == 1)
        #expect(join.stdout.isEmpty)
        #expect(join.stderr.contains("tidings join: error: no upcoming meeting with a join link"))
    }

    @Test("next and join read an existing database only: a missing one is an error, and is not created")
    func missingDatabase() async throws {
        let pipeline = try Pipeline(config: CalendarEndToEndTests.config)
        for arguments in [["next"], ["next", "--format", "json"], ["join", "--print"], ["join"]] {
            let result = try await pipeline.runner.run("tidings", arguments + ["--now", "2026-11-23T08:48"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.contains(pipeline.database), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: pipeline.database))
        #expect(!FileManager.default.fileExists(atPath: pipeline.folder.file("state")))
    }
}
