import Testing

@testable import TidingsCore

/// `delivery.wake` and the edit of `daily.time` that `tidings init --daily-time` makes.
@Suite struct WakeConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: "/c.toml", directory: "/")
    }

    @Test("delivery.wake: left out means decided at run time, \"exact\" and \"minute\" are kept")
    func wakeKey() throws {
        #expect(try Self.parse("").delivery.wake == nil)
        #expect(try Self.parse("[delivery]\nwake = \"exact\"").delivery.wake == .exact)
        #expect(try Self.parse("[delivery]\nwake = \"minute\"\ngrace = \"1h\"").delivery.wake == .minute)
    }

    @Test(
        "a wrong delivery.wake names the key and the choices",
        arguments: [
            ("wake = \"hourly\"", "expected one of \"exact\", \"minute\", found \"hourly\""),
            ("wake = true", "expected a string, found "),
        ])
    func wakeErrors(line: String, message: String) {
        #expect {
            _ = try Self.parse("[delivery]\n" + line)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.key == "delivery.wake" && error.message.hasPrefix(message)
        }
    }

    static let eight = WallTime(hour: 8, minute: 5) ?? .midnight

    @Test("the time line of [daily] is rewritten, its comment and every other line kept")
    func rewritesTimeLine() throws {
        let text = """
            # mine
            [daily]
            enabled = true
            time = "07:30"          # local wall time
            [weekly]
            time = "18:00"

            """
        let edited = ConfigText.settingDailyTime(Self.eight, in: text)
        #expect(edited == text.replacingOccurrences(of: "time = \"07:30\"          # local", with: "time = \"08:05\"          # local"))
        #expect(try Self.parse(edited).daily.time == Self.eight)
        #expect(try Self.parse(edited).weekly.time == WallTime(hour: 18, minute: 0))
        #expect(ConfigText.settingDailyTime(Self.eight, in: edited) == edited)
    }

    @Test("without a time line it goes under [daily]; without [daily] a table is appended")
    func addsTimeLine() throws {
        let noLine = "[daily] # the update\nenabled = false\n[[sources]]\nname = \"a\"\nurl = \"file:a.json\"\n"
        let edited = ConfigText.settingDailyTime(Self.eight, in: noLine)
        #expect(edited == "[daily] # the update\ntime = \"08:05\"\nenabled = false\n[[sources]]\nname = \"a\"\nurl = \"file:a.json\"\n")
        #expect(try Self.parse(edited).daily.time == Self.eight)

        for text in ["", "[plan]\nhorizon = \"3d\"\n", "[plan]\nhorizon = \"3d\""] {
            let appended = ConfigText.settingDailyTime(Self.eight, in: text)
            #expect(appended.hasSuffix("[daily]\ntime = \"08:05\"\n"), "\(appended)")
            #expect(try Self.parse(appended).daily.time == Self.eight)
        }
    }

    @Test("a time key in another table, a # inside a string and a timezone key are not taken for daily.time")
    func leavesOtherKeys() throws {
        let text = "[weekly]\ntime = \"18:00\"\n[daily]\ntimezone_note = 1\ntime = \"06:00\" # at \"#6\"\n"
        let edited = ConfigText.settingDailyTime(Self.eight, in: text)
        #expect(edited == "[weekly]\ntime = \"18:00\"\n[daily]\ntimezone_note = 1\ntime = \"08:05\" # at \"#6\"\n")
    }
}
