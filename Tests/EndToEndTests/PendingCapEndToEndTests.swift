import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// The pending cap with more important items than places, a month ahead: what is due soon
/// still goes out, and what the cap keeps back until too late is counted and warned about.
@Suite struct PendingCapEndToEndTests {
    /// `2026-11-23` plus `days`, as `20261123` for the calendar and `2026-11-23` for --now.
    static func day(_ days: Int) -> (ics: String, iso: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let start = calendar.date(from: DateComponents(year: 2026, month: 11, day: 23)) ?? Date()
        let date = calendar.date(byAdding: .day, value: days, to: start) ?? start
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let y = parts.year ?? 0
        let m = parts.month ?? 0
        let d = parts.day ?? 0
        return (String(format: "%04d%02d%02d", y, m, d), String(format: "%04d-%02d-%02d", y, m, d))
    }

    /// 80 client reviews with a Zoom link over 27 days, three a day at 10:00, 14:00 and 16:00:
    /// each ranks above the daily update.
    static let meetings = (0..<80).map { index in
        let hour = [10, 14, 16][index % 3]
        let date = day(index / 3).ics
        return """
            UID:review-\(index)@example.org
            DTSTAMP:20261101T000000Z
            SUMMARY:Client review \(index)
            DTSTART;TZID=Europe/Berlin:\(date)T\(hour)0000
            DTEND;TZID=Europe/Berlin:\(date)T\(hour)3000
            LOCATION:https://acme.zoom.us/j/8123456\(String(format: "%04d", index))
            """
    }

    @Test("80 video meetings and the daily update over 30 days, a 30-day plan each morning: every daily update and every reminder goes out")
    func monthOfMeetings() async throws {
        let pipeline = try Pipeline(
            config: """
                [daily]
                enabled = true
                [weekly]
                enabled = false
                [[sources]]
                name = "work"
                type = "calendar"
                url = "file:work.ics"
                """)
        try pipeline.folder.write(CalendarEndToEndTests.calendar(Self.meetings), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        for offset in 0..<30 {
            let date = Self.day(offset).iso
            try await pipeline.succeed("plan", "--now", "\(date)T06:15", "--horizon", "30d")
            for time in ["07:30", "09:50", "13:50", "15:50"] {
                try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "\(date)T\(time)")
            }
        }
        let database = try TidingsDatabase(path: pipeline.database)
        let dailies = (0..<30).map { "daily:\(Self.day($0).iso)" }
        let stored = try database.notifications(ids: dailies)
        #expect(stored.count == 30)
        #expect(
            stored.values.allSatisfy { $0.state == .delivered }, "\(stored.values.filter { $0.state != .delivered }.map { "\($0.id) \($0.state)" })")
        let counts = try database.reportCounts(
            from: TestClock.at("2026-11-23T00:00:00Z"), until: TestClock.at("2026-12-23T00:00:00Z"), engagementChannels: [])
        // Daily updates, reminders (and a few insights): nothing missed, failed, expired or waiting.
        #expect(counts.notificationStates[.delivered, default: 0] >= 110, "\(counts.notificationStates)")
        for state in [NotificationState.missed, .failed, .expired, .backlog, .pending] {
            #expect(counts.notificationStates[state] == nil, "\(state): \(counts.notificationStates)")
        }
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-12-23T00:00"))
        #expect(report.object("counts")?.int("delivered") ?? 0 >= 110)
        #expect(counts.capped == 0)
        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-12-22T20:00")
        #expect(doctor.stdout.contains("✓ pending cap"), "\(doctor.stdout)")
    }

    @Test("A cap too small for what is due soon: the items kept back are missed, counted, and doctor and Nagios warn")
    func capTooSmall() async throws {
        let pipeline = try Pipeline(
            config: """
                [weekly]
                enabled = false
                [daily]
                enabled = false
                [plan]
                max_pending = 2
                [[sources]]
                name = "work"
                type = "calendar"
                url = "file:work.ics"
                """)
        // Two client reviews in the afternoon take the two places; a plain sync in the
        // morning (less important) waits, and no place frees before it starts.
        let sync = """
            UID:sync@example.org
            DTSTAMP:20261101T000000Z
            SUMMARY:Sync
            DTSTART;TZID=Europe/Berlin:20261123T100000
            DTEND;TZID=Europe/Berlin:20261123T103000
            LOCATION:https://acme.zoom.us/j/81234569999
            """
        try pipeline.folder.write(CalendarEndToEndTests.calendar([sync] + Self.meetings[1...2]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T06:15", "--horizon", "2d")
        let before = try await pipeline.run("tidings", "doctor", "--now", "2026-11-23T06:20")
        #expect(
            before.stdout.contains("✗ pending cap") && before.stdout.contains("due within two days held back past their time"), "\(before.stdout)")
        for time in ["09:50", "09:51"] {
            let idle = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T\(time)")
            #expect(idle.isEmpty, "no place is free: \(idle)")
        }
        // The sync waited in the backlog past the meeting's start: expired, for a reason.
        let late = try await pipeline.run("deliver", "--channel", "stdout", "--now", "2026-11-23T10:05")
        #expect(late.status == 0, "\(late.stderr)")
        let log = try await pipeline.succeed("tidings", "log", "--stage", "deliver", "--limit", "1")
        #expect(log.contains("0 missed, 1 expired (1 held back by the pending cap)"), "\(log)")
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T13:50")
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T15:50")

        let table = try await pipeline.succeed("report", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00")
        #expect(table.contains("2 delivered, 0 missed, 0 failed, 1 expired (1 held back by the pending cap)"), "\(table)")
        let nagios = try await pipeline.run(
            "report", "--format", "nagios", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00", "--now", "2026-11-23T17:01")
        #expect(nagios.stdout.contains("1 missed or expired behind the pending cap") && nagios.stdout.contains("capped_missed=1"), "\(nagios.stdout)")
        #expect(nagios.status >= 1)
        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-23T17:05")
        #expect(doctor.stdout.contains("1 item missed or expired in the last 7 days, held back by the cap"), "\(doctor.stdout)")
    }
}
