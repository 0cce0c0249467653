import Foundation
import Testing
import TidingsTestSupport

/// A CalDAV source on a real Radicale, through the built programs under the timers' schedule:
/// a recurring series with an override, a change made after the first sync and picked up by
/// `prefetch --due` and `plan --if-changed`, the reminder delivered on time, a wrong password
/// that keeps the last good copy, and no secret anywhere Tidings writes.
@Suite struct CalDAVEndToEndTests {
    static let password = "caldav-app-Pa55word"

    static func calendar(_ events: String...) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Calendar app//EN\r\n" + events.joined() + "END:VCALENDAR\r\n"
    }

    static func event(_ uid: String, _ summary: String, start: String, extra: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:\(start)\r\nDURATION:PT30M\r\nSUMMARY:\(summary)\r\n"
            + "LOCATION:https://meet.google.com/abc-defg-hij\r\n\(extra)END:VEVENT\r\n"
    }

    @Test("series, override and a later change arrive by CalDAV; the reminder goes out; a refused login keeps them")
    func calendarsThroughCalDAV() async throws {
        let server = try await RadicaleServer.start(users: ["alice": Self.password])
        try server.makeCalendar("/alice/work/", name: "Work")
        try server.put(
            "/alice/work/standup.ics",
            ics: Self.calendar(
                Self.event("standup", "Standup", start: "20261130T090000Z", extra: "RRULE:FREQ=DAILY;COUNT=5\r\n"),
                Self.event("standup", "Standup (moved)", start: "20261201T110000Z", extra: "RECURRENCE-ID:20261201T090000Z\r\n")))
        try server.put("/alice/work/demo.ics", ics: Self.calendar(Self.event("demo", "Client demo", start: "20261130T140000Z")))

        let pipeline = try Pipeline(
            config: """
                [daily]
                enabled = false
                [[sources]]
                name = "work"
                type = "caldav"
                url = "\(server.url)/"
                username = "alice"
                password_file = "caldav-password"
                """)
        try pipeline.folder.write(Self.password + "\n", to: "caldav-password")
        let first = try await pipeline.run("prefetch", "--due", "--now", "2026-11-30T06:00", "-v").stderr
        #expect(first.contains("calendars read in full: Work (2)"), "\(first)")
        try await pipeline.succeed("plan", "--if-changed", "--now", "2026-11-30T06:00")
        let pending = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-30T06:00")
        #expect(pending.contains("2026-11-30 09:50") && pending.contains("Standup"), "\(pending)")
        #expect(pending.contains("2026-12-01 11:50") && pending.contains("Standup (moved)"), "\(pending)")
        #expect(!pending.contains("2026-12-01 09:50"), "the overridden instance is not reminded at its old time: \(pending)")
        #expect(pending.contains("2026-11-30 14:50") && pending.contains("Client demo"), "\(pending)")

        // The demo moves after the first sync; the next due poll asks only for the change.
        try server.put("/alice/work/demo.ics", ics: Self.calendar(Self.event("demo", "Client demo", start: "20261130T153000Z")))
        let before = server.requests().count
        let notDue = try await pipeline.run("prefetch", "--due", "--now", "2026-11-30T06:10", "-v").stderr
        #expect(server.requests().count == before, "a source not due is not asked: \(notDue)")
        let second = try await pipeline.run("prefetch", "--due", "--now", "2026-11-30T06:15", "-v").stderr
        #expect(second.contains("CalDAV: 1 request") && second.contains("changes synced: Work (2)"), "\(second)")
        #expect(server.requests().dropFirst(before) == ["REPORT /alice/work/"])
        let replanned = try await pipeline.run("plan", "--if-changed", "--now", "2026-11-30T06:15", "-v").stderr
        #expect(!replanned.contains("nothing changed"), "\(replanned)")
        let moved = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-30T06:15")
        #expect(moved.contains("2026-11-30 16:20") && !moved.contains("2026-11-30 14:50"), "\(moved)")
        let unchanged = try await pipeline.run("prefetch", "--due", "--now", "2026-11-30T06:30", "-v").stderr
        #expect(unchanged.contains("CalDAV: 1 request") && unchanged.contains("nothing changed"), "\(unchanged)")

        let delivered = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-30T09:50")
        #expect(delivered.contains("Standup"), "\(delivered)")

        // A changed password: refused, named without the password, and the calendar still plans.
        let wrong = "Wr0ng-caldav-pass"
        try pipeline.folder.write(wrong, to: "caldav-password")
        let refused = try await pipeline.run("prefetch", "--now", "2026-11-30T09:00")
        #expect(refused.stderr.contains("HTTP 401: the server refused the login"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(wrong) && !refused.stderr.contains(Data("alice:\(wrong)".utf8).base64EncodedString()))
        try await pipeline.succeed("plan", "--now", "2026-11-30T09:00")
        let kept = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-30T09:00")
        #expect(kept.contains("Client demo") && kept.contains("Standup (moved)"), "\(kept)")
        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-30T09:00")
        #expect(doctor.stdout.contains("work › Work") && doctor.stdout.contains("2 events, synced"), "\(doctor.stdout)")

        var written = try pipeline.storedBytes()
        let cache = pipeline.folder.file("cache")
        if let walker = FileManager.default.enumerator(atPath: cache) {
            for case let name as String in walker {
                if let data = FileManager.default.contents(atPath: cache + "/" + name) { written.append((name, data)) }
            }
        }
        for (name, bytes) in written {
            let text = String(decoding: bytes, as: UTF8.self)
            for secret in [Self.password, wrong, Data("alice:\(Self.password)".utf8).base64EncodedString()] {
                #expect(!text.contains(secret), "\(name) holds a secret")
            }
        }
    }
}
