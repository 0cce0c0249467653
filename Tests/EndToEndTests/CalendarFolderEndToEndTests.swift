import Foundation
import Testing
import TidingsTestSupport

/// A vdir folder (khal, vdirsyncer: one `.ics` per event) as a calendar source, edited between
/// the timers' runs of `prefetch` and `plan --if-changed`.
@Suite struct CalendarFolderEndToEndTests {
    static let config = """
        [daily]
        enabled = false
        [[sources]]
        name = "work"
        type = "calendar"
        url = "file:calendars/work/"
        """

    static func event(_ uid: String, _ summary: String, at time: String) -> String {
        CalendarEndToEndTests.calendar([
            """
            UID:\(uid)
            DTSTAMP:20261101T000000Z
            SUMMARY:\(summary)
            DTSTART;TZID=Europe/Berlin:20261123T\(time)00
            DURATION:PT30M
            LOCATION:https://acme.zoom.us/j/8123456789\(uid.count)?pwd=abcDEF123
            """
        ])
    }

    func run(_ pipeline: Pipeline, at time: String) async throws -> String {
        let now = "2026-11-22T\(time)"
        try await pipeline.succeed("prefetch", "--now", now)
        let plan = try await pipeline.run("plan", "--if-changed", "-v", "--now", now)
        #expect(plan.status == 0, "plan at \(time): \(plan.stderr)")
        return plan.stderr
    }

    func reminders(_ pipeline: Pipeline) async throws -> [String] {
        let pending = try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-22T23:00")
        return try JSONObject.lines(pending).compactMap { item in
            guard let title = item.string("title"), let at = item.string("scheduledAt") else { return nil }
            return "\(at) \(title)"
        }.sorted()
    }

    @Test("each edit to the folder's files is planned by the next run; a run with no edit plans nothing")
    func editedBetweenRuns() async throws {
        let pipeline = try Pipeline(config: Self.config)
        let folder = pipeline.folder.file("calendars/work")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try pipeline.folder.write(Self.event("standup", "Standup", at: "0900"), to: "calendars/work/standup.ics")
        _ = try await run(pipeline, at: "20:00")
        #expect(try await reminders(pipeline).count == 1)
        #expect(try await reminders(pipeline).first?.hasPrefix("2026-11-23T08:50") == true)

        let idle = try await run(pipeline, at: "20:15")
        #expect(idle.contains("nothing changed since the last plan"))

        try pipeline.folder.write(Self.event("standup", "Standup", at: "1100"), to: "calendars/work/standup.ics")
        try pipeline.folder.write(Self.event("review", "Review", at: "1400"), to: "calendars/work/review.ics")
        let edited = try await run(pipeline, at: "20:30")
        #expect(!edited.contains("nothing changed"))
        let after = try await reminders(pipeline)
        #expect(after.count == 2)
        #expect(after.first?.hasPrefix("2026-11-23T10:50") == true)
        #expect(after.last?.hasPrefix("2026-11-23T13:50") == true)

        try FileManager.default.removeItem(atPath: folder + "/review.ics")
        _ = try await run(pipeline, at: "20:45")
        #expect(try await reminders(pipeline).count == 1)
    }
}
