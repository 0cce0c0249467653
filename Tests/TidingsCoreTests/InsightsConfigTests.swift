import Testing

@testable import TidingsCore

/// `[insights]`: how often insights come, when they start, and at what time.
@Suite struct InsightsConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig.Insights {
        try TidingsConfig.parse(toml: text, file: "/c.toml", directory: "/").insights
    }

    @Test("defaults: smart, after 3 taps or 7 days, at 12:00")
    func defaults() throws {
        let insights = try Self.parse("")
        #expect(insights.frequency == .smart && insights.minTaps == 3 && insights.minDays == 7)
        #expect(insights.time == WallTime(hour: 12, minute: 0))
    }

    @Test("every key is read")
    func keys() throws {
        let insights = try Self.parse(
            """
            [insights]
            frequency = "weekly"
            min_taps = 0
            min_days = 30
            time = "08:15"
            """)
        #expect(insights.frequency == .weekly && insights.minTaps == 0 && insights.minDays == 30)
        #expect(insights.time == WallTime(hour: 8, minute: 15))
        #expect(try Self.parse("[insights]\nfrequency = \"off\"").frequency == .off)
    }

    @Test(
        "bad values name the key",
        arguments: [
            ("frequency = \"hourly\"", "insights.frequency", "expected one of \"smart\", \"daily\", \"weekly\", \"off\", found \"hourly\""),
            ("min_taps = -1", "insights.min_taps", "must be between 0 and 1000"),
            ("min_taps = \"3\"", "insights.min_taps", "expected an integer"),
            ("min_days = 4000", "insights.min_days", "must be between 0 and 3650"),
            ("time = \"noon\"", "insights.time", "expected a time as HH:MM"),
            ("category = \"social\"", "insights.category", "unknown key"),
        ])
    func errors(line: String, key: String, message: String) {
        #expect {
            _ = try Self.parse("[insights]\n" + line)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.key == key && error.message.hasPrefix(message) && error.file == "/c.toml"
        }
    }
}
