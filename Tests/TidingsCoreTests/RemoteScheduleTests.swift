import Testing
import TidingsCore

/// `RemoteSchedule.decode`: the documented format, defaults and overrides, the weekend rule,
/// and an error naming the field for every kind of bad input.
@Suite struct RemoteScheduleTests {
    static let sample = """
        {"config": {"version": "1.0", "description": "Welcome", "isPersistent": true, "fixedTime": "07:00", "weekdaysOnly": true},
         "notificationContent": {"title": "Default title", "subtitle": "Default subtitle"},
         "schedules": [{"id": 1, "dayOffset": 1, "description": "first", "title": "Override", "subtitle": "Its body"},
                       {"id": 2, "dayOffset": 3},
                       {"id": 3, "dayOffset": 4, "title": "Only the title"}]}
        """

    static func decode(_ text: String) throws(ContentError) -> RemoteSchedule {
        try RemoteSchedule.decode(Array(text.utf8))
    }

    static func problem(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("the documented format: settings, defaults, and overrides that win over them")
    func sample() throws {
        let schedule = try Self.decode(Self.sample)
        #expect(schedule.version == "1.0")
        #expect(schedule.fixedTime == WallTime(hour: 7, minute: 0))
        #expect(schedule.weekdaysOnly)
        #expect(schedule.entries.map(\.notificationID) == ["app_notification_1", "app_notification_2", "app_notification_3"])
        #expect(schedule.entries.map(\.dayOffset) == [1, 3, 4])
        #expect(schedule.entries.map(\.title) == ["Override", "Default title", "Only the title"])
        #expect(schedule.entries.map(\.body) == ["Its body", "Default subtitle", "Default subtitle"])
    }

    @Test("without weekdaysOnly every date stands; with it Saturday moves two days and Sunday one")
    func weekendShift() throws {
        var schedule = try Self.decode(Self.sample)
        let thursday = try #require(LocalDate("2026-11-19"))
        // Offsets 1, 3, 4 from a Thursday: Friday, Sunday, Monday.
        #expect(schedule.entries.map { schedule.date(of: $0, firstSeen: thursday).description } == ["2026-11-20", "2026-11-23", "2026-11-23"])
        schedule.weekdaysOnly = false
        #expect(schedule.entries.map { schedule.date(of: $0, firstSeen: thursday).description } == ["2026-11-20", "2026-11-22", "2026-11-23"])
        let friday = try #require(LocalDate("2026-11-20"))
        schedule.weekdaysOnly = true
        // Offset 1 from a Friday is a Saturday: the Monday after.
        #expect(schedule.date(of: schedule.entries[0], firstSeen: friday).description == "2026-11-23")
    }

    @Test("ids may be strings of safe characters; control characters are cleaned from the text")
    func stringIDsAndCleaning() throws {
        let schedule = try Self.decode(
            """
            {"config":{"version":"2","fixedTime":"9:05"},
             "schedules":[{"id":"tip-4","dayOffset":0,"title":"<b>Bold</b>\\u0007 move","subtitle":""}]}
            """)
        #expect(schedule.fixedTime == WallTime(hour: 9, minute: 5))
        #expect(!schedule.weekdaysOnly)
        #expect(schedule.entries.first?.notificationID == "app_notification_tip-4")
        // Markup stays text (each channel escapes it for receivers that read markup).
        #expect(schedule.entries.first?.title == "<b>Bold</b> move")
        #expect(schedule.entries.first?.body == "")
    }

    static let invalid: [(String, String)] = [
        (
            #"{"config":{"version":"1","fixedTime":"25:00"},"schedules":[{"id":1,"dayOffset":0,"title":"t"}]}"#,
            #"config.fixedTime: "25:00" is not a time (HH:MM, 24-hour)"#
        ),
        (
            #"{"config":{"version":"1","fixedTime":"7.30"},"schedules":[{"id":1,"dayOffset":0,"title":"t"}]}"#,
            #"config.fixedTime: "7.30" is not a time (HH:MM, 24-hour)"#
        ),
        (
            #"{"config":{"version":"","fixedTime":"07:00"},"schedules":[{"id":1,"dayOffset":0,"title":"t"}]}"#,
            "config.version: empty"
        ),
        (
            #"{"config":{"fixedTime":"07:00"},"schedules":[{"id":1,"dayOffset":0,"title":"t"}]}"#,
            "config.version: missing"
        ),
        (#"{"schedules":[{"id":1,"dayOffset":0,"title":"t"}]}"#, "config: missing"),
        (#"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[]}"#, "schedules: no entries"),
        (#"{"config":{"version":"1","fixedTime":"07:00"},"schedules":{}}"#, "schedules: expected an array"),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[{"id":1,"dayOffset":0,"title":"t"},{"id":2,"dayOffset":0,"title":"t"},{"id":3,"dayOffset":0,"title":"t"},{"id":4,"dayOffset":-1,"title":"t"}]}"#,
            "schedules[3].dayOffset: must be ≥ 0"
        ),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[{"id":1,"dayOffset":99999,"title":"t"}]}"#,
            "schedules[0].dayOffset: must be ≤ 3660"
        ),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[{"id":1,"dayOffset":"2","title":"t"}]}"#,
            "schedules[0].dayOffset: expected an integer"
        ),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[{"id":1,"title":"t"}]}"#,
            "schedules[0].dayOffset: missing"
        ),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[{"id":1,"dayOffset":0,"title":"t"},{"id":1,"dayOffset":2,"title":"u"}]}"#,
            "schedules[1].id: 1 is used twice (also schedules[0])"
        ),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[{"id":-4,"dayOffset":0,"title":"t"}]}"#,
            "schedules[0].id: must be ≥ 0"
        ),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[{"id":"../x","dayOffset":0,"title":"t"}]}"#,
            "schedules[0].id: use 1 to 64 letters, digits, '-', '_' or '.'"
        ),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"schedules":[{"id":1,"dayOffset":0}]}"#,
            "schedules[0].title: missing, and notificationContent has no default title"
        ),
        (
            #"{"config":{"version":"1","fixedTime":"07:00"},"notificationContent":{"title":"  "},"schedules":[{"id":1,"dayOffset":0}]}"#,
            "notificationContent.title: empty"
        ),
        (
            "{\"config\":{\"version\":\"1\",\"fixedTime\":\"07:00\"},\"schedules\":[{\"id\":1,\"dayOffset\":0,\"title\":\"\(String(repeating: "x", count: 81))\"}]}",
            "schedules[0].title: longer than 80 characters (81)"
        ),
        (
            "{\"config\":{\"version\":\"1\",\"fixedTime\":\"07:00\"},\"schedules\":[{\"id\":1,\"dayOffset\":0,\"title\":\"t\",\"subtitle\":\"\(String(repeating: "y", count: 281))\"}]}",
            "schedules[0].subtitle: longer than 280 characters (281)"
        ),
    ]

    @Test("bad input is refused with the field at fault", arguments: invalid)
    func invalidInput(text: String, expected: String) {
        #expect(Self.problem(text) == expected)
    }

    @Test("bytes that are not UTF-8 or not JSON are refused, and so is an oversized list")
    func notJSON() {
        #expect(Self.problem("{\"config\": \u{FFFD}")?.hasPrefix("not valid JSON") == true)
        #expect(Self.problem("[1,2]") != nil)
        #expect((try? RemoteSchedule.decode([0xFF, 0xFE, 0x7B])) == nil)
        let many = (0...RemoteSchedule.maxEntries).map { #"{"id":\#($0),"dayOffset":0}"# }.joined(separator: ",")
        #expect(
            Self.problem(#"{"config":{"version":"1","fixedTime":"07:00"},"notificationContent":{"title":"t"},"schedules":[\#(many)]}"#)
                == "schedules: more than 1000 entries (1001)")
    }

    @Test("a schedule source in the config, with its category")
    func configSource() throws {
        let config = try TidingsConfig.parse(
            toml: """
                [[sources]]
                name = "welcome"
                type = "schedule"
                url = "https://example.org/welcome.json"
                category = "marketing"
                """, file: "/etc/tidings.toml", directory: "/etc")
        #expect(config.sources.first?.type == .schedule)
        #expect(config.sources.first?.category == .marketing)
    }
}
