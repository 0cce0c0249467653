extension QuietHours {
    /// The config's default: off, and 22:00 to 07:00 once turned on.
    static let configDefault = QuietHours(
        enabled: false, start: WallTime(hour: 22, minute: 0) ?? .midnight, end: WallTime(hour: 7, minute: 0) ?? .midnight)

    /// Reads `[quiet_hours]`: `enabled`, and wall times `start` and `end`.
    static func parse(_ table: inout TOMLReader) throws(ConfigError) -> QuietHours {
        var quietHours = configDefault
        quietHours.enabled = try table.bool("enabled") ?? quietHours.enabled
        quietHours.start = try table.wallTime("start") ?? quietHours.start
        quietHours.end = try table.wallTime("end") ?? quietHours.end
        return quietHours
    }
}
