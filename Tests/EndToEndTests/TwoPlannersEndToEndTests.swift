import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

/// `plan` on two hosts at once sharing one store on PostgreSQL: the shared lock `stage plan`
/// lets one of them plan at a time, so the store holds one schedule, the one a single host makes.
@Suite struct TwoPlannersEndToEndTests {
    static let config = """
        [daily]
        enabled = true
        [[sources]]
        name = "work"
        type = "calendar"
        url = "file:work.ics"
        """

    /// A daily sync on weekdays with a video link (a reminder before each), and a one-off review.
    static let calendar =
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings tests//EN",
            "BEGIN:VEVENT", "UID:sync@example.org", "DTSTAMP:20261101T000000Z", "SUMMARY:Daily sync",
            "DTSTART;TZID=Europe/Berlin:20261102T100000", "DTEND;TZID=Europe/Berlin:20261102T103000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "LOCATION:https://acme.zoom.us/j/81234567890", "END:VEVENT",
            "BEGIN:VEVENT", "UID:review@example.org", "DTSTAMP:20261101T000000Z", "SUMMARY:Design review",
            "DTSTART;TZID=Europe/Berlin:20261125T140000", "DTEND;TZID=Europe/Berlin:20261125T160000",
            "URL:https://meet.google.com/abc-defg-hij", "END:VEVENT",
            "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n"

    /// The programs as one host runs them: its own state folder (where its lock files and its
    /// copy of the last good config go; none yet, as on a new host) and cache, the shared
    /// config, and the store named in `TIDINGS_DB`.
    static func host(_ name: String, database: String, folder: TemporaryDirectory, config: String) -> ProgramRunner {
        ProgramRunner(environment: [
            "TZ": "Europe/Berlin", "TIDINGS_DB": database, "TIDINGS_CONFIG": config,
            "XDG_STATE_HOME": folder.file("\(name)/state"), "XDG_CACHE_HOME": folder.file("\(name)/cache"),
        ])
    }

    /// What `tidings pending --all` lists at `now`, one JSON object a line, with the repeating
    /// reminder's id (random per store) written as `reminder:R`.
    static func pending(_ runner: ProgramRunner, at now: String, reminder: String) async throws -> [String] {
        let result = try await runner.run("tidings", ["pending", "--all", "--format", "json", "--limit", "1000", "--now", now])
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines.map { $0.replacingOccurrences(of: reminder, with: "reminder:R") }
    }

    @Test("plan on two hosts at once, 20 times: each plans, waits or ends saying another host plans; one schedule, as one host makes it")
    func twoHostsPlanAtOnce() async throws {
        // Given a calendar source, the daily update and a repeating reminder, on a store shared
        // by hosts a and b, and the same on a store of its own planned by host c alone
        let folder = try TemporaryDirectory()
        let config = try folder.write(Self.config, to: "config.toml")
        try folder.write(Self.calendar, to: "work.ics")
        let cluster = try PostgresTestCluster.shared()
        let shared = try cluster.createDatabase().absoluteString
        let alone = try cluster.createDatabase().absoluteString
        let hostA = Self.host("a", database: shared, folder: folder, config: config)
        let hostB = Self.host("b", database: shared, folder: folder, config: config)
        let single = Self.host("c", database: alone, folder: folder, config: config)
        let start = TestClock.at("2026-11-22T20:00:00Z")
        var reminders: [String] = []
        for runner in [hostA, single] {
            let fetched = try await runner.run("prefetch", ["--now", "2026-11-22T20:00:00Z"])
            #expect(fetched.status == 0, "\(fetched.stderr)")
            let added = try await runner.run("tidings", ["add", "Drink water", "--every", "2h", "--in", "30m", "--now", "2026-11-22T20:00:00Z"])
            #expect(added.status == 0, "\(added.stderr)")
            reminders.append(added.stdout.trimmingCharacters(in: .newlines))
        }

        for round in 0..<20 {
            // When both hosts plan at the same moment (every fourth round both wait for the lock),
            // and host c plans its own store at that time
            let now = ISOTime.format(start + Int64(round) * 3 * 3_600_000, in: .utc)
            let waits = round % 4 == 3
            let arguments = ["--now", now, "--horizon", "2d", "--format", "json"] + (waits ? ["--wait-lock"] : [])
            async let first = hostA.run("plan", arguments)
            async let second = hostB.run("plan", arguments)
            let results = try await [first, second]
            let reference = try await single.run("plan", ["--now", now, "--horizon", "2d", "--format", "json"])
            #expect(reference.status == 0, "\(reference.stderr)")

            // Then each run planned, or ended at once saying another host plans (never when
            // waiting), and at least one planned
            var planned = 0
            for result in results {
                #expect(result.status == 0, "round \(round): \(result.stderr)")
                if result.stderr.contains("another host is planning") {
                    #expect(!waits, "round \(round): a run with --wait-lock ended: \(result.stderr)")
                    #expect(result.stdout.isEmpty, "round \(round): \(result.stdout)")
                } else {
                    #expect(try !JSONObject.array(result.stdout).isEmpty, "round \(round): \(result.stdout)")
                    planned += 1
                }
            }
            #expect(waits ? planned == 2 : planned >= 1, "round \(round): \(planned) of 2 planned")

            // and the shared store holds what the single host's store holds, once
            let together = try await Self.pending(hostB, at: now, reminder: reminders[0])
            let byOne = try await Self.pending(single, at: now, reminder: reminders[1])
            #expect(together == byOne, "round \(round)")
            let items = try together.map { try JSONObject($0) }
            let ids = items.compactMap { $0.string("id") }
            #expect(ids.count == items.count && Set(ids).count == ids.count, "round \(round): an id twice")
            let slots = items.map { "\($0.string("kind") ?? "") \($0.string("title") ?? "") \($0.string("scheduledAt") ?? "")" }
            #expect(Set(slots).count == slots.count, "round \(round): one notification planned twice under two ids")
            #expect(Set(items.compactMap { $0.string("kind") }).isSuperset(of: ["daily", "meeting", "reminder"]), "round \(round): \(ids)")
        }
    }
}
