import Testing
import TidingsCore

/// The times `tidings add` takes: --at, --in, --until and --every.
@Suite struct ReminderTimeTests {
    /// 10:00:30 in Berlin on Monday 2026-11-23.
    let now = Oracle.utc("2026-11-23T09:00:30Z")

    @Test(
        "--at: HH:MM today, tomorrow with --next when passed; a date and time with its seconds dropped",
        arguments: [
            ("14:00", false, "2026-11-23T13:00Z"),
            ("14:00", true, "2026-11-23T13:00Z"),
            ("9:15", true, "2026-11-24T08:15Z"),
            ("10:00", true, "2026-11-24T09:00Z"),
            ("10:01", false, "2026-11-23T09:01Z"),
            ("2026-11-25T15:30:45", false, "2026-11-25T14:30Z"),
            ("2026-11-25T15:30Z", false, "2026-11-25T15:30Z"),
        ])
    func at(text: String, next: Bool, expected: String) throws {
        let berlin = try Oracle.zone("Europe/Berlin")
        #expect(try ReminderTime.at(text, next: next, now: now, zone: berlin) == Oracle.utc(expected))
    }

    @Test(
        "--at refuses a passed time, naming the option",
        arguments: [
            ("10:00", "--at: 10:00 has passed today; add --next for tomorrow"),
            ("2026-11-23T10:00:10", "--at: 2026-11-23T10:00:00+01:00 has passed (now is 2026-11-23T10:00:30+01:00)"),
            ("2026-11-23", "--at: \"2026-11-23\": say at what time too"),
            ("9am", "--at: 09:00 has passed today; add --next for tomorrow"),
            ("mon 9:00", "--at: \"mon 9:00\": today is Monday and 09:00 has passed"),
            ("noonish", "--at: expected HH:MM, a date and time"),
            ("25:00", "--at: expected HH:MM, a date and time"),
        ])
    func atRefused(text: String, message: String) throws {
        let berlin = try Oracle.zone("Europe/Berlin")
        let problem = #expect(throws: ReminderTime.Problem.self) { try ReminderTime.at(text, next: false, now: now, zone: berlin) }
        #expect(problem?.description.hasPrefix(message) == true, "\(problem?.description ?? "")")
    }

    @Test(
        "--at takes phrases: a time of day alone follows the rule of HH:MM (--next), a day or a span does not need it",
        arguments: [
            ("noon", false, "2026-11-23T11:00Z"),
            ("9am", true, "2026-11-24T08:00Z"),
            ("tomorrow 9:00", false, "2026-11-24T08:00Z"),
            ("fri 14:30", false, "2026-11-27T13:30Z"),
            ("in 1h30m", false, "2026-11-23T10:30Z"),
        ])
    func atPhrase(text: String, next: Bool, expected: String) throws {
        let berlin = try Oracle.zone("Europe/Berlin")
        #expect(try ReminderTime.at(text, next: next, now: now, zone: berlin) == Oracle.utc(expected))
    }

    @Test("--in counts from now to a whole minute; less than a minute or no unit is refused")
    func after() throws {
        #expect(try ReminderTime.after("25m", now: now) == Oracle.utc("2026-11-23T09:25Z"))
        #expect(try ReminderTime.after("1h30m", now: now) == Oracle.utc("2026-11-23T10:30Z"))
        for text in ["", "30s", "10", "soon", "-5m"] {
            #expect(throws: ReminderTime.Problem.self, "\(text)") { try ReminderTime.after(text, now: now) }
        }
    }

    @Test("--until: HH:MM next, a date through its end, a date and time, a phrase with a time")
    func until() throws {
        let berlin = try Oracle.zone("Europe/Berlin")
        #expect(try ReminderTime.until("18:00", now: now, zone: berlin) == Oracle.utc("2026-11-23T17:00Z"))
        #expect(try ReminderTime.until("08:00", now: now, zone: berlin) == Oracle.utc("2026-11-24T07:00Z"))
        #expect(try ReminderTime.until("2026-11-30", now: now, zone: berlin) == Oracle.utc("2026-11-30T23:00Z") - 1)
        #expect(try ReminderTime.until("2026-11-30T12:00", now: now, zone: berlin) == Oracle.utc("2026-11-30T11:00Z"))
        #expect(try ReminderTime.until("fri 18:00", now: now, zone: berlin) == Oracle.utc("2026-11-27T17:00Z"))
        #expect(try ReminderTime.until("tomorrow 6pm", now: now, zone: berlin) == Oracle.utc("2026-11-24T17:00Z"))
        #expect(try ReminderTime.until("6pm", now: now, zone: berlin) == Oracle.utc("2026-11-23T17:00Z"))
        let dayAlone = #expect(throws: ReminderTime.Problem.self) { try ReminderTime.until("Friday", now: now, zone: berlin) }
        #expect(dayAlone?.description == "--until: \"Friday\": say at what time too, such as Friday 9:00")
        let unknown = #expect(throws: ReminderTime.Problem.self) { try ReminderTime.until("someday", now: now, zone: berlin) }
        #expect(unknown?.description.hasPrefix("--until: expected HH:MM, a date such as 2026-11-30") == true)
    }

    @Test("--every: daily, weekdays or a span of whole minutes, at least 30m")
    func every() throws {
        #expect(try Repetition("daily") == .daily)
        #expect(try Repetition("Weekdays") == .weekdays)
        #expect(try Repetition("2h") == .every(2 * Oracle.hour))
        #expect(try Repetition("1h30m").description == "1h30m")
        for text in ["5m", "29m", "90s", "30m30s", "hourly", ""] {
            #expect(throws: ReminderTime.Problem.self, "\(text)") { try Repetition(text) }
        }
    }

    @Test("Seconds are dropped, before 1970 too")
    func wholeMinute() {
        #expect(WhenText.wholeMinute(Oracle.utc("2026-11-23T09:00:30Z")) == Oracle.utc("2026-11-23T09:00Z"))
        #expect(WhenText.wholeMinute(-1) == -60_000)
    }
}
