import Foundation
import Testing
import TidingsTestSupport

/// A config file that breaks after a plan: what was planned still goes out, on the last good
/// config, and everyone who looks is told the error with its line.
@Suite struct LastGoodConfigEndToEndTests {
    /// Meeting reminders and Tidings' own notices both print on stdout.
    static let config = """
        [daily]
        enabled = false

        [routes]
        transactional = ["stdout"]
        system = ["stdout"]

        [[sources]]
        name = "work"
        type = "calendar"
        url = "file:work.ics"

        """

    static let review = """
        UID:review-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Client review
        DTSTART;TZID=Europe/Berlin:20261123T090000
        DTEND;TZID=Europe/Berlin:20261123T100000
        LOCATION:https://acme.zoom.us/j/81234567890?pwd=abcDEF123
        """

    /// The broken files: the text added to the good one, the line the error is on, and a
    /// piece of what is wrong.
    static let breakages: [(added: String, line: Int, problem: String)] = [
        ("[meetings]\nlaed_times = [\"5m\"]\n", 14, #"meetings.laed_times: unknown key "laed_times" in [meetings]; did you mean "lead_times"?"#),
        ("[daily]\nenabled = true\n", 13, "daily"),
    ]

    /// The bytes of the database file and its WAL (nil for a file not there).
    static func contents(of database: String) -> [Data?] {
        [database, database + "-wal"].map { FileManager.default.contents(atPath: $0) }
    }

    @Test(
        "a misspelt key or a duplicated table after a plan: deliver sends what was planned on the last good config and tells the person once; doctor, report and nagios show the error; plan and prefetch refuse it",
        arguments: 0..<2)
    func brokenAfterPlan(_ index: Int) async throws {
        let breakage = Self.breakages[index]
        // Given a meeting reminder planned with a good config (due 08:50).
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(CalendarEndToEndTests.calendar([Self.review]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T20:00")

        // When the file breaks.
        try pipeline.folder.write(Self.config + "\n" + breakage.added, to: "config.toml")

        // plan and prefetch refuse it, naming the file and the line.
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T08:00")
        #expect(plan.status == 64)
        let prefix = "plan: error: config \(pipeline.config): line \(breakage.line): "
        #expect(plan.stderr.hasPrefix(prefix), "\(plan.stderr)")
        #expect(plan.stderr.contains(breakage.problem), "\(plan.stderr)")
        let error = String(plan.stderr.dropFirst("plan: error: ".count).dropLast())
        let prefetch = try await pipeline.run("prefetch", "--now", "2026-11-23T08:00")
        #expect(prefetch.status == 64)
        #expect(prefetch.stderr == "prefetch: error: \(error)\n")

        // deliver at the due time sends the reminder, says the error and tells the person.
        let deliver = try await pipeline.run("deliver", "--now", "2026-11-23T08:50")
        #expect(deliver.status == 0, "\(deliver.stderr)")
        #expect(deliver.stdout.contains("Client review"), "\(deliver.stdout)")
        #expect(
            deliver.stderr.contains("deliver: warning: \(error); going on with its last good version, stored 2026-11-22 20:00\n"), "\(deliver.stderr)"
        )
        #expect(deliver.stdout.contains("Your Tidings config has an error on line \(breakage.line): "), "\(deliver.stdout)")
        #expect(deliver.stdout.contains("reminders go on with the config of 2026-11-22 20:00."), "\(deliver.stdout)")

        // Told once: the next runs say the error on stderr only.
        let again = try await pipeline.run("deliver", "--now", "2026-11-23T08:51")
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty, "\(again.stdout)")
        #expect(again.stderr.contains("deliver: warning: \(error)"))
        // ...and write nothing to the database when nothing is due.
        let stored = Self.contents(of: pipeline.database)
        #expect(try await pipeline.run("deliver", "--now", "2026-11-23T08:51").status == 0)
        #expect(Self.contents(of: pipeline.database) == stored)

        // doctor: ✗ with the line, and every other check still made.
        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-23T08:52")
        #expect(doctor.status == 1)
        let configLine = doctor.stdout.split(separator: "\n").first { $0.hasPrefix("✗ config") }
        #expect(configLine?.hasSuffix(String(error.dropFirst("config ".count))) == true, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("fix: correct line \(breakage.line) of the file"), "\(doctor.stdout)")
        for check in ["✓ clock", "✓ database", "last plan", "last deliver", "calendar work", "channel inbox"] {
            #expect(doctor.stdout.contains(check), "\(check): \(doctor.stdout)")
        }

        // report: WARNING on the Nagios line, a flag in JSON and Prometheus.
        let nagios = try await pipeline.run("report", "--format", "nagios", "--now", "2026-11-23T08:52")
        #expect(nagios.status == 1, "\(nagios.stdout)")
        #expect(nagios.stdout.hasPrefix("TIDINGS WARNING - config error: \(pipeline.config): line \(breakage.line): "), "\(nagios.stdout)")
        let json = try JSONObject(try await pipeline.succeed("report", "--format", "json", "--now", "2026-11-23T08:52"))
        #expect(json.string("configError") == String(error.dropFirst("config ".count)))
        let prometheus = try await pipeline.succeed("report", "--format", "prometheus", "--now", "2026-11-23T08:52")
        #expect(prometheus.contains("\ntidings_config_error 1\n"))

        // The commands that only read go on too, saying the error.
        for command in [["log"], ["inbox"], ["pending"], ["next"], ["join", "--print"]] {
            let result = try await pipeline.runner.run("tidings", command + ["--now", "2026-11-23T08:52"])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("tidings \(command[0]): warning: \(error)"), "\(command): \(result.stderr)")
        }
        #expect(try await pipeline.succeed("tidings", "join", "--print", "--now", "2026-11-23T08:52").contains("acme.zoom.us"))

        // Fixed: plan keeps the new text, and nothing is said any more.
        try pipeline.folder.write(Self.config, to: "config.toml")
        try await pipeline.succeed("plan", "--now", "2026-11-23T09:00")
        let fixed = try await pipeline.run("report", "--format", "nagios", "--now", "2026-11-23T09:01")
        #expect(!fixed.stdout.contains("config error"), "\(fixed.stdout)")
        #expect(try await pipeline.succeed("report", "--format", "prometheus", "--now", "2026-11-23T09:01").contains("\ntidings_config_error 0\n"))
    }

