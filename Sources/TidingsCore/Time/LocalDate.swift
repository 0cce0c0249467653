/// A calendar day without a zone, e.g. 2026-11-22.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or nil when the day does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01 (negative before it).
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days: exact for every proleptic Gregorian day.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(digits: parts[0]), let m = Int(digits: parts[1]), let d = Int(digits: parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let w = (dayNumber + 3) % 7
        return (w < 0 ? w + 7 : w) + 1
    }

    /// Whether the day is a Saturday or Sunday.
    public var isWeekend: Bool { isoWeekday >= 6 }

    /// `2026-11-22`.
    public var description: String {
        var text = DigitWriter()
        text.date(self)
        return text.string
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `value` in decimal, zero-padded to `width` digits.
    public static func pad(_ value: Int, _ width: Int) -> String {
        var text = DigitWriter()
        text.digits(value, width)
        return text.string
    }
}

/// A time of day on the wall clock, e.g. 07:30.
public struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// Creates a time, or nil when it is not on a 24-hour clock.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.init(checkedHour: hour, minute: minute)
    }

    private init(checkedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// 00:00.
    public static let midnight = WallTime(checkedHour: 0, minute: 0)

    /// Parses `HH:MM` (24-hour clock).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let h = Int(digits: parts[0]), let m = Int(digits: parts[1])
        else { return nil }
        self.init(hour: h, minute: m)
    }

    /// Minutes since midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// `07:30`.
    public var description: String { "\(LocalDate.pad(hour, 2)):\(LocalDate.pad(minute, 2))" }

    public static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }
}

extension Int {
    /// Parses ASCII digits only: unlike `Int(_:)`, no sign is accepted ("+7" is not a time).
    init?(digits text: some StringProtocol) {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(text) else { return nil }
        self = value
    }
}

/// A date is coded as its `YYYY-MM-DD` text.
extension LocalDate: Codable {
    /// Reads `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date (YYYY-MM-DD): \(text)")
        }
        self = date
    }

    /// Writes `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
