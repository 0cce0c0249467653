import Foundation
import Testing
import TidingsCore

/// Helpers shared by the TidingsCore tests. The UTC oracle uses Foundation's Gregorian
/// calendar, not the code under test, so expected instants are computed independently.
enum Oracle {
    /// The instant `text` (`YYYY-MM-DDTHH:MM[:SS]Z`), computed with Foundation's calendar.
    static func utc(_ text: String) -> EpochMillis {
        let digits = text.split(whereSeparator: { "-T:Z".contains($0) }).map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(
            year: digits[0], month: digits[1], day: digits[2],
            hour: digits[3], minute: digits[4], second: digits.count > 5 ? digits[5] : 0)
        let date = calendar.date(from: components)!
        return EpochMillis((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The zone `identifier`; fails the test when the zone database lacks it.
    static func zone(_ identifier: String) throws -> Zone {
        try #require(Zone(identifier: identifier), "zone \(identifier) missing from the zone database")
    }

    /// A date that must exist.
    static func date(_ year: Int, _ month: Int, _ day: Int) throws -> LocalDate {
        try #require(LocalDate(year: year, month: month, day: day))
    }

    /// A wall time that must exist.
    static func wall(_ text: String) throws -> WallTime {
        try #require(WallTime(text))
    }

    static let hour: Int64 = 3_600_000
    static let minute: Int64 = 60_000
}

@Suite struct OracleSanityTests {
    @Test("the Foundation oracle agrees with hand-computed epoch values")
    func oracleMatchesHandComputedValues() {
        // 2026-11-22 is day 20779 after 1970-01-01 (20454 for 2026-01-01, plus 325).
        #expect(Oracle.utc("1970-01-01T00:00:00Z") == 0)
        #expect(Oracle.utc("2026-11-22T06:30:00Z") == (20_779 * 86_400 + 6 * 3600 + 30 * 60) * 1000)
        #expect(Oracle.utc("1969-12-31T23:59:59Z") == -1000)
    }
}
