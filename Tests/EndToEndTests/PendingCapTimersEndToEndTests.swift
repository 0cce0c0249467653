import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// The pending cap under the timers' own schedule: `deliver` every minute, `prefetch --due`
/// and `plan --if-changed` every 15 minutes. More items than places, one minute apart: each
/// place a delivery frees is filled from the backlog before it is needed, so every item goes
/// out at its time, though no plan runs in between.
@Suite struct PendingCapTimersEndToEndTests {
    /// `2026-11-23T09:05` for 545 minutes after midnight, in the pipeline's zone.
    static func clock(_ minutes: Int) -> String {
        String(format: "2026-11-23T%02d:%02d", minutes / 60, minutes % 60)
    }

    /// Runs the programs as the installed timers do, one minute at a time over `minutes`
    /// (after midnight, in the pipeline's zone): at each quarter hour `prefetch --due` then
    /// `plan --if-changed`, and `deliver` every minute. Returns what deliver sent (JSON lines).
    static func runLikeTimers(_ pipeline: Pipeline, minutes: ClosedRange<Int>) async throws -> [JSONObject] {
        var sent: [JSONObject] = []
        for minute in minutes {
            let now = clock(minute)
            if minute % 15 == 0 {
                try await pipeline.succeed("prefetch", "--due", "--now", now)
                try await pipeline.succeed("plan", "--if-changed", "--now", now)
            }
            sent += try JSONObject.lines(try await pipeline.succeed("deliver", "--channel", "stdout", "--format", "json", "--now", now))
        }
        return sent
    }

    /// Checks that `sent` holds each of `expected` (id: due time) exactly once, sent at its
    /// due time, and that the database holds nothing else open, missed or expired.
    static func expectAllOnTime(_ sent: [JSONObject], expected: [String: String], pipeline: Pipeline) throws {
        let mine = sent.filter { expected[$0.string("id") ?? ""] != nil }
        #expect(mine.count == expected.count, "\(mine.count) of \(expected.count) sent")
        #expect(Set(mine.compactMap { $0.string("id") }) == Set(expected.keys), "each once")
        for item in mine {
            let id = item.string("id") ?? ""
            let due = try #require(expected[id])
            #expect(item.string("scheduledAt")?.hasPrefix(due) == true, "\(id): due \(item.string("scheduledAt") ?? "?"), expected \(due)")
            #expect(item.string("deliveredAt") == item.string("scheduledAt"), "\(id) sent late: \(item.string("deliveredAt") ?? "?")")
        }
        let database = try TidingsDatabase(path: pipeline.database)
        let stored = try database.notifications(ids: Array(expected.keys))
        #expect(stored.count == expected.count)
        let unsent = stored.values.filter { $0.state != .delivered }.map { "\($0.id) \($0.state) \($0.stateReason ?? "")" }
        #expect(unsent.isEmpty, "\(unsent)")
        let counts = try database.reportCounts(
            from: TestClock.at("2026-11-23T00:00:00Z"), until: TestClock.at("2026-11-24T00:00:00Z"), engagementChannels: [])
        for state in [NotificationState.missed, .failed, .expired, .backlog] {
            #expect(counts.notificationStates[state] == nil, "\(state): \(counts.notificationStates)")
        }
        #expect(counts.capped == 0)
    }

    @Test("100 reminders one minute apart, 64 places, the timers' schedule: every one goes out on time")
    func hundredReminders() async throws {
        let pipeline = try Pipeline(config: "[weekly]\nenabled = false\n")
        // The first plan, as tidings init's first run leaves it.
        _ = try await Self.runLikeTimers(pipeline, minutes: 585...585)
        var expected: [String: String] = [:]
        for n in 1...100 {
            let id = try await pipeline.succeed("tidings", "add", "Reminder \(n)", "--in", "\(n)m", "--now", Self.clock(590))
                .trimmingCharacters(in: .whitespacesAndNewlines)
            expected[id] = Self.clock(590 + n)
        }
        #expect(expected.count == 100)
        // tidings add places each at once: the 64 due first are pending, the rest wait.
        let pending = try JSONObject.lines(
            try await pipeline.succeed(
                "tidings", "pending", "--format", "json", "--limit", "1000", "--now", Self.clock(590)))
        let reminders = pending.filter { $0.string("kind") == "reminder" }
        #expect(reminders.filter { $0.string("state") == "pending" }.count == 64)
        #expect(reminders.filter { $0.string("state") == "backlog" }.count == 36)
        // Every waiting one will find a place in time: doctor raises no false alarm.
        let doctor = try await pipeline.run("tidings", "doctor", "--now", Self.clock(590))
        #expect(doctor.stdout.contains("✓ pending cap") && doctor.stdout.contains("64 pending of 64,"), "\(doctor.stdout)")
        let sent = try await Self.runLikeTimers(pipeline, minutes: 590...700)
        try Self.expectAllOnTime(sent, expected: expected, pipeline: pipeline)
    }

    @Test("100 video meetings one minute apart, 64 places, the timers' schedule: every reminder goes out on time")
    func hundredMeetings() async throws {
        let pipeline = try Pipeline(
            config: """
                [weekly]
                enabled = false
                [[sources]]
                name = "work"
                type = "calendar"
                url = "file:work.ics"
                """)
        // Meetings from 10:10 to 11:49, reminders 10 minutes before: 10:00 to 11:39.
        var expected: [String: String] = [:]
        let events = (0..<100).map { index in
            let start = 610 + index
            let hhmm = String(format: "%02d%02d", start / 60, start % 60)
            expected["meeting:sync-\(index)@example.org@10m"] = Self.clock(start - 10)
            return """
                UID:sync-\(index)@example.org
                DTSTAMP:20261101T000000Z
                SUMMARY:Sync \(index)
                DTSTART;TZID=Europe/Berlin:20261123T\(hhmm)00
                DTEND;TZID=Europe/Berlin:20261123T\(String(format: "%02d%02d", (start + 30) / 60, (start + 30) % 60))00
                LOCATION:https://acme.zoom.us/j/8123450\(String(format: "%04d", index))
                """
        }
        try pipeline.folder.write(CalendarEndToEndTests.calendar(events), to: "work.ics")
        var sent = try await Self.runLikeTimers(pipeline, minutes: 570...570)
        // The first plan gives the 64 first their places; 36 wait.
        let planned = try JSONObject.lines(
            try await pipeline.succeed(
                "tidings", "pending", "--format", "json", "--limit", "1000", "--now", Self.clock(570)))
        #expect(planned.filter { $0.string("kind") == "meeting" && $0.string("state") == "pending" }.count == 64)
        #expect(planned.filter { $0.string("kind") == "meeting" && $0.string("state") == "backlog" }.count == 36)
        sent += try await Self.runLikeTimers(pipeline, minutes: 571...720)
        let ids = Set(sent.filter { $0.string("kind") == "meeting" }.compactMap { $0.string("id") })
        // The ids name the occurrence; compare the set first, to say what differs.
        #expect(
            ids == Set(expected.keys),
            "unexpected: \(ids.subtracting(expected.keys).sorted().prefix(3)), missing: \(Set(expected.keys).subtracting(ids).sorted().prefix(3))")
        try Self.expectAllOnTime(sent, expected: expected, pipeline: pipeline)
    }
}
