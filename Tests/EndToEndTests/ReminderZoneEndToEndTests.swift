import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

/// Reminders across a change of zone (an alarm clock keeps its wall time, a timer its
/// instant, quiet hours apply where the user is now), and the repeats made visible.
@Suite struct ReminderZoneEndToEndTests {
    /// Quiet hours from 22:00 to 08:00, no daily update: the reminders are all there is.
    static let config = """
        [quiet_hours]
        enabled = true
        start = "22:00"
        end = "08:00"
        """

    /// `pipeline` with `TZ` set to `zone`.
    static func moved(_ pipeline: Pipeline, to zone: String) -> Pipeline {
        var moved = pipeline
        moved.runner.environment["TZ"] = zone
        return moved
    }

    /// The id a program printed.
    static func id(_ output: String) -> String { output.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The due times `tidings pending` lists, by id.
    static func pending(_ pipeline: Pipeline, now: String) async throws -> [String: String] {
        let lines = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", now))
        return Dictionary(
            lines.compactMap { line in line.string("id").map { ($0, line.string("scheduledAt") ?? "") } }, uniquingKeysWith: { a, _ in a })
    }

    @Test("Berlin to New York with quiet hours: --at and --every keep their wall time, --in its instant, quiet hours apply in New York")
    func zoneChange() async throws {
        let berlin = try Pipeline(config: Self.config, emergencyDaily: false)
        let now = "2026-11-23T20:00"
        try await berlin.succeed("plan", "--now", now)
        let late = Self.id(try await berlin.succeed("tidings", "add", "Late call", "--at", "23:00", "--now", now))
        let evening = Self.id(try await berlin.succeed("tidings", "add", "Evening walk", "--at", "21:30", "--now", now))
        let tea = Self.id(try await berlin.succeed("tidings", "add", "Tea", "--in", "3h", "--now", now))
        // Said as people say them: "in 3h" is a timer like --in, "tomorrow 21:30" an alarm clock.
        let saidTea = Self.id(try await berlin.succeed("tidings", "add", "Green tea", "--at", "in 3h", "--now", now))
        let saidWalk = Self.id(try await berlin.succeed("tidings", "add", "Long walk", "--at", "tomorrow 21:30", "--now", now))
        let pills = Self.id(try await berlin.succeed("tidings", "add", "Pills", "--every", "daily", "--at", "23:00", "--now", now))
        let stretch = Self.id(
            try await berlin.succeed(
                "tidings", "add", "Stretch", "--every", "2h", "--at", "21:00", "--until", "2026-11-24T12:00", "--now", now))
        // In Berlin: 23:00 and the tea at 23:00 wait for 08:00; 21:30 is 21:30.
        let before = try await Self.pending(berlin, now: now)
        #expect(before[late] == "2026-11-24T08:00:00+01:00")
        #expect(before[evening] == "2026-11-23T21:30:00+01:00")
        #expect(before[tea] == "2026-11-24T08:00:00+01:00")
        #expect(before[saidTea] == "2026-11-24T08:00:00+01:00")
        #expect(before[saidWalk] == "2026-11-24T21:30:00+01:00")
        #expect(before["\(pills)@2026-11-23"] == "2026-11-24T08:00:00+01:00")

        // The user flies to New York; the timers' plan there (14:10, six hours behind) places them again.
        let newYork = Self.moved(berlin, to: "America/New_York")
        let there = "2026-11-23T14:10"
        let planned = try await newYork.run("plan", "--if-changed", "--verbose", "--now", there)
        #expect(planned.status == 0 && planned.stderr.contains("the zone changed"), "\(planned.stderr)")
        let after = try await Self.pending(newYork, now: there)
        #expect(after[late] == "2026-11-24T08:00:00-05:00", "23:00 in New York is quiet: 08:00 there, not 02:00")
        #expect(after[evening] == "2026-11-23T21:30:00-05:00", "21:30 stays 21:30, not 15:30")
        #expect(after[tea] == "2026-11-23T17:00:00-05:00", "--in 3h keeps its instant (23:00 in Berlin), no longer quiet")
        #expect(after[saidTea] == "2026-11-23T17:00:00-05:00", "--at \"in 3h\" keeps its instant too")
        #expect(after[saidWalk] == "2026-11-24T21:30:00-05:00", "--at \"tomorrow 21:30\" keeps its wall time")
        #expect(after["\(pills)@2026-11-23"] == "2026-11-24T08:00:00-05:00")
        #expect(after["\(pills)@2026-11-24"] == nil || after["\(pills)@2026-11-24"] == "2026-11-25T08:00:00-05:00")
        #expect(after["\(stretch)@2026-11-23T21:00"] == "2026-11-23T21:00:00-05:00")
        // 23:00 to 07:00 are quiet: the last of them goes at 08:00; then 09:00 and 11:00.
        #expect(after["\(stretch)@2026-11-24T07:00"] == "2026-11-24T08:00:00-05:00")
        #expect(after["\(stretch)@2026-11-24T09:00"] == "2026-11-24T09:00:00-05:00")
        #expect(after["\(stretch)@2026-11-23T23:00"] == nil, "merged into 08:00: \(after)")
        // Planning again there changes nothing.
        try await newYork.succeed("plan", "--now", "2026-11-23T14:20")
        #expect(try await Self.pending(newYork, now: "2026-11-23T14:20") == after)

        // Delivered where the user is: nothing inside quiet hours.
        var sent: [String: String] = [:]
        for time in ["2026-11-23T17:00", "2026-11-23T21:00", "2026-11-23T21:30", "2026-11-24T02:00", "2026-11-24T08:00", "2026-11-24T09:00"] {
            for line in try JSONObject.lines(try await newYork.succeed("deliver", "--channel", "stdout", "--format", "json", "--now", time)) {
                sent[line.string("id") ?? ""] = line.string("deliveredAt")
            }
        }
        #expect(sent[tea] == "2026-11-23T17:00:00-05:00")
        #expect(sent[evening] == "2026-11-23T21:30:00-05:00")
        #expect(sent[late] == "2026-11-24T08:00:00-05:00")
        #expect(sent["\(pills)@2026-11-23"] == "2026-11-24T08:00:00-05:00")
        #expect(!sent.values.contains("2026-11-24T02:00:00-05:00"), "\(sent)")
    }

    @Test("pending --reminders lists each repeat: id, rule, next occurrence and end, as text and json")
    func listRepeats() async throws {
        let pipeline = try Pipeline(config: Self.config, emergencyDaily: false)
        let now = "2026-11-23T10:00"
        let standup = Self.id(try await pipeline.succeed("tidings", "add", "Stand-up notes", "--every", "weekdays", "--at", "09:55", "--now", now))
        let water = Self.id(
            try await pipeline.succeed(
                "tidings", "add", "Drink water", "--every", "2h", "--in", "30m", "--until", "2026-11-30", "--channel", "stdout", "--now", now))
        _ = try await pipeline.succeed("tidings", "add", "Once", "--in", "5m", "--now", now)
        let text = try await pipeline.succeed("tidings", "pending", "--reminders", "--now", now)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "the one-off is no repeat: \(text)")
        #expect(lines.contains("\(standup)  weekdays at 09:55  next 2026-11-24 09:55  no end  Stand-up notes"), "\(text)")
        #expect(lines.contains("\(water)  every 2h from 2026-11-23 10:30  next 2026-11-23 10:30  until 2026-11-30 23:59  Drink water"), "\(text)")

        let json = try JSONObject.lines(
            try await pipeline.succeed("tidings", "pending", "--reminders", "--format", "json", "--now", "2026-11-23T21:00"))
        let byID = Dictionary(json.compactMap { line in line.string("id").map { ($0, line) } }, uniquingKeysWith: { a, _ in a })
        #expect(byID[standup]?.string("every") == "weekdays")
        #expect(byID[standup]?.string("next") == "2026-11-24T09:55:00+01:00")
        #expect(byID[standup]?.isNull("until") == true)
        // At 21:00 the next of every 2h from 10:30 is 22:30, quiet: the group's last goes at 08:00.
        #expect(byID[water]?.string("next") == "2026-11-24T08:00:00+01:00")
        #expect(byID[water]?.string("until") == "2026-11-30T23:59:59+01:00" || byID[water]?.string("until")?.hasPrefix("2026-12-01T00:00") == true)
        #expect(byID[water]?.string("at") == "2026-11-23T10:30")
        #expect((byID[water]?["channels"] as? [String]) == ["stdout"])

        // A stopped repeat is no longer listed.
        try await pipeline.succeed("tidings", "pending", "cancel", standup, "--now", now)
        let left = try await pipeline.succeed("tidings", "pending", "--reminders", "--now", now)
        #expect(!left.contains(standup) && left.contains(water), "\(left)")
    }

    @Test("tidings add names the first occurrence's date when it lies beyond the plan's horizon")
    func beyondHorizon() async throws {
        let pipeline = try Pipeline(config: Self.config, emergencyDaily: false)
        let added = try await pipeline.run(
            "tidings", "add", "Quarterly report", "--every", "daily", "--at", "2026-12-24T09:00", "--now", "2026-11-23T10:00")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("the first occurrence (2026-12-24T09:00:00+01:00) lies beyond the plan's horizon (2d)"), "\(added.stderr)")
    }
}
