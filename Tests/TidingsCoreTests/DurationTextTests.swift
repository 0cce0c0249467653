import Testing

@testable import TidingsCore

@Suite struct DurationTextTests {
    static let second: Int64 = 1000
    static let minute: Int64 = 60 * second
    static let hour: Int64 = 60 * minute
    static let day: Int64 = 24 * hour

    @Test(
        "parses a number with a unit, and sums several",
        arguments: [
            ("30s", 30 * second), ("2h", 2 * hour), ("1h30m", hour + 30 * minute), ("7d", 7 * day),
            ("500ms", 500), ("1w", 7 * day), ("0s", 0), ("45m", 45 * minute),
            ("1h 30m", hour + 30 * minute), ("2H", 2 * hour), ("1d2h3m4s5ms", day + 2 * hour + 3 * minute + 4 * second + 5),
            ("90s", 90 * second),
        ] as [(String, Int64)])
    func parses(text: String, millis: Int64) {
        #expect(DurationText.parse(text) == millis)
    }

    @Test(
        "refuses text that is not a duration",
        arguments: ["", " ", "10", "h", "-1h", "1x", "1.5h", "h1", "1hh", "1 hour", "1h-30m", "ms", "+1h", "1h30"])
    func refuses(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test(
        "refuses values that overflow 64-bit milliseconds",
        arguments: [
            "9223372036854775808ms",  // Int64.max + 1
            "99999999999999999999s",  // more digits than Int64 holds
            "3000000000000h",  // 3e12 h × 3.6e6 ms
            "20000000000000w",
        ])
    func refusesOverflow(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test("the largest representable value is accepted")
    func largestValue() {
        #expect(DurationText.parse("9223372036854775807ms") == Int64.max)
    }

    @Test(
        "format writes the shortest exact form without weeks",
        arguments: [
            (0, "0s"), (500, "500ms"), (30 * second, "30s"), (90 * second, "1m30s"), (2 * hour, "2h"),
            (hour + 30 * minute, "1h30m"), (7 * day, "7d"), (day + 2 * hour + 3 * minute + 4 * second + 5, "1d2h3m4s5ms"),
            (12 * hour, "12h"), (day + 1, "1d1ms"),
        ] as [(Int64, String)])
    func format(millis: Int64, expected: String) {
        #expect(DurationText.format(millis) == expected)
    }

    @Test(
        "parse(format(x)) == x",
        arguments: [1, 999, 1000, 61_000, 3_599_999, 3_600_000, 86_399_999, 604_800_000, 123_456_789_012] as [Int64])
    func roundTrip(millis: Int64) {
        #expect(DurationText.parse(DurationText.format(millis)) == millis)
    }
}
