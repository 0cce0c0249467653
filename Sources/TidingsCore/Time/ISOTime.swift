/// ISO 8601 timestamps with the local offset, formatted and parsed without locale machinery
/// (deliver formats thousands of them per run).
public enum ISOTime {
    /// `2026-11-22T07:30:00+01:00` for `instant` in `zone`.
    public static func format(_ instant: EpochMillis, in zone: Zone) -> String {
        let seconds = Zone.floorDiv(instant, 1000)
        let offset = zone.offset(atEpochSeconds: seconds)
        var text = DigitWriter()
        text.dateTime(local: seconds + Int64(offset))
        text.byte(offset < 0 ? 0x2D : 0x2B)
        let magnitude = abs(offset)
        text.digits(magnitude / 3600, 2)
        text.byte(0x3A)
        text.digits(magnitude / 60 % 60, 2)
        // Zones before about 1970 had offsets with seconds (Monrovia: -00:44:30); keep them exact.
        if magnitude % 60 != 0 {
            text.byte(0x3A)
            text.digits(magnitude % 60, 2)
        }
        return text.string
    }

    /// `2026-11-22T06:30:00Z` for `instant`.
    public static func formatUTC(_ instant: EpochMillis) -> String {
        var text = DigitWriter()
        text.dateTime(local: Zone.floorDiv(instant, 1000))
        text.byte(0x5A)
        return text.string
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]]` and either followed by `Z` or
    /// `±HH:MM`; without an offset the wall time is read in `zone`.
    public static func parse(_ text: String, in zone: Zone) -> EpochMillis? {
        let text = text.trimmingCharacters(in: " ")
        guard text.count >= 10, let date = LocalDate(text.prefix(10)) else { return nil }
        var rest = Substring(text.dropFirst(10))
        if rest.isEmpty { return zone.startOfDay(date) }
        guard rest.first == "T" || rest.first == " " else { return nil }
        rest = rest.dropFirst()

        var offsetSeconds: Int?
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            offsetSeconds = 0
            rest = rest.dropLast()
        } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let sign = rest[signIndex] == "-" ? -1 : 1
            let digits = rest[rest.index(after: signIndex)...].filter { $0 != ":" }
            guard digits.count == 4 || digits.count == 6,
                let hh = Int(digits: digits.prefix(2)), let mm = Int(digits: digits.dropFirst(2).prefix(2)), hh < 24, mm < 60,
                let ss = digits.count == 6 ? Int(digits: digits.suffix(2)) : 0, ss < 60
            else {
                return nil
            }
            offsetSeconds = sign * (hh * 3600 + mm * 60 + ss)
            rest = rest[..<signIndex]
        }

        let clock = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3, clock[0].count == 2, clock[1].count == 2,
            let hour = Int(digits: clock[0]), let minute = Int(digits: clock[1]), let wall = WallTime(hour: hour, minute: minute)
        else { return nil }
        var millis: Int64 = 0
        if clock.count == 3 {
            let secondParts = clock[2].split(separator: ".", omittingEmptySubsequences: false)
            guard secondParts[0].count == 2, let second = Int(digits: secondParts[0]), second < 61, secondParts.count <= 2 else { return nil }
            millis = Int64(second) * 1000
            if secondParts.count == 2 {
                let fraction = secondParts[1].prefix(3).padding(toLength: 3, withPad: "0", startingAt: 0)
                guard !secondParts[1].isEmpty, secondParts[1].allSatisfy(\.isNumber), let ms = Int64(fraction) else { return nil }
                millis += ms
            }
        }
        if let offsetSeconds {
            let wallSeconds = Int64(date.dayNumber) * 86_400 + Int64(wall.minuteOfDay) * 60
            return (wallSeconds - Int64(offsetSeconds)) * 1000 + millis
        }
        return zone.instant(date, wall) + millis
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}

/// Dates and times written digit by digit into a small buffer: several times faster than
/// string interpolation, and `plan` writes thousands of them per run.
struct DigitWriter {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(32) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// `value` zero-padded to `width` digits, with a `-` before a negative one.
    mutating func digits(_ value: Int, _ width: Int) {
        if value < 0 { bytes.append(0x2D) }
        var count = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        for _ in count..<max(width, count) { bytes.append(0x30) }
        let end = bytes.count + count
        bytes.append(contentsOf: repeatElement(0x30, count: count))
        var magnitude = value.magnitude
        for index in stride(from: end - 1, through: end - count, by: -1) {
            bytes[index] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
            magnitude /= 10
        }
    }

    /// `YYYY-MM-DD`.
    mutating func date(_ date: LocalDate) {
        digits(date.year, 4)
        byte(0x2D)
        digits(date.month, 2)
        byte(0x2D)
        digits(date.day, 2)
    }

    /// `YYYY-MM-DDTHH:MM:SS` for `local` wall seconds since 1970.
    mutating func dateTime(local: Int64) {
        let day = Zone.floorDiv(local, 86_400)
        let second = Int(local - day * 86_400)
        date(LocalDate(dayNumber: Int(day)))
        byte(0x54)
        digits(second / 3600, 2)
        byte(0x3A)
        digits(second / 60 % 60, 2)
        byte(0x3A)
        digits(second % 60, 2)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
