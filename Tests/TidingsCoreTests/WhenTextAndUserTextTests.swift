import Testing

@testable import TidingsCore

/// The times and text `tidings pending update` takes.
@Suite struct WhenTextAndUserTextTests {
    @Test(
        "A wall time means the next time the clock shows it; an ISO time is local unless it has an offset; +DURATION counts from now",
        arguments: [
            ("09:15", "2026-11-23T08:15Z"),
            ("7:59", "2026-11-24T06:59Z"),
            ("08:00", "2026-11-24T07:00Z"),
            ("08:01", "2026-11-23T07:01Z"),
            ("+10m", "2026-11-23T07:10Z"),
            ("+1h30m", "2026-11-23T08:30Z"),
            ("2026-11-25T18:00", "2026-11-25T17:00Z"),
            ("2026-11-25T18:00Z", "2026-11-25T18:00Z"),
        ])
    func parses(text: String, expected: String) throws {
        let berlin = try Oracle.zone("Europe/Berlin")
        // 08:00 in Berlin.
        let now = Oracle.utc("2026-11-23T07:00Z")
        #expect(WhenText.parse(text, now: now, zone: berlin) == Oracle.utc(expected))
    }

    @Test("Anything else is refused", arguments: ["", "+0m", "+", "-10m", "+10", "25:00", "9", "2026-11-25", "tomorrow", "2026-11-25T25:00"])
    func refuses(text: String) throws {
        #expect(WhenText.parse(text, now: Oracle.utc("2026-11-23T07:00Z"), zone: try Oracle.zone("Europe/Berlin")) == nil)
    }

    @Test(
        "Times given by people are whole minutes: +DURATION and a date-time drop their seconds",
        arguments: [
            ("+1m", "2026-11-23T06:13:00Z"),
            ("+30s", "2026-11-23T06:12:00Z"),
            ("+1h", "2026-11-23T07:12:00Z"),
            ("2026-11-25T18:00:42", "2026-11-25T17:00:00Z"),
            ("08:13", "2026-11-23T07:13:00Z"),
        ])
    func wholeMinutes(text: String, expected: String) throws {
        // 07:12:04.500 in Berlin.
        let now = Oracle.utc("2026-11-23T06:12:04Z") + 500
        #expect(WhenText.parse(text, now: now, zone: try Oracle.zone("Europe/Berlin")) == Oracle.utc(expected))
    }

    @Test("Dropping the seconds goes towards the past, also before 1970")
    func wholeMinuteBefore1970() {
        #expect(WhenText.wholeMinute(-1) == -60_000)
        #expect(WhenText.wholeMinute(-60_000) == -60_000)
        #expect(WhenText.wholeMinute(119_999) == 60_000)
    }

    @Test("A wall time that passed today on a day clocks go forward is tomorrow's")
    func dst() throws {
        let berlin = try Oracle.zone("Europe/Berlin")
        // 2026-03-29 03:30 CEST, just after the change.
        let now = Oracle.utc("2026-03-29T01:30Z")
        #expect(WhenText.parse("02:30", now: now, zone: berlin) == Oracle.utc("2026-03-30T00:30Z"))
        #expect(WhenText.parse("04:00", now: now, zone: berlin) == Oracle.utc("2026-03-29T02:00Z"))
    }

    @Test("Titles and bodies are cleaned like content; an empty title or text over the limits is refused with the field")
    func userText() throws {
        #expect(try UserText.title("  Call\u{202E} Ann\n ") == "Call Ann")
        #expect(try UserText.body("") == "")
        #expect(throws: UserText.Problem(field: "title", message: "empty")) { try UserText.title(" \t") }
        let long = String(repeating: "x", count: ContentPayload.maxTitleLength + 1)
        #expect(throws: UserText.Problem(field: "title", message: "longer than 80 characters (81)")) { try UserText.title(long) }
        #expect(throws: UserText.Problem(field: "body", message: "longer than 280 characters (281)")) {
            try UserText.body(String(repeating: "y", count: 281))
        }
        #expect(UserText.Problem(field: "body", message: "empty").description == "--body: empty")
    }
}
