import Testing

@testable import TidingsCore

@Suite struct LocalDateTests {
    /// Day numbers worked out by hand: 365 per year plus one per leap year since 1970.
    @Test(
        "dayNumber matches hand-counted days since 1970-01-01",
        arguments: [
            (1970, 1, 1, 0), (1969, 12, 31, -1), (1969, 12, 28, -4),
            (2000, 1, 1, 10_957), (2000, 3, 1, 11_017),
            (2024, 1, 1, 19_723), (2024, 2, 29, 19_782), (2024, 3, 1, 19_783),
            (2026, 1, 1, 20_454), (2026, 11, 22, 20_779),
        ])
    func dayNumberAnchors(year: Int, month: Int, day: Int, expected: Int) throws {
        let date = try Oracle.date(year, month, day)
        #expect(date.dayNumber == expected)
        #expect(LocalDate(dayNumber: expected) == date)
    }

    @Test("dayNumber round trips, and each next day follows the Gregorian calendar, 1880–2110")
    func roundTripOverRange() throws {
        func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
        func length(_ m: Int, _ y: Int) -> Int {
            [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        }
        let first = try Oracle.date(1880, 1, 1).dayNumber
        let last = try Oracle.date(2110, 12, 31).dayNumber
        var expected = (y: 1880, m: 1, d: 1)
        var failures = 0
        for n in first...last where failures < 5 {
            let date = LocalDate(dayNumber: n)
            if date.year != expected.y || date.month != expected.m || date.day != expected.d || date.dayNumber != n {
                failures += 1
                Issue.record("day \(n): got \(date), expected \(expected)")
            }
            if expected.d < length(expected.m, expected.y) {
                expected.d += 1
            } else if expected.m < 12 {
                expected = (expected.y, expected.m + 1, 1)
            } else {
                expected = (expected.y + 1, 1, 1)
            }
        }
        #expect(failures == 0)
    }

    @Test(
        "adding(days:) crosses leap days and century years",
        arguments: [
            ("2024-02-28", 1, "2024-02-29"), ("2024-02-29", 1, "2024-03-01"),
            ("2100-02-28", 1, "2100-03-01"), ("2000-02-28", 1, "2000-02-29"),
            ("2026-12-31", 1, "2027-01-01"), ("2026-03-01", -1, "2026-02-28"),
            ("2024-03-01", -1, "2024-02-29"), ("2026-11-22", 7, "2026-11-29"),
        ])
    func adding(start: String, days: Int, expected: String) throws {
        let date = try #require(LocalDate(start))
        #expect(date.adding(days: days).description == expected)
    }

    @Test("days that do not exist are refused")
    func nonexistentDays() {
        #expect(LocalDate(year: 2100, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2023, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 0, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 1, day: 0) == nil)
        #expect(LocalDate(year: 2000, month: 2, day: 29) != nil)
    }

    @Test(
        "isoWeekday: Monday is 1, Sunday is 7",
        arguments: [
            ("2026-11-22", 7), ("2026-11-23", 1), ("2026-11-21", 6), ("2026-11-20", 5),
            ("1970-01-01", 4), ("2024-02-29", 4), ("2000-01-01", 6),
            ("1969-12-28", 7), ("1969-12-29", 1),
        ])
    func isoWeekday(text: String, weekday: Int) throws {
        let date = try #require(LocalDate(text))
        #expect(date.isoWeekday == weekday)
        #expect(date.isWeekend == (weekday >= 6))
    }

    @Test("parses YYYY-MM-DD", arguments: [("2026-11-22", 2026, 11, 22), ("2024-02-29", 2024, 2, 29), ("0005-01-09", 5, 1, 9)])
    func parsesValid(text: String, year: Int, month: Int, day: Int) throws {
        let date = try #require(LocalDate(text))
        #expect(date.year == year)
        #expect(date.month == month)
        #expect(date.day == day)
        #expect(date.description == text)
    }

    @Test(
        "refuses malformed or impossible dates",
        arguments: [
            "2026-02-30", "2023-02-29", "2026-1-01", "2026-01-1", "26-01-01", "2026/01/01",
            "", "2026-01-01T", "2026-00-10", "2026-13-01", "abcd-ef-gh", "2026-01",
        ])
    func refusesInvalid(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test("dates order by day")
    func ordering() throws {
        #expect(try Oracle.date(2025, 12, 31) < Oracle.date(2026, 1, 1))
        #expect(try !(Oracle.date(2026, 1, 1) < Oracle.date(2026, 1, 1)))
    }
}
