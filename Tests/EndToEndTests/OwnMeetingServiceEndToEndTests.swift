import Foundation
import Testing
import TidingsTestSupport

/// A team's own Jitsi in `[[meetings.services]]`, through the built `plan`, `tidings next` and
/// `tidings doctor`.
@Suite struct OwnMeetingServiceEndToEndTests {
    static let calendar = CalendarEndToEndTests.calendar([
        """
        UID:sync@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Weekly sync
        DTSTART;TZID=Europe/Berlin:20261123T090000
        DURATION:PT30M
        LOCATION:https://meet.acme.org/Weekly-Sync
        """
    ])

    static func config(services: String) -> String {
        """
        [daily]
        enabled = false
        [[sources]]
        name = "work"
        type = "calendar"
        url = "file:work.ics"
        \(services)
        """
    }

    @Test("a meeting on the team's own host gets its reminder with the service's name; without the entry it gets none")
    func ownHost() async throws {
        let without = try Pipeline(config: Self.config(services: ""))
        try without.folder.write(Self.calendar, to: "work.ics")
        try await without.succeed("prefetch", "--now", "2026-11-22T20:00")
        let none = try await without.succeed("plan", "--now", "2026-11-22T20:00", "--format", "text")
        #expect(!none.contains("Weekly sync"), "\(none)")

        let services = """
            [[meetings.services]]
            name = "Acme Jitsi"
            hosts = ["meet.acme.org", "zoom.us"]
            paths = ["/{room}"]
            """
        let pipeline = try Pipeline(config: Self.config(services: services))
        try pipeline.folder.write(Self.calendar, to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        let planned = try await pipeline.succeed("plan", "--now", "2026-11-22T20:00", "--format", "text")
        #expect(planned.contains("2026-11-23 08:50  Weekly sync"), "\(planned)")
        #expect(planned.contains("Join on Acme Jitsi  <https://meet.acme.org/Weekly-Sync>"), "\(planned)")
        let next = try JSONObject.lines(try await pipeline.succeed("tidings", "next", "--format", "json", "--now", "2026-11-23T08:45"))
        #expect(next.first?.string("service") == "Acme Jitsi")

        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-22T20:05")
        #expect(doctor.stdout.contains("zoom.us is a built-in service's host"), "\(doctor.stdout)")
    }
}
