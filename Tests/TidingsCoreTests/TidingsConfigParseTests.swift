import Testing

@testable import TidingsCore

@Suite struct TidingsConfigParseTests {
    static let file = "/home/u/.config/tidings/config.toml"
    static let directory = "/home/u/.config/tidings"

    static func parse(_ text: String, directory: String = directory) throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: file, directory: directory)
    }

    @Test("an empty file gives the documented defaults")
    func defaults() throws {
        let config = try Self.parse("")
        // No content source: the daily update is off unless the file asks for it.
        #expect(!config.daily.enabled)
        #expect(config.daily.offWithoutContent)
        #expect(config.daily.time == WallTime(hour: 7, minute: 30))
        #expect(!config.daily.weekdaysOnly)
        #expect(config.daily.category == .system)
        #expect(!config.quietHours.enabled)
        #expect(config.quietHours.start == WallTime(hour: 22, minute: 0))
        #expect(config.quietHours.end == WallTime(hour: 7, minute: 0))
        #expect(config.delivery.grace == 2 * 3_600_000)
        #expect(config.fallback.staleAfter == 12 * 3_600_000)
        #expect(config.fallback.messages.isEmpty)
        #expect(config.plan.horizon == 2 * 86_400_000)
        #expect(config.sources.isEmpty)
        var defaults = TidingsConfig()
        defaults.daily.enabled = false
        defaults.daily.offWithoutContent = true
        #expect(config == defaults)
        #expect(try Self.parse("# only a comment\n\n") == defaults)
    }

    static let calendar = "[[sources]]\nname = \"work\"\ntype = \"calendar\"\nurl = \"file:work.ics\"\n"
    static let content = "[[sources]]\nname = \"news\"\nurl = \"file:news.json\"\n"

    @Test(
        "the daily update is on with a content source, off without one unless enabled says so",
        arguments: [
            ("", false, true),
            (calendar, false, true),
            (calendar + "[[sources]]\nname = \"s\"\ntype = \"schedule\"\nurl = \"file:s.json\"\n", false, true),
            (content, true, false),
            (calendar + content, true, false),
            ("[daily]\nenabled = true\n" + calendar, true, false),
            ("[daily]\ntime = \"06:00\"\n" + calendar, false, true),
            ("[daily]\nenabled = false\n" + content, false, false),
            ("[daily]\nenabled = false\n", false, false),
        ])
    func dailyWithoutContent(text: String, enabled: Bool, offWithoutContent: Bool) throws {
        let daily = try Self.parse(text).daily
        #expect(daily.enabled == enabled)
        #expect(daily.offWithoutContent == offWithoutContent)
    }

    @Test("the daily update's status says when and why it is off")
    func dailyStatus() throws {
        #expect(try Self.parse(Self.calendar).daily.status == "off (no content source; set [daily] enabled = true to get one)")
        #expect(try Self.parse("[daily]\nenabled = false\n" + Self.content).daily.status == "off (daily.enabled = false)")
        #expect(try Self.parse("[daily]\ntime = \"06:15\"\nweekdays_only = true\n" + Self.content).daily.status == "at 06:15 on weekdays")
        // No file: the built-in config, with the sample content, keeps it on.
        #expect(TidingsConfig.builtIn(sampleContentURL: "file:///s.json").daily.enabled)
    }

    @Test("a file with every key sets every field")
    func everyKey() throws {
        let text = """
            [daily]
            enabled = false
            time = "06:45"
            weekdays_only = true
            category = "transactional"

            [quiet_hours]
            enabled = true
            start = "23:00"
            end = "6:30"

            [delivery]
            grace = "30m"

            [fallback]
            messages = ["  Line one ", "Line\\ttwo"]
            stale_after = "1h30m"

            [plan]
            horizon = "3d"

            [[sources]]
            name = "news"
            url = "https://example.org/today.json"
            timeout = "10s"

            [[sources]]
            name = "local_2.x"
            type = "content"
            url = "file:today.json"
            """
        let config = try Self.parse(text)
        #expect(!config.daily.enabled)
        #expect(config.daily.time == WallTime(hour: 6, minute: 45))
        #expect(config.daily.weekdaysOnly)
        #expect(config.daily.category == .transactional)
        #expect(config.quietHours == QuietHours(enabled: true, start: try Oracle.wall("23:00"), end: try Oracle.wall("06:30")))
        #expect(config.delivery.grace == 30 * 60_000)
        #expect(config.fallback.messages == ["Line one", "Line two"])
        #expect(config.fallback.staleAfter == 90 * 60_000)
        #expect(config.plan.horizon == 3 * 86_400_000)
        #expect(
            config.sources == [
                TidingsConfig.Source(name: "news", url: "https://example.org/today.json", timeout: 10_000),
                TidingsConfig.Source(name: "local_2.x", url: "file:///home/u/.config/tidings/today.json"),
            ])
    }

    @Test("every: calendars 15m and the rest 6h unless a source says otherwise")
    func sourceEvery() throws {
        let config = try Self.parse(
            """
            [[sources]]
            name = "work"
            type = "calendar"
            url = "https://example.org/work.ics"

            [[sources]]
            name = "team"
            type = "calendar"
            url = "https://example.org/team.ics"
            every = "1h"

            [[sources]]
            name = "news"
            url = "https://example.org/today.json"

            [[sources]]
            name = "ops"
            type = "schedule"
            url = "https://example.org/ops.json"
            every = "5m"
            """)
        let expected: [Int64] = [15 * 60_000, 3_600_000, 6 * 3_600_000, 5 * 60_000]
        #expect(config.sources.map(\.every) == expected)
    }

    @Test(
        "source URLs: https anywhere, file paths, http only to this machine",
        arguments: [
            ("https://example.org/feed.json", true),
            ("http://127.0.0.1:8080/x", true),
            ("http://localhost/x", true),
            ("http://[::1]:9000/x", true),
            ("file:///srv/today.json", true),
            ("http://example.org", false),
            ("http://10.0.0.1/x", false),
            ("https://", false),
            ("ftp://example.org/x", false),
            ("example.org/x", false),
        ])
    func sourceURL(url: String, accepted: Bool) {
        let text = "[[sources]]\nname = \"s\"\nurl = \"\(url)\"\n"
        do {
            let config = try Self.parse(text)
            #expect(accepted, "\(url) should have been refused")
            #expect(config.sources.first?.url == url)
        } catch {
            #expect(!accepted, "\(url) refused: \(error)")
            #expect(error.key == "sources[0].url")
            #expect(error.file == Self.file)
        }
    }

    @Test(
        "a relative file: URL is resolved against the config's folder",
        arguments: [("/dir", "file:///dir/today.json"), ("/dir/", "file:///dir/today.json"), ("/a b/c", "file:///a%20b/c/today.json")])
    func relativeFileURL(directory: String, expected: String) throws {
        let config = try Self.parse("[[sources]]\nname = \"s\"\nurl = \"file:today.json\"\n", directory: directory)
        #expect(config.sources.first?.url == expected)
    }

    @Test("an absolute file: URL is kept as written")
    func absoluteFileURL() throws {
        let config = try Self.parse("[[sources]]\nname = \"s\"\nurl = \"file:///srv/t.json\"\n", directory: "/dir")
        #expect(config.sources.first?.url == "file:///srv/t.json")
    }

    @Test("source timeouts between 1s and 8m are accepted", arguments: [("1s", 1000), ("8m", 480_000), ("90s", 90_000)] as [(String, Int64)])
    func timeouts(text: String, millis: Int64) throws {
        let config = try Self.parse("[[sources]]\nname = \"s\"\nurl = \"https://e.org/\"\ntimeout = \"\(text)\"\n")
        #expect(config.sources.first?.timeout == millis)
    }
}
