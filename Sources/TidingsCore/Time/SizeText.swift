/// Sizes written the way people write them in config files: `50MiB`, `512KiB`, `1GiB`, `800B`.
public enum SizeText {
    private static let units: [(name: String, bytes: Int64)] = [
        ("B", 1), ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30),
    ]

    /// Bytes in `text`, or nil when it is not a size: a whole number and a unit (`B`, `KiB`,
    /// `MiB`, `GiB`, any case), spaces ignored.
    public static func parse(_ text: String) -> Int64? {
        let compact = Substring(text.filter { $0 != " " })
        let digits = compact.prefix(while: \.isASCII).prefix(while: \.isNumber)
        guard !digits.isEmpty, let value = Int64(digits) else { return nil }
        let unit = compact.dropFirst(digits.count).lowercased()
        guard let bytes = units.first(where: { $0.name.lowercased() == unit })?.bytes else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: bytes)
        return overflow ? nil : product
    }

    /// In the largest unit that divides `bytes` exactly: `50MiB`, `1536KiB`, `7B`.
    public static func format(_ bytes: Int64) -> String {
        let unit = units.last { bytes % $0.bytes == 0 && bytes != 0 } ?? units[0]
        return "\(bytes / unit.bytes)\(unit.name)"
    }

    /// `bytes` for people to read: `69 B`, whole KiB (rounded up) below 1 MiB, `3.2 MiB` below
    /// 10 MiB, whole MiB below 10 GiB, then whole GiB.
    public static func approximate(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return "\((bytes + 1023) / 1024) KiB" }
        let mebibytes = Double(bytes) / 1_048_576
        if mebibytes < 10 { return String(format: "%.1f MiB", mebibytes) }
        return mebibytes < 10_240 ? "\(Int(mebibytes)) MiB" : "\(Int(mebibytes / 1024)) GiB"
    }
}
