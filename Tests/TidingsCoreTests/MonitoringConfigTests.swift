import Testing

@testable import TidingsCore

/// `[monitoring]`: how often each stage is expected to succeed.
@Suite struct MonitoringConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig.Monitoring {
        try TidingsConfig.parse(toml: text, file: "/c.toml", directory: "/").monitoring
    }

    @Test("defaults: prefetch and plan 6h, deliver 5m, report not watched")
    func defaults() throws {
        #expect(try Self.parse("").expected == [.prefetch: 21_600_000, .plan: 21_600_000, .deliver: 300_000])
    }

    @Test("durations set an interval, \"off\" stops watching, keys left out keep the default")
    func keys() throws {
        let monitoring = try Self.parse(
            """
            [monitoring]
            expect_prefetch = "off"
            expect_deliver = "2m"
            expect_report = "1h30m"
            """)
        #expect(monitoring.expected == [.plan: 21_600_000, .deliver: 120_000, .report: 5_400_000])
    }

    @Test(
        "bad values name the key",
        arguments: [
            ("expect_deliver = \"0s\"", "monitoring.expect_deliver", "must be between 1s and 366d; use \"off\" to not watch deliver"),
            ("expect_plan = \"367d\"", "monitoring.expect_plan", "must be between 1s and 366d; use \"off\" to not watch plan"),
            ("expect_plan = \"soon\"", "monitoring.expect_plan", "expected a duration such as \"30s\", \"2h\" or \"1h30m\", found \"soon\""),
            ("expect_plan = 5", "monitoring.expect_plan", "expected a string, found "),
            ("expect_fetch = \"1h\"", "monitoring.expect_fetch", "unknown key"),
        ])
    func errors(line: String, key: String, message: String) {
        #expect {
            _ = try Self.parse("[monitoring]\n" + line)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.key == key && error.message.hasPrefix(message)
        }
    }
}