    @Test("with no last good config, deliver refuses a broken file (64) and doctor still makes every other check")
    func noLastGood() async throws {
        let pipeline = try Pipeline(config: Self.config + "[meetings]\nlaed_times = [\"5m\"]\n")
        let deliver = try await pipeline.run("deliver", "--now", "2026-11-23T08:50")
        #expect(deliver.status == 64)
        #expect(
            deliver.stderr
                == "deliver: error: config \(pipeline.config): line 13: meetings.laed_times: unknown key \"laed_times\" in [meetings]; did you mean \"lead_times\"?\n"
        )

        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-23T08:50")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("✗ config"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("line 13: meetings.laed_times"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("no last good version is stored"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("✗ database"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("✓ clock"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("channel inbox"), "\(doctor.stdout)")
    }

    @Test("no file before: a reminder added under the built-in defaults still goes out when a broken file appears, and the person is told once")
    func builtInBefore() async throws {
        // Given no config file at its default place: tidings add runs on the built-in defaults.
        var pipeline = try Pipeline()
        pipeline.runner.environment["TIDINGS_CONFIG"] = nil
        pipeline.runner.environment["XDG_CONFIG_HOME"] = pipeline.folder.file("xdg")
        let folder = pipeline.folder.file("xdg/tidings")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let id = try await pipeline.succeed("tidings", "add", "Stretch", "--in", "10m", "--now", "2026-11-23T10:00")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // When a file with an error appears.
        try "[daily]\ntme = \"08:00\"\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        // Then deliver goes on with the built-in defaults: the reminder goes out, the error
        // is named with its line, and the person is told.
        let first = try await pipeline.run("deliver", "--channel", "stdout", "--format", "json", "--now", "2026-11-23T10:10")
        #expect(first.status == 0, "\(first.stderr)")
        let sent = try JSONObject.lines(first.stdout)
        #expect(sent.contains { $0.string("id") == id }, "\(first.stdout)")
        #expect(
            sent.contains {
                $0.string("title") == "Tidings config error" && $0.string("body")?.contains("the built-in defaults in force before it") == true
            }, "\(first.stdout)")
        #expect(first.stderr.contains("line 2: daily.tme: unknown key"), "\(first.stderr)")
        #expect(first.stderr.contains("going on with the built-in defaults, in force before the file appeared"), "\(first.stderr)")
        // Told once: the next run sends nothing more.
        let second = try await pipeline.run("deliver", "--channel", "stdout", "--format", "json", "--now", "2026-11-23T10:11")
        #expect(second.status == 0 && second.stdout.isEmpty, "\(second.stdout)\(second.stderr)")
    }
}
