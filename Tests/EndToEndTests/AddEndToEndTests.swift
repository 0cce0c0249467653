import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

/// `tidings add` through the built programs: one-off and repeating reminders, what
/// `pending`, `plan` and `deliver` make of them, and the usage errors.
@Suite struct AddEndToEndTests {
    /// A pipeline with no daily update: the reminders are all there is.
    func pipeline(config: String = "") throws -> Pipeline {
        try Pipeline(config: config, emergencyDaily: false)
    }

    /// The id `tidings add` printed, checked for its form.
    func addedID(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let id = output.trimmingCharacters(in: .newlines)
        #expect(output.hasSuffix("\n") && !id.contains("\n"), "one line: \(output)", sourceLocation: sourceLocation)
        #expect(id.wholeMatch(of: /reminder:[a-z2-9]{8}/) != nil, "an id: \(id)", sourceLocation: sourceLocation)
        return id
    }

    @Test("--in: pending lists it, plan runs leave it, deliver sends it when due")
    func inDuration() async throws {
        let pipeline = try pipeline()
        let id = try addedID(
            try await pipeline.succeed("tidings", "add", "Stretch", "--in", "25m", "--body", "Stand up", "--now", "2026-11-23T10:00:30"))
        let line = "2026-11-23 10:25  pending     reminder  \(id)  Stretch\n"
        #expect(try await pipeline.succeed("tidings", "pending", "--now", "2026-11-23T10:01") == line)

        try await pipeline.succeed("plan", "--now", "2026-11-23T10:02")
        try await pipeline.succeed("plan", "--now", "2026-11-23T10:10", "--horizon", "1h")
        #expect(try await pipeline.succeed("tidings", "pending", "--now", "2026-11-23T10:11") == line)

        #expect(try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T10:24").isEmpty)
        let sent = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T10:25")
        #expect(sent.contains("Stretch"))
        #expect(sent.contains("Stand up"))
        #expect(try await pipeline.succeed("tidings", "pending", "--now", "2026-11-23T10:26").isEmpty)
    }

