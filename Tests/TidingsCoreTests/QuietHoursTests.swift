import Testing

@testable import TidingsCore

@Suite struct QuietHoursTests {
    static func window(_ start: String, _ end: String, enabled: Bool = true) throws -> QuietHours {
        QuietHours(enabled: enabled, start: try Oracle.wall(start), end: try Oracle.wall(end))
    }

    static let utc = Zone(identifier: "UTC")!

    @Test(
        "a window within a day (12:00–14:00) moves instants inside it to 14:00",
        arguments: [
            ("2026-11-22T12:30:00Z", "2026-11-22T14:00:00Z"),
            ("2026-11-22T12:00:00Z", "2026-11-22T14:00:00Z"),
            ("2026-11-22T13:59:59Z", "2026-11-22T14:00:00Z"),
            ("2026-11-22T11:59:00Z", "2026-11-22T11:59:00Z"),
            ("2026-11-22T11:59:59Z", "2026-11-22T11:59:59Z"),
            ("2026-11-22T14:00:00Z", "2026-11-22T14:00:00Z"),
            ("2026-11-22T23:00:00Z", "2026-11-22T23:00:00Z"),
        ])
    func withinDay(instant: String, expected: String) throws {
        let quiet = try Self.window("12:00", "14:00")
        #expect(quiet.adjusted(Oracle.utc(instant), category: .system, in: Self.utc) == Oracle.utc(expected))
    }

    @Test(
        "a window across midnight (22:00–07:00) moves late instants to the next morning",
        arguments: [
            ("2026-11-22T23:00:00Z", "2026-11-23T07:00:00Z"),
            ("2026-11-22T22:00:00Z", "2026-11-23T07:00:00Z"),
            ("2026-12-31T23:30:00Z", "2027-01-01T07:00:00Z"),
            ("2026-11-22T00:00:00Z", "2026-11-22T07:00:00Z"),
            ("2026-11-22T06:59:00Z", "2026-11-22T07:00:00Z"),
            ("2026-11-22T07:00:00Z", "2026-11-22T07:00:00Z"),
            ("2026-11-22T21:59:00Z", "2026-11-22T21:59:00Z"),
            ("2026-11-22T12:00:00Z", "2026-11-22T12:00:00Z"),
        ])
    func acrossMidnight(instant: String, expected: String) throws {
        let quiet = try Self.window("22:00", "07:00")
        #expect(quiet.adjusted(Oracle.utc(instant), category: .marketing, in: Self.utc) == Oracle.utc(expected))
    }

    @Test("transactional passes; every other category waits", arguments: Category.allCases)
    func categories(category: Category) throws {
        let quiet = try Self.window("22:00", "07:00")
        let instant = Oracle.utc("2026-11-22T23:00:00Z")
        let expected = category == .transactional ? instant : Oracle.utc("2026-11-23T07:00:00Z")
        #expect(quiet.adjusted(instant, category: category, in: Self.utc) == expected)
        #expect(quiet.applies(to: category) == (category != .transactional))
    }

    @Test("a disabled window, or one whose start equals its end, changes nothing")
    func noWindow() throws {
        let disabled = try Self.window("22:00", "07:00", enabled: false)
        let empty = try Self.window("07:00", "07:00")
        for text in ["2026-11-22T23:00:00Z", "2026-11-22T07:00:00Z", "2026-11-22T03:00:00Z", "2026-11-22T06:59:00Z"] {
            #expect(disabled.adjusted(Oracle.utc(text), category: .system, in: Self.utc) == Oracle.utc(text))
            #expect(empty.adjusted(Oracle.utc(text), category: .system, in: Self.utc) == Oracle.utc(text))
        }
        #expect(!disabled.applies(to: .system))
        #expect(!empty.applies(to: .system))
    }

    @Test(
        "in Europe/Berlin the window follows the wall clock across the DST nights",
        arguments: [
            // 23:00 CET on the 28th; the window ends at 07:00 CEST (UTC+2) on the 29th.
            ("22:00", "07:00", "2026-03-28T22:00:00Z", "2026-03-29T05:00:00Z"),
            // 03:30 CEST, just after the gap.
            ("22:00", "07:00", "2026-03-29T01:30:00Z", "2026-03-29T05:00:00Z"),
            // 23:00 CEST on the 24th; the window ends at 07:00 CET (UTC+1) on the 25th.
            ("22:00", "07:00", "2026-10-24T21:00:00Z", "2026-10-25T06:00:00Z"),
            // Both passes through 02:30 on the 25th.
            ("22:00", "07:00", "2026-10-25T00:30:00Z", "2026-10-25T06:00:00Z"),
            ("22:00", "07:00", "2026-10-25T01:30:00Z", "2026-10-25T06:00:00Z"),
            // 07:00 CEST is outside the window.
            ("22:00", "07:00", "2026-03-29T05:00:00Z", "2026-03-29T05:00:00Z"),
            // A window ending at 02:30, which does not exist on the 29th: it ends at 03:00 CEST.
            ("22:00", "02:30", "2026-03-29T00:30:00Z", "2026-03-29T01:00:00Z"),
        ])
    func berlinDST(start: String, end: String, instant: String, expected: String) throws {
        let quiet = try Self.window(start, end)
        let berlin = try Oracle.zone("Europe/Berlin")
        #expect(quiet.adjusted(Oracle.utc(instant), category: .system, in: berlin) == Oracle.utc(expected))
    }
}
