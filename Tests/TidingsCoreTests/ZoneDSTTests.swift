import Testing

@testable import TidingsCore

/// `Zone.instant` on ordinary days and on the days clocks change. Expected instants come
/// from the EU rule (last Sunday of March/October at 01:00 UTC) and the US rule (second
/// Sunday of March, first Sunday of November, at 02:00 local).
@Suite struct ZoneDSTTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let zone: String
        let date: String
        let time: String
        let utc: String
        var testDescription: String { "\(zone) \(date) \(time) → \(utc)" }
    }

    static let cases: [Case] = [
        // Berlin spring forward 2026-03-29: 02:00 CET → 03:00 CEST; 02:00–02:59 do not exist.
        Case(zone: "Europe/Berlin", date: "2026-03-29", time: "02:30", utc: "2026-03-29T01:00:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-03-29", time: "02:00", utc: "2026-03-29T01:00:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-03-29", time: "01:59", utc: "2026-03-29T00:59:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-03-29", time: "03:00", utc: "2026-03-29T01:00:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-03-29", time: "07:30", utc: "2026-03-29T05:30:00Z"),
        // Berlin fall back 2026-10-25: 03:00 CEST → 02:00 CET; 02:00–02:59 happen twice.
        Case(zone: "Europe/Berlin", date: "2026-10-25", time: "02:30", utc: "2026-10-25T00:30:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-10-25", time: "02:00", utc: "2026-10-25T00:00:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-10-25", time: "01:59", utc: "2026-10-24T23:59:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-10-25", time: "03:00", utc: "2026-10-25T02:00:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-10-25", time: "07:30", utc: "2026-10-25T06:30:00Z"),
        // New York spring forward 2026-03-08: 02:00 EST → 03:00 EDT.
        Case(zone: "America/New_York", date: "2026-03-08", time: "02:30", utc: "2026-03-08T07:00:00Z"),
        Case(zone: "America/New_York", date: "2026-03-08", time: "01:59", utc: "2026-03-08T06:59:00Z"),
        // New York fall back 2026-11-01: 02:00 EDT → 01:00 EST; 01:00–01:59 happen twice.
        Case(zone: "America/New_York", date: "2026-11-01", time: "01:30", utc: "2026-11-01T05:30:00Z"),
        Case(zone: "America/New_York", date: "2026-11-01", time: "02:00", utc: "2026-11-01T07:00:00Z"),
        // Ordinary days.
        Case(zone: "Europe/Berlin", date: "2026-01-15", time: "07:30", utc: "2026-01-15T06:30:00Z"),
        Case(zone: "Europe/Berlin", date: "2026-07-15", time: "07:30", utc: "2026-07-15T05:30:00Z"),
        Case(zone: "America/New_York", date: "2026-01-15", time: "07:30", utc: "2026-01-15T12:30:00Z"),
        Case(zone: "America/New_York", date: "2026-07-15", time: "07:30", utc: "2026-07-15T11:30:00Z"),
        Case(zone: "Asia/Kolkata", date: "2026-07-15", time: "07:30", utc: "2026-07-15T02:00:00Z"),
        Case(zone: "UTC", date: "2026-07-15", time: "00:00", utc: "2026-07-15T00:00:00Z"),
    ]

    @Test("instant(date, time) follows the gap and overlap rules", arguments: cases)
    func instantOnDay(_ c: Case) throws {
        let zone = try Oracle.zone(c.zone)
        let date = try #require(LocalDate(c.date))
        #expect(zone.instant(date, try Oracle.wall(c.time)) == Oracle.utc(c.utc))
    }

    @Test("local() shows the wall clock, including both passes through the repeated hour")
    func localShowsWallClock() throws {
        let berlin = try Oracle.zone("Europe/Berlin")
        let first = berlin.local(Oracle.utc("2026-10-25T00:30:00Z"))
        let second = berlin.local(Oracle.utc("2026-10-25T01:30:00Z"))
        #expect(first.date == LocalDate("2026-10-25"))
        #expect(first.secondOfDay == 2 * 3600 + 30 * 60)
        #expect(second.date == first.date)
        #expect(second.secondOfDay == first.secondOfDay)
        let afterGap = berlin.local(Oracle.utc("2026-03-29T01:00:00Z"))
        #expect(afterGap.date == LocalDate("2026-03-29"))
        #expect(afterGap.secondOfDay == 3 * 3600)
        #expect(berlin.date(of: Oracle.utc("2026-11-21T23:00:00Z")) == LocalDate("2026-11-22"))
        #expect(berlin.date(of: Oracle.utc("2026-11-21T22:59:59Z")) == LocalDate("2026-11-21"))
    }

    @Test(
        "local then instant returns the same minute, except the second pass of a repeated hour",
        arguments: [
            ("Europe/Berlin", "2026-03-28T20:00:00Z", "2026-10-24T20:00:00Z", "2026-10-25T01:00:00Z", "2026-10-25T02:00:00Z"),
            ("America/New_York", "2026-03-07T20:00:00Z", "2026-10-31T20:00:00Z", "2026-11-01T06:00:00Z", "2026-11-01T07:00:00Z"),
        ])
    func roundTrip(zoneName: String, springFrom: String, fallFrom: String, secondPassStart: String, secondPassEnd: String) throws {
        let zone = try Oracle.zone(zoneName)
        let secondPass = Oracle.utc(secondPassStart)..<Oracle.utc(secondPassEnd)
        for start in [Oracle.utc(springFrom), Oracle.utc(fallFrom)] {
            for step in 0..<(16 * 4) {
                let instant = start + Int64(step) * 15 * Oracle.minute
                let (date, second) = zone.local(instant)
                let wall = try #require(WallTime(hour: second / 3600, minute: second / 60 % 60))
                let back = zone.instant(date, wall)
                if secondPass.contains(instant) {
                    #expect(back == instant - Oracle.hour, "second pass at \(instant) maps to the first")
                } else {
                    #expect(back == instant, "\(zoneName) \(date) \(wall)")
                }
            }
        }
    }

    @Test(
        "startOfDay is local midnight, or the first minute after it when midnight is skipped",
        arguments: [
            ("Europe/Berlin", "2026-11-22", "2026-11-21T23:00:00Z"),
            ("Europe/Berlin", "2026-07-15", "2026-07-14T22:00:00Z"),
            ("Europe/Berlin", "2026-03-29", "2026-03-28T23:00:00Z"),
            ("Europe/Berlin", "2026-03-30", "2026-03-29T22:00:00Z"),
            ("America/New_York", "2026-11-01", "2026-11-01T04:00:00Z"),
            ("America/New_York", "2026-11-02", "2026-11-02T05:00:00Z"),
            ("Asia/Kolkata", "2026-01-01", "2025-12-31T18:30:00Z"),
            // Cuba moves clocks from 00:00 to 01:00 CDT (UTC-4) on the 2nd Sunday of March.
            ("America/Havana", "2026-03-08", "2026-03-08T05:00:00Z"),
        ])
    func startOfDay(zoneName: String, date: String, utc: String) throws {
        let zone = try Oracle.zone(zoneName)
        #expect(zone.startOfDay(try #require(LocalDate(date))) == Oracle.utc(utc))
    }
}
