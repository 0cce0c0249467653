import Foundation
import Testing
import TidingsTestSupport

/// `tidings pending` through the built programs: list, cancel, update, digests, and what
/// `plan` and `deliver` make of them.
@Suite struct PendingEndToEndTests {
    /// A meeting with a Zoom link starting at `start` (HHMM on 2026-11-23, Berlin).
    static func meeting(_ uid: String, _ title: String, start: String, end: String) -> String {
        """
        UID:\(uid)@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:\(title)
        DTSTART;TZID=Europe/Berlin:20261123T\(start)00
        DTEND;TZID=Europe/Berlin:20261123T\(end)00
        LOCATION:https://acme.zoom.us/j/8123456789\(uid.count)
        """
    }

    static let morning = [
        meeting("review", "Client review", start: "0900", end: "0930"),
        meeting("sync", "Design sync", start: "0902", end: "0930"),
        meeting("one", "One to one", start: "0904", end: "0930"),
        meeting("late", "Planning", start: "1100", end: "1200"),
    ]

    static func id(_ uid: String) -> String { "meeting:\(uid)@example.org@10m" }

    /// A pipeline with the morning's meetings fetched and planned the evening before.
    func planned(_ events: [String] = morning) async throws -> Pipeline {
        let pipeline = try Pipeline(config: CalendarEndToEndTests.config)
        try pipeline.folder.write(CalendarEndToEndTests.calendar(events), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T20:00")
        return pipeline
    }

    @Test("The list shows what is to come, earliest first, as text and JSON")
    func list() async throws {
        let pipeline = try await planned()
        let text = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-22T20:00")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first == "2026-11-23 08:50  pending     meeting   \(Self.id("review"))  Client review")
        let items = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-22T20:00"))
        #expect(items.compactMap { $0.string("id") } == ["review", "sync", "one", "late"].map(Self.id))
        #expect(items.first?.string("scheduledAt") == "2026-11-23T08:50:00+01:00")
        #expect(items.first?.string("expiresAt") == "2026-11-23T09:00:00+01:00")
        #expect(items.allSatisfy { $0.string("state") == "pending" && ($0["edited"] as? NSNumber)?.boolValue == false })
        #expect(try await pipeline.succeed("tidings", "pending", "--limit", "1").split(separator: "\n").count == 1)
    }

    @Test("Cancel and update: refusals change nothing; the changes survive a plan with new calendar data and deliver sends the edit")
    func cancelAndUpdate() async throws {
        let pipeline = try await planned()
        let refused = try await pipeline.run("tidings", "pending", "cancel", Self.id("late"), "nope", "--now", "2026-11-22T20:05")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("nothing cancelled: \"nope\": no such notification (see tidings pending)"))
        #expect(
            try await pipeline.succeed("tidings", "pending", "cancel", Self.id("late"), "--now", "2026-11-22T20:05")
                == "cancelled \(Self.id("late"))\n")

        let updated = try await pipeline.succeed(
            "tidings", "pending", "update", Self.id("review"), "--at", "08:45", "--title", "Prep: Client review", "--now", "2026-11-22T20:05")
        #expect(updated == "2026-11-23 08:45  pending     meeting   \(Self.id("review"))  Prep: Client review  (edited)\n")
        let tooLate = try await pipeline.run("tidings", "pending", "update", Self.id("sync"), "--at", "09:10", "--now", "2026-11-22T20:05")
        #expect(tooLate.status == 1)
        #expect(tooLate.stderr.contains("nothing changed: \"\(Self.id("sync"))\": expires at 2026-11-23T09:02:00+01:00"))
        let badTime = try await pipeline.run("tidings", "pending", "update", Self.id("sync"), "--at", "soon")
        #expect(badTime.status == 64)
        #expect(badTime.stderr.contains("--at: expected HH:MM"))
        let badTitle = try await pipeline.run("tidings", "pending", "update", Self.id("sync"), "--title", " ")
        #expect(badTitle.status == 64)
        #expect(badTitle.stderr.contains("--title: empty"))

