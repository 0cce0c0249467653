import Foundation
import Synchronization
import Testing
import TidingsTestSupport

/// Remote schedules through the built programs and a real HTTP server: prefetch, plan and
/// deliver three times a day for ten days send each entry once; a new version and a bad file.
@Suite struct ScheduleEndToEndTests {
    static func schedule(version: String, entries: [(Int, Int)], time: String = "09:00") -> String {
        let list = entries.map { #"{"id": \#($0.0), "dayOffset": \#($0.1), "description": "step", "subtitle": "Step \#($0.0)"}"# }
        return """
            {"config": {"version": "\(version)", "description": "Welcome", "isPersistent": true, "fixedTime": "\(time)", "weekdaysOnly": true},
             "notificationContent": {"title": "Getting started", "subtitle": "Default subtitle"},
             "schedules": [\(list.joined(separator: ", "))]}
            """
    }

    static func config(_ url: String) -> String {
        """
        [daily]
        enabled = false

        [weekly]
        enabled = false

        [[sources]]
        name = "welcome"
        type = "schedule"
        url = "\(url)"
        """
    }

    /// `2026-11-DDTHH:00` in the pipeline's zone.
    static func at(day: Int, hour: Int) -> String {
        "2026-11-\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour):00"
    }

    @Test("runs three times a day for ten days: each entry once, on its weekday at 09:00; a new version and an invalid file")
    func tenDays() async throws {
        let body = Mutex(Self.schedule(version: "1.0", entries: [(1, 0), (2, 1), (3, 2), (4, 6)]))
        let server = try HTTPTestServer { _ in .text(body.withLock { $0 }) }
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL + "/welcome.json"))

        var sent: [(id: String, at: String, body: String)] = []
        // Thursday the 19th, 07:00, to Sunday the 29th.
        for day in 19...28 {
            for hour in [7, 9, 15] {
                let now = Self.at(day: day, hour: hour)
                if day == 23 && hour == 7 {
                    // Monday: a file that does not parse keeps the last good schedule.
                    body.withLock { $0 = Self.schedule(version: "1.0", entries: [(1, 0)], time: "25:00") }
                }
                if day == 24 && hour == 7 {
                    // Tuesday: version 2 adds entry 5 two days on and drops entry 4.
                    body.withLock { $0 = Self.schedule(version: "2.0", entries: [(1, 0), (2, 1), (3, 2), (5, 2)]) }
                }
                let prefetch = try await pipeline.run("prefetch", "--now", now)
                #expect(prefetch.status == 0, "\(prefetch.stderr)")
                if day == 23 && hour == 7 {
                    #expect(prefetch.stderr.contains(#"invalid schedule: config.fixedTime: "25:00" is not a time"#), "\(prefetch.stderr)")
                }
                try await pipeline.succeed("plan", "--now", now)
                let output = try await pipeline.succeed("deliver", "--channel", "stdout", "--format", "json", "--now", now + ":30")
                for line in try JSONObject.lines(output) {
                    sent.append((line.string("id") ?? "?", line.string("scheduledAt") ?? "?", line.string("body") ?? "?"))
                }
            }
        }
        // Thursday: 1; Friday: 2; entry 3 (a Saturday) on Monday. Version 2, first seen on
        // Tuesday the 24th: entries 1 to 3 were delivered and are not sent again; entry 5 is
        // due Thursday the 26th; entry 4 (Wednesday the 25th under 1.0) was cancelled.
        #expect(sent.map(\.id) == ["app_notification_1", "app_notification_2", "app_notification_3", "app_notification_5"])
        #expect(
            sent.map(\.at) == [
                "2026-11-19T09:00:00+01:00", "2026-11-20T09:00:00+01:00", "2026-11-23T09:00:00+01:00", "2026-11-26T09:00:00+01:00",
            ])
        #expect(sent.map(\.body) == ["Step 1", "Step 2", "Step 3", "Step 5"])
        let log = try await pipeline.succeed("tidings", "log", "--stage", "plan", "--format", "json")
        #expect(log.contains("cancelled"), "the plan log names the cancellation")
    }
}
