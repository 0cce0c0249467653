import Testing

@testable import TidingsCore

@Suite struct ISOTimeTests {
    /// 2026-11-22T06:30:00Z by hand: day 20779 × 86400 s + 6.5 h.
    static let anchor: EpochMillis = 1_795_329_000_000

    @Test(
        "format writes the local wall time with the zone's offset",
        arguments: [
            ("2026-11-22T06:30:00Z", "Europe/Berlin", "2026-11-22T07:30:00+01:00"),
            ("2026-07-15T05:30:00Z", "Europe/Berlin", "2026-07-15T07:30:00+02:00"),
            ("2026-11-22T06:30:00Z", "America/New_York", "2026-11-22T01:30:00-05:00"),
            ("2026-11-22T03:30:00Z", "America/New_York", "2026-11-21T22:30:00-05:00"),
            ("2026-11-22T06:30:00Z", "Asia/Kolkata", "2026-11-22T12:00:00+05:30"),
            ("2026-11-22T06:30:00Z", "UTC", "2026-11-22T06:30:00+00:00"),
            ("2026-10-25T00:30:00Z", "Europe/Berlin", "2026-10-25T02:30:00+02:00"),
            ("2026-10-25T01:30:00Z", "Europe/Berlin", "2026-10-25T02:30:00+01:00"),
            ("2026-11-22T06:30:45Z", "Europe/Berlin", "2026-11-22T07:30:45+01:00"),
        ])
    func format(utc: String, zoneName: String, expected: String) throws {
        #expect(ISOTime.format(Oracle.utc(utc), in: try Oracle.zone(zoneName)) == expected)
    }

    @Test(
        "formatUTC writes Z and drops milliseconds, also before 1970",
        arguments: [
            (anchor, "2026-11-22T06:30:00Z"), (anchor + 999, "2026-11-22T06:30:00Z"),
            (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (-86_400_000, "1969-12-31T00:00:00Z"),
        ])
    func formatUTC(instant: EpochMillis, expected: String) {
        #expect(ISOTime.formatUTC(instant) == expected)
    }

    @Test(
        "parse reads Z, ±HH:MM, ±HHMM and fractional seconds",
        arguments: [
            ("2026-11-22T06:30:00Z", 0),
            ("2026-11-22T06:30:00z", 0),
            ("2026-11-22T06:30Z", 0),
            ("2026-11-22 06:30:00Z", 0),
            ("  2026-11-22T06:30:00Z ", 0),
            ("2026-11-22T07:30:00+01:00", 0),
            ("2026-11-22T07:30+0100", 0),
            ("2026-11-22T01:30:00-05:00", 0),
            ("2026-11-22T01:30:00-0500", 0),
            ("2026-11-22T12:00:00+05:30", 0),
            ("2026-11-22T06:30:59Z", 59_000),
            ("2026-11-22T06:30:00.250Z", 250),
            ("2026-11-22T06:30:00.5Z", 500),
            ("2026-11-22T06:30:00.123456Z", 123),
            ("2026-11-22T07:30:01.5+01:00", 1_500),
        ] as [(String, Int64)])
    func parseWithOffset(text: String, extraMillis: Int64) {
        // Every case names 06:30Z on 2026-11-22 (plus seconds); the zone must not matter.
        for zone in [Zone.current, Zone(identifier: "Asia/Kolkata")].compactMap({ $0 }) {
            #expect(ISOTime.parse(text, in: zone) == Self.anchor + extraMillis, "\(text) in \(zone.identifier)")
        }
    }

    @Test(
        "without an offset the text is read in the given zone; a date alone is its start",
        arguments: [
            ("2026-11-22T07:30", "Europe/Berlin", "2026-11-22T06:30:00Z"),
            ("2026-11-22T07:30:00", "America/New_York", "2026-11-22T12:30:00Z"),
            ("2026-03-29T02:30", "Europe/Berlin", "2026-03-29T01:00:00Z"),
            ("2026-10-25T02:30", "Europe/Berlin", "2026-10-25T00:30:00Z"),
            ("2026-11-22", "Europe/Berlin", "2026-11-21T23:00:00Z"),
            ("2026-11-22", "UTC", "2026-11-22T00:00:00Z"),
            ("2026-11-22", "Asia/Kolkata", "2026-11-21T18:30:00Z"),
        ])
    func parseInZone(text: String, zoneName: String, utc: String) throws {
        #expect(ISOTime.parse(text, in: try Oracle.zone(zoneName)) == Oracle.utc(utc))
    }

    @Test(
        "parse rejects garbage",
        arguments: [
            "", "hello", "2026-11-22T", "2026-11-22X07:30Z", "2026-11-22T7:30Z", "2026-11-22T07:30:7Z",
            "2026-11-22T24:00Z", "2026-11-22T07:60Z", "2026-02-30T07:30Z", "2026-11-22T07:30:00+25:00",
            "2026-11-22T07:30:00+01", "2026-11-22T07:30:00+01:60", "2026-11-22T07:30:00.Z",
            "2026-11-22T07:30:00.12aZ", "2026-11-22T07", "2026-11-22T07:30:00:00Z", "22.11.2026 07:30",
        ])
    func parseRejects(text: String) {
        #expect(ISOTime.parse(text, in: .current) == nil)
    }

    @Test(
        "format then parse returns the same second, through both passes of a repeated hour",
        arguments: ["Europe/Berlin", "America/New_York", "Asia/Kolkata"])
    func roundTrip(zoneName: String) throws {
        let zone = try Oracle.zone(zoneName)
        for start in [Oracle.utc("2026-10-24T20:00:00Z"), Oracle.utc("2026-10-31T20:00:00Z"), Oracle.utc("2026-03-07T20:00:00Z")] {
            for step in 0..<(12 * 16) {
                let instant = start + Int64(step) * 5 * Oracle.minute + 7_000
                let text = ISOTime.format(instant, in: zone)
                #expect(ISOTime.parse(text, in: .current) == instant, "\(text)")
            }
        }
    }
}
