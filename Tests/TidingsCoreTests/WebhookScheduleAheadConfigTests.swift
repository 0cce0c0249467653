import Testing

@testable import TidingsCore

@Suite struct WebhookScheduleAheadConfigTests {
    static func config(_ extra: String, format: String = "ntfy") throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(
            toml: "[[webhooks]]\nname = \"phone\"\nurl = \"https://ntfy.example.org/t\"\nformat = \"\(format)\"\n\(extra)",
            file: "/c/config.toml", directory: "/c")
    }

    @Test("schedule_ahead: absent hands nothing over; a duration from 10m to 3d makes the target hand over")
    func values() throws {
        let plain = try Self.config("")
        #expect(plain.webhooks.first?.scheduleAhead == nil)
        #expect(plain.handOverReach == nil)
        let ahead = try Self.config("schedule_ahead = \"12h\"")
        #expect(ahead.webhooks.first?.scheduleAhead == Int64(12 * 3_600_000))
        #expect(ahead.handOverTargets.map(\.channel) == [.webhook("phone")])
        #expect(ahead.handOverReach == Int64(12 * 3_600_000))
        #expect(try Self.config("schedule_ahead = \"10m\"").handOverReach == 600_000)
        #expect(try Self.config("schedule_ahead = \"3d\"").handOverReach == 3 * 86_400_000)
        let off = try Self.config("schedule_ahead = \"1h\"\n[channels]\n\"webhook:phone\" = false")
        #expect(off.handOverReach == nil, "a target turned off hands nothing over")
    }

    @Test(
        "Another format, a window out of range or not a duration is an error naming the key",
        arguments: [
            ("schedule_ahead = \"1h\"", "gotify", "only the ntfy format can hold a message until its time"),
            ("schedule_ahead = \"5m\"", "ntfy", "must be between 10m and 3d"),
            ("schedule_ahead = \"4d\"", "ntfy", "must be between 10m and 3d"),
            ("schedule_ahead = \"soon\"", "ntfy", "expected a duration"),
        ])
    func refused(extra: String, format: String, message: String) {
        do {
            _ = try Self.config(extra, format: format)
            Issue.record("accepted \(extra)")
        } catch {
            #expect(error.description.contains("webhooks[0].schedule_ahead"), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }
}
