import Testing
import TidingsCore

/// `[nag]`: which categories and kinds nag until seen, how often and how many times.
@Suite struct NagConfigTests {
    static func parse(_ keys: String) throws(ConfigError) -> TidingsConfig.Nag {
        try TidingsConfig.parse(toml: "[nag]\n\(keys)\n", file: "/etc/tidings/config.toml", directory: "/etc/tidings").nag
    }

    @Test("A kind's rule wins over its category's; times applies to every rule; nothing nags by default, a test never")
    func rules() throws {
        let nag = try Self.parse("times = 5\nmeeting = \"2m\"\ntransactional = \"10m\"")
        #expect(nag.rule(kind: .meeting, category: .transactional) == NagRule(every: 120_000, times: 5))
        #expect(nag.rule(kind: .reminder, category: .transactional) == NagRule(every: 600_000, times: 5))
        #expect(nag.rule(kind: .reminder, category: .system) == nil)
        #expect(nag.rule(kind: .test, category: .transactional) == nil)
        let none = try Self.parse("")
        #expect(none.isEmpty && none.times == NagRule.defaultTimes)
        #expect(try TidingsConfig.parse(toml: "", file: "c.toml", directory: "/").nag.rule(kind: .daily, category: .system) == nil)
    }

    @Test(
        "A value out of range, a test kind or an unknown key is an error naming the key",
        arguments: [
            ("system = \"30s\"", "nag.system", "between 1m and 1d, found 30s"),
            ("meeting = \"2d\"", "nag.meeting", "between 1m and 1d"),
            ("daily = \"often\"", "nag.daily", "expected a duration"),
            ("times = 0", "nag.times", "between 1 and 20, found 0"),
            ("times = 21", "nag.times", "between 1 and 20"),
            ("test = \"5m\"", "nag.test", "a test notification never nags"),
            ("every = \"5m\"", "nag.every", "unknown"),
        ])
    func refused(keys: String, key: String, problem: String) {
        do {
            _ = try Self.parse(keys)
            Issue.record("no error for \(keys)")
        } catch {
            #expect(error.description.contains(key) && error.description.contains(problem), "\(error.description)")
        }
    }
}