        // The calendar renames the reviewed meeting and moves the late one: plan leaves both as the user left them.
        let renamed = Self.morning.map {
            $0.replacingOccurrences(of: "Client review", with: "Client review (room 4)").replacingOccurrences(of: "T1100", with: "T1130")
        }
        try pipeline.folder.write(CalendarEndToEndTests.calendar(renamed), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        let all = try await pipeline.succeed("tidings", "pending", "--all", "--now", "2026-11-23T06:00")
        #expect(all.contains("2026-11-23 08:45  pending     meeting   \(Self.id("review"))  Prep: Client review  (edited)"))
        #expect(all.contains("2026-11-23 10:50  cancelled   meeting   \(Self.id("late"))  Planning  (cancelled by the user)"))
        #expect(!all.contains("room 4"))

        let sent = try JSONObject.lines(try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T08:45", "--format", "json"))
        #expect(sent.compactMap { $0.string("title") } == ["Prep: Client review"])
        let later = try JSONObject.lines(
            try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T10:55", "--format", "json"))
        #expect(!later.contains { $0.string("id") == Self.id("late") })
    }

    @Test("--group titles the digest in the language of the locale, with its plural")
    func digestLanguage() async throws {
        let pipeline = try await planned()
        let result = try await pipeline.runner.run(
            "tidings", ["pending", "--group", "meeting", "--within", "5m", "--format", "json", "--now", "2026-11-22T20:10"],
            extra: ["LANG": "pl_PL.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONObject.lines(result.stdout).first?.string("title") == "3 spotkania wkrótce się zaczynają")
    }

    @Test("--group merges close meeting reminders into one digest; plan does not revive the members, deliver sends the digest alone")
    func digest() async throws {
        let pipeline = try await planned()
        let merged = try JSONObject.lines(
            try await pipeline.succeed(
                "tidings", "pending", "--group", "meeting", "--within", "5m", "--format", "json", "--now", "2026-11-22T20:10"))
        #expect(merged.count == 1)
        let digest = try #require(merged.first)
        let digestID = "digest:" + Self.id("review")
        #expect(digest.string("id") == digestID)
        #expect(digest.string("kind") == "digest")
        #expect(digest.string("title") == "3 meetings starting soon")
        #expect(digest.string("body") == "09:00 Client review · 09:02 Design sync · 09:04 One to one")
        #expect(digest.string("scheduledAt") == "2026-11-23T08:50:00+01:00")
        #expect(digest.string("expiresAt") == "2026-11-23T09:00:00+01:00")
        #expect(digest.string("category") == "transactional")
        #expect(digest["members"] as? [String] == ["review", "sync", "one"].map(Self.id))

        let again = try await pipeline.run("tidings", "pending", "--group", "meeting", "--now", "2026-11-22T20:11")
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr.contains("nothing to merge"))
        let unknown = try await pipeline.run("tidings", "pending", "--group", "meetings")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--group: expected a kind of notification"))

        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:00")
        let listed = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-23T06:00"))
        #expect(listed.compactMap { $0.string("id") } == [digestID, Self.id("late")])
        let members = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--all", "--format", "json", "--now", "2026-11-23T06:00"))
            .filter { $0.string("state") == "cancelled" }
        #expect(members.map { $0.string("stateReason") } == Array(repeating: "merged into \(digestID)", count: 3))

        var sent: [String] = []
        for minute in ["08:50", "08:52", "08:54"] {
            let printed = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T\(minute)", "--format", "json")
            sent += try JSONObject.lines(printed).compactMap { $0.string("id") }
        }
        #expect(sent == [digestID])
    }
}

extension PendingEndToEndTests {
    @Test("A time given as +DURATION is a whole minute: +1m at 20:05:04 is due at 20:06, which a minute's deliver sends")
    func wholeMinutes() async throws {
        let pipeline = try await planned()
        let moved = try await pipeline.succeed(
            "tidings", "pending", "update", Self.id("review"), "--at", "+1m", "--now", "2026-11-22T20:05:04")
        #expect(moved.hasPrefix("2026-11-22 20:06  pending     meeting   \(Self.id("review"))"), "\(moved)")
        let items = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-22T20:05:04"))
        #expect(items.first?.string("scheduledAt") == "2026-11-22T20:06:00+01:00")
        let sent = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T20:06")
        #expect(sent.contains("Client review"), "\(sent)")
    }
}
