/// Durations written the way people write them in config files: `30s`, `2h`, `1h30m`, `7d`.
public enum DurationText {
    private static let units: [(suffix: String, millis: Int64)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000), ("w", 604_800_000),
    ]

    /// Milliseconds in `text`, or nil when it is not a duration (a unit is required).
    public static func parse(_ text: String) -> Int64? {
        var rest = Substring(text.filter { $0 != " " })
        guard !rest.isEmpty else { return nil }
        var total: Int64 = 0
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
            guard !digits.isEmpty, let value = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix(while: \.isLetter).lowercased()
            guard let millis = units.first(where: { $0.suffix == unit })?.millis else { return nil }
            rest = rest.dropFirst(unit.count)
            let (product, overflow) = value.multipliedReportingOverflow(by: millis)
            let (sum, sumOverflow) = total.addingReportingOverflow(product)
            guard !overflow, !sumOverflow else { return nil }
            total = sum
        }
        return total
    }

    /// The shortest exact form of `millis`: `2h`, `1h30m`, `45s`, `0s`.
    public static func format(_ millis: Int64) -> String {
        if millis == 0 { return "0s" }
        if millis < 0 { return "-" + format(millis == .min ? .max : -millis) }
        var rest = millis
        var text = ""
        for unit in units.reversed() where unit.suffix != "w" && rest >= unit.millis {
            text += "\(rest / unit.millis)\(unit.suffix)"
            rest %= unit.millis
        }
        return text
    }
}

extension Duration {
    /// The whole milliseconds in this duration, for rows that store durations as integers.
    public var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
