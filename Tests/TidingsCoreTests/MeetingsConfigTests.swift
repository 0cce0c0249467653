import Testing

@testable import TidingsCore

/// `[meetings]`: lead times, the user's addresses and which answers skip an event.
@Suite struct MeetingsConfigTests {
    static let file = "/etc/tidings.toml"

    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig.Meetings {
        try TidingsConfig.parse(toml: text, file: file, directory: "/etc").meetings
    }

    @Test("Left out: one reminder 10 minutes before, nobody is me, tentative counts")
    func defaults() throws {
        let meetings = try Self.parse("[meetings]\nenabled = true\n")
        #expect(meetings.leadTimes == [600_000])
        #expect(meetings.longestLeadTime == 600_000)
        #expect(meetings.me.isEmpty)
        #expect(!meetings.skipTentative)
        #expect(meetings.useEventAlarms)
    }

    @Test("use_event_alarms = false: every event is reminded at lead_times")
    func eventAlarmsOff() throws {
        #expect(try !Self.parse("[meetings]\nuse_event_alarms = false\n").useEventAlarms)
    }

    @Test(
        "lead_times is a list; lead_time the one-element shorthand",
        arguments: [
            ("lead_times = [\"10m\", \"1m\"]", [600_000, 60_000], 600_000),
            ("lead_times = [\"1m\", \"1h30m\", \"1d\"]", [60_000, 5_400_000, 86_400_000], 86_400_000),
            ("lead_times = [\"5m\"]", [300_000], 300_000),
            ("lead_time = \"15m\"", [900_000], 900_000),
        ] as [(String, [Int64], Int64)])
    func leadTimes(line: String, leads: [Int64], longest: Int64) throws {
        let meetings = try Self.parse("[meetings]\n\(line)\n")
        #expect(meetings.leadTimes == leads)
        #expect(meetings.longestLeadTime == longest)
    }

    @Test("me is compared without case and mailto:, each address once; skip_tentative is read")
    func addresses() throws {
        let meetings = try Self.parse(
            """
            [meetings]
            me = [" MAILTO:Alice@Example.ORG ", "alice@example.org", "mailto:bob@work.example"]
            skip_tentative = true
            """)
        #expect(meetings.me == ["alice@example.org", "bob@work.example"])
        #expect(meetings.skipTentative)
    }

    @Test(
        "Refused lead times and addresses name the key",
        arguments: [
            ("lead_time = \"10m\"\nlead_times = [\"1m\"]", "meetings.lead_time", "not both"),
            ("lead_times = []", "meetings.lead_times", "at least one"),
            ("lead_times = [\"10m\", \"2d\"]", "meetings.lead_times[1]", "between 1m and 1d"),
            ("lead_times = [\"30s\"]", "meetings.lead_times[0]", "between 1m and 1d"),
            ("lead_times = [\"10m\", \"600s\"]", "meetings.lead_times[1]", "given twice"),
            ("lead_times = [\"soon\"]", "meetings.lead_times[0]", "expected a duration"),
            ("lead_times = [10]", "meetings.lead_times[0]", "expected a string"),
            ("lead_times = \"10m\"", "meetings.lead_times", "expected an array"),
            ("lead_time = \"25h\"", "meetings.lead_time", "between 1m and 1d"),
            ("lead_time = \"0s\"", "meetings.lead_time", "between 1m and 1d"),
            ("me = [\"alice@example.org\", \"  \"]", "meetings.me[1]", "empty address"),
            ("me = [\"mailto:\"]", "meetings.me[0]", "empty address"),
            ("me = \"alice@example.org\"", "meetings.me", "expected an array"),
            ("skip_tentative = \"yes\"", "meetings.skip_tentative", "expected true or false"),
            ("skip_tentatives = true", "meetings.skip_tentatives", "unknown key"),
            ("use_event_alarms = \"yes\"", "meetings.use_event_alarms", "expected true or false"),
        ])
    func refused(line: String, key: String, fragment: String) {
        do {
            let meetings = try Self.parse("[meetings]\n\(line)\n")
            Issue.record("accepted \(line): \(meetings)")
        } catch {
            #expect(error.file == Self.file)
            #expect(error.key == key)
            #expect(error.message.contains(fragment), "message: \(error.message)")
        }
    }

    @Test(
        "Calendar addresses in one form",
        arguments: [
            ("alice@example.org", "alice@example.org"),
            ("MAILTO:Alice@Example.ORG", "alice@example.org"),
            ("  mailto:  bob@x.example\t", "bob@x.example"),
            ("mailto:", nil),
            (" \t ", nil),
        ] as [(String, String?)])
    func calendarAddress(text: String, normalized: String?) {
        #expect(CalendarAddress.normalized(text) == normalized)
    }
}
