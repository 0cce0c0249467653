import Testing
import TidingsCore

/// `[monitoring]`'s ping URLs: one for all stages, one per stage, a stage turned off.
@Suite struct MonitoringPingConfigTests {
    static func parse(_ keys: String) throws(ConfigError) -> TidingsConfig.Monitoring {
        try TidingsConfig.parse(toml: "[monitoring]\n\(keys)\n", file: "/etc/tidings/config.toml", directory: "/etc/tidings").monitoring
    }

    @Test("ping_url for every stage the timers run; a stage's own URL wins; \"\" turns one off")
    func urls() throws {
        let all = try Self.parse("ping_url = \"https://hc-ping.com/uuid-1\"")
        #expect(
            all.pingURLs == [.prefetch: "https://hc-ping.com/uuid-1", .plan: "https://hc-ping.com/uuid-1", .deliver: "https://hc-ping.com/uuid-1"])
        let mixed = try Self.parse(
            "ping_url = \"https://hc-ping.com/uuid-1\"\ndeliver_ping_url = \"https://kuma.example.org/api/push/x\"\nplan_ping_url = \"\"")
        #expect(mixed.pingURLs == [.prefetch: "https://hc-ping.com/uuid-1", .deliver: "https://kuma.example.org/api/push/x"])
        #expect(try Self.parse("").pingURLs.isEmpty)
        #expect(try Self.parse("idle_ping_every = \"30m\"").idlePingEvery == 30 * 60_000)
    }

    @Test(
        "what cannot be a ping URL is an error naming the key",
        arguments: [
            ("ping_url = \"hc-ping.com/uuid\"", "ping_url", "expected an https URL"),
            ("ping_url = \"ftp://hc-ping.com/uuid\"", "ping_url", "expected an https URL"),
            ("deliver_ping_url = \"http://example.org/ping\"", "deliver_ping_url", "only allowed to this machine"),
            ("plan_ping_url = \"\"", "plan_ping_url", "empty"),
            ("idle_ping_every = \"10s\"", "idle_ping_every", "between 1m and 1d"),
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
