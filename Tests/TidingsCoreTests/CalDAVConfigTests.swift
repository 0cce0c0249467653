import Testing
import TidingsCore

/// A CalDAV source in the config: a server or one calendar, its login, and the calendars chosen.
@Suite struct CalDAVConfigTests {
    static func parse(_ keys: String, url: String = "https://cloud.example.org/remote.php/dav") throws(ConfigError) -> TidingsConfig.Source? {
        try TidingsConfig.parse(
            toml: "[[sources]]\nname = \"work\"\ntype = \"caldav\"\nurl = \"\(url)\"\n\(keys)\n", file: "/etc/tidings/config.toml",
            directory: "/etc/tidings"
        ).sources.first
    }

    static func error(_ keys: String, url: String = "https://cloud.example.org/remote.php/dav", type: String = "caldav") -> String {
        do {
            _ = try TidingsConfig.parse(
                toml: "[[sources]]\nname = \"work\"\ntype = \"\(type)\"\nurl = \"\(url)\"\n\(keys)\n", file: "/etc/tidings/config.toml",
                directory: "/etc/tidings")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("a caldav source: a calendar source polled every 15 minutes, with its login and the calendars chosen")
    func reads() throws {
        let source = try #require(
            try Self.parse("username = \"ann\"\npassword_file = \"app-password\"\ncalendars = [\"Work\", \"team-shared\"]"))
        #expect(source.type == .caldav && source.type.isCalendar)
        #expect(source.every == 15 * 60_000)
        #expect(source.login == .basic(username: "ann", password: .file("/etc/tidings/app-password")))
        #expect(source.calendars == ["Work", "team-shared"])
        #expect(try Self.parse("", url: "http://127.0.0.1:5232/ann/work/")?.calendars == [])
    }

    @Test(
        "what cannot be a CalDAV source is an error naming the key",
        arguments: [
            ("", "file:///home/ann/cal.ics", "caldav", "url", "is read from an https server"),
            ("", "http://cloud.example.org/dav/", "caldav", "url", "http"),
            ("calendars = []", "https://cloud.example.org/dav/", "caldav", "calendars", "empty: leave the key out"),
            ("calendars = [\"\"]", "https://cloud.example.org/dav/", "caldav", "calendars", "empty"),
            ("calendars = [\"Work\"]", "https://cloud.example.org/work.ics", "calendar", "calendars", "only a caldav source"),
        ])
    func refused(keys: String, url: String, type: String, key: String, problem: String) {
        let message = Self.error(keys, url: url, type: type)
        #expect(message.contains(key) && message.contains(problem), "\(message)")
    }
}