    @Test("--at: HH:MM today, a date and time with its seconds dropped, a passed time refused (64) unless --next")
    func atTime() async throws {
        let pipeline = try pipeline()
        let now = "2026-11-23T10:00"
        let today = try addedID(try await pipeline.succeed("tidings", "add", "Call the dentist", "--at", "14:00", "--now", now))
        let exact = try addedID(try await pipeline.succeed("tidings", "add", "Taxes", "--at", "2026-11-25T15:30:45", "--now", now))

        let passed = try await pipeline.run("tidings", "add", "Stand-up", "--at", "09:00", "--now", now)
        #expect(passed.status == 64)
        #expect(passed.stderr.contains("--at: 09:00 has passed today; add --next for tomorrow"))
        #expect(passed.stdout.isEmpty)
        let pastDate = try await pipeline.run("tidings", "add", "Stand-up", "--at", "2026-11-22T09:00", "--now", now)
        #expect(pastDate.status == 64)
        #expect(pastDate.stderr.contains("--at: 2026-11-22T09:00:00+01:00 has passed"))

        let tomorrow = try addedID(try await pipeline.succeed("tidings", "add", "Stand-up", "--at", "09:00", "--next", "--now", now))
        let items = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", now))
        #expect(items.compactMap { $0.string("id") } == [today, tomorrow, exact])
        #expect(
            items.compactMap { $0.string("scheduledAt") }
                == ["2026-11-23T14:00:00+01:00", "2026-11-24T09:00:00+01:00", "2026-11-25T15:30:00+01:00"])
        #expect(items.allSatisfy { $0.string("kind") == "reminder" && $0.string("category") == "system" && $0.isNull("channels") })
    }

    @Test(
        "--at as people say it: tomorrow 9:00, fri 14:30, 3pm with --next, in 1h30m; an ambiguous phrase refused (64); pending update takes them too")
    func atSpoken() async throws {
        let pipeline = try pipeline()
        let now = "2026-11-23T10:00"  // a Monday, in Berlin
        let tomorrow = try addedID(try await pipeline.succeed("tidings", "add", "Water the plants", "--at", "tomorrow 9:00", "--now", now))
        let friday = try addedID(try await pipeline.succeed("tidings", "add", "Gym", "--at", "fr 14:30", "--now", now))
        let nextDay = try addedID(try await pipeline.succeed("tidings", "add", "Tea", "--at", "9am", "--next", "--now", now))
        let soon = try addedID(try await pipeline.succeed("tidings", "add", "Stretch", "--at", "in 1h30m", "--now", now))

        let ambiguous = try await pipeline.run("tidings", "add", "Stand-up", "--at", "next friday 9:00", "--now", now)
        #expect(ambiguous.status == 64)
        #expect(
            ambiguous.stderr.contains(
                "--at: \"next friday 9:00\" is ambiguous on a Monday: say friday 09:00 for 2026-11-27, or 2026-12-04 09:00 for the Friday after"),
            "\(ambiguous.stderr)")
        #expect(ambiguous.stdout.isEmpty)

        try await pipeline.succeed("tidings", "pending", "update", friday, "--at", "Thursday, 3pm", "--now", now)
        let badPhrase = try await pipeline.run("tidings", "pending", "update", friday, "--at", "tomorrow 9", "--now", now)
        #expect(badPhrase.status == 64)
        #expect(badPhrase.stderr.contains("--at: \"tomorrow 9\": 9 o'clock in the morning or the evening? Say 9:00, 9am or 9pm"))

        let items = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", now))
        let scheduled = Dictionary(uniqueKeysWithValues: items.compactMap { item in item.string("id").map { ($0, item.string("scheduledAt")) } })
        #expect(
            scheduled == [
                soon: "2026-11-23T11:30:00+01:00", tomorrow: "2026-11-24T09:00:00+01:00", nextDay: "2026-11-24T09:00:00+01:00",
                friday: "2026-11-26T15:00:00+01:00",
            ])
    }

    @Test("--every daily --until: each day's occurrence appears once, none lost or doubled across repeated plan runs")
    func dailyRepeat() async throws {
        let pipeline = try pipeline()
        let id = try addedID(
            try await pipeline.succeed(
                "tidings", "add", "Stand-up notes", "--every", "daily", "--at", "09:55", "--until", "2026-11-27", "--now", "2026-11-23T10:00"))
        // 09:55 has passed on the 23rd: the repeat starts on the 24th.
        var sent: [String] = []
        for day in 23...29 {
            for hour in ["06:00", "06:00", "09:54", "18:00"] {
                try await pipeline.succeed("plan", "--now", "2026-11-\(day)T\(hour)")
            }
            let output = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-\(day)T09:56")
            sent += output.split(separator: "\n").filter { $0.contains("Stand-up notes") }.map { _ in "2026-11-\(day)" }
        }
        #expect(sent == ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"])
        let rows = try TidingsDatabase(path: pipeline.database).notifications(ids: (23...29).map { "\(id)@2026-11-\($0)" })
        #expect(rows.keys.sorted() == (24...27).map { "\(id)@2026-11-\($0)" })
        #expect(rows.values.allSatisfy { $0.state == .delivered && $0.kind == .reminder })
    }

    @Test("--every weekdays: no occurrence on Saturday or Sunday")
    func weekdaysRepeat() async throws {
        let pipeline = try pipeline()
        let id = try addedID(
            try await pipeline.succeed(
                "tidings", "add", "Timesheet", "--every", "weekdays", "--at", "17:00", "--now", "2026-11-27T08:00"))
        try await pipeline.succeed("plan", "--now", "2026-11-27T08:00", "--horizon", "4d")
        let items = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-27T08:00"))
        #expect(items.compactMap { $0.string("id") } == ["\(id)@2026-11-27", "\(id)@2026-11-30"])
    }

    @Test("Quiet hours move a reminder by its category; a transactional one passes them")
    func quietHours() async throws {
        let pipeline = try pipeline(config: "[quiet_hours]\nenabled = true\nstart = \"22:00\"\nend = \"07:00\"\n")
        let now = "2026-11-23T20:00"
        let added = try await pipeline.run("tidings", "add", "Take out the bins", "--at", "23:00", "--now", now)
        #expect(added.status == 0)
        #expect(added.stderr.contains("due 2026-11-24T07:00:00+01:00 (moved by quiet hours)"))
        let quiet = try addedID(added.stdout)
        let urgent = try addedID(
            try await pipeline.succeed("tidings", "add", "Check the oven", "--at", "23:00", "--category", "transactional", "--now", now))
        #expect(
            try await pipeline.succeed("tidings", "pending", "--now", now) == """
                2026-11-23 23:00  pending     reminder  \(urgent)  Check the oven
                2026-11-24 07:00  pending     reminder  \(quiet)  Take out the bins

                """)
    }

    @Test("pending cancel cancels it, and plan does not bring it back")
    func cancel() async throws {
        let pipeline = try pipeline()
        let id = try addedID(try await pipeline.succeed("tidings", "add", "Water the plants", "--in", "1h", "--now", "2026-11-23T10:00"))
        #expect(try await pipeline.succeed("tidings", "pending", "cancel", id, "--now", "2026-11-23T10:01") == "cancelled \(id)\n")
        try await pipeline.succeed("plan", "--now", "2026-11-23T10:02")
        #expect(try await pipeline.succeed("tidings", "pending", "--now", "2026-11-23T10:03").isEmpty)
        #expect(try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T11:00").isEmpty)
    }

    @Test("pending cancel with a repeat's id stops it: its occurrences are cancelled and plan creates no more")
    func stopRepeat() async throws {
        let pipeline = try pipeline()
        let id = try addedID(
            try await pipeline.succeed(
                "tidings", "add", "Drink water", "--every", "2h", "--in", "30m", "--until", "18:00", "--now", "2026-11-23T10:00"))
        let listed = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-23T10:00")
        #expect(
            listed.split(separator: "\n").map { $0.split(separator: " ")[4] }
                == ["10:30", "12:30", "14:30", "16:30"].map { "\(id)@2026-11-23T\($0)" })
        let stopped = try await pipeline.succeed("tidings", "pending", "cancel", id, "--now", "2026-11-23T11:00")
        #expect(stopped == "stopped \(id)\n" + ["10:30", "12:30", "14:30", "16:30"].map { "cancelled \(id)@2026-11-23T\($0)\n" }.joined())
        try await pipeline.succeed("plan", "--now", "2026-11-23T11:05")
        #expect(try await pipeline.succeed("tidings", "pending", "--now", "2026-11-23T11:05").isEmpty)
        let again = try await pipeline.run("tidings", "pending", "cancel", id, "--now", "2026-11-23T11:06")
        #expect(again.status == 1)
        #expect(again.stderr.contains("no such notification"))
    }

    @Test("--channel: the reminder goes only there, whatever its category's route")
    func chosenChannel() async throws {
        let pipeline = try pipeline()
        let id = try addedID(
            try await pipeline.succeed(
                "tidings", "add", "Drink water", "--in", "10m", "--channel", "stdout", "--link", "https://example.org/water", "--now",
                "2026-11-23T10:00"))
        let listed = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-23T10:00"))
        #expect(listed.first?["channels"] as? [String] == ["stdout"])
        let sent = try await pipeline.succeed("deliver", "--format", "json", "--now", "2026-11-23T10:10")
        let lines = try JSONObject.lines(sent)
        #expect(lines.compactMap { $0.string("id") } == [id])
        #expect(lines.first?.string("deepLink") == "https://example.org/water")
        #expect(try await pipeline.succeed("tidings", "inbox", "--now", "2026-11-23T10:11").isEmpty)
    }

    @Test("A reminder whose chosen channel is turned off by the time it is due is cancelled with the reason")
    func chosenChannelTurnedOff() async throws {
        let pipeline = try pipeline()
        let id = try addedID(try await pipeline.succeed("tidings", "add", "Tea", "--in", "10m", "--channel", "inbox", "--now", "2026-11-23T10:00"))
        try pipeline.folder.write("[channels]\ninbox = false\n", to: "config.toml")
        #expect(try await pipeline.succeed("deliver", "--now", "2026-11-23T10:10").isEmpty)
        let cancelled = try JSONObject.lines(
            try await pipeline.succeed("tidings", "pending", "--all", "--format", "json", "--now", "2026-11-23T10:00"))
        #expect(cancelled.map { $0.string("id") } == [id])
        #expect(cancelled.first?.string("stateReason") == "its chosen channels are turned off or gone from the config")
    }

    @Test(
        "Usage errors name the option and exit 64",
        arguments: [
            (["", "--in", "10m"], "TITLE: empty"),
            (["Tea"], "say when: --at TIME or --in DURATION"),
            ([String(repeating: "Tea ", count: 25), "--in", "10m"], "TITLE: longer than 80 characters"),
            (["Tea", "--body", String(repeating: "x", count: 281), "--in", "10m"], "--body: longer than 280 characters"),
            (["Tea", "--at", "12:00", "--in", "10m"], "--at and --in: give one of them, not both"),
            (["Tea", "--in", "soon"], "--in: expected a duration"),
            (["Tea", "--in", "10m", "--category", "urgent"], "--category: expected one of transactional, system, social, marketing"),
            (["Tea", "--in", "10m", "--link", "http://example.org"], "--link: scheme http: is not allowed"),
            (["Tea", "--in", "10m", "--until", "18:00"], "--until needs --every"),
            (["Tea", "--at", "2026-11-24T09:00", "--next"], "--next goes with --at and a time of day alone"),
            (["Tea", "--at", "tomorrow 9:00", "--next"], "--next goes with --at and a time of day alone"),
            (["Tea", "--at", "1/2 9:00"], "--at: \"1/2\" in \"1/2 9:00\": day or month first? Write the date as YYYY-MM-DD"),
            (["Tea", "--in", "10m", "--channel", "pager"], "--channel: unknown channel \"pager\""),
            (["Tea", "--in", "10m", "--channel", "webhook:phone"], "--channel: no [[webhooks]] entry is named \"phone\""),
            (["Tea", "--in", "10m", "--every", "5m"], "--every: a repeat is whole minutes, at least 30m"),
            (
                ["Tea", "--at", "18:00", "--every", "daily", "--until", "2026-11-22"],
                "--until: 2026-11-22T23:59:59+01:00 comes before the first time"
            ),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let pipeline = try pipeline()
        let result = try await pipeline.runner.run("tidings", ["add"] + arguments + ["--now", "2026-11-23T10:00"])
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
