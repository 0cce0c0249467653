extension TidingsConfig {
    /// The weekly summary of the calendar.
    public struct Weekly: Sendable, Equatable {
        /// Whether to send it.
        public var enabled = true
        /// ISO weekday it is due on: 1 is Monday, 7 is Sunday.
        public var weekday = 7
        /// Local wall time it is due.
        public var time = WallTime(hour: 18, minute: 0) ?? .midnight
        /// Its category.
        public var category = Category.system

        /// ISO weekday names, Monday first.
        static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

        /// Reads `[weekly]`: `enabled`, the day name `day` (any case), `time` and `category`.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Weekly {
            var weekly = Weekly()
            weekly.enabled = try table.bool("enabled") ?? weekly.enabled
            if let day = try table.string("day") {
                guard let number = dayNames.firstIndex(of: day.lowercased()) else {
                    throw table.error("day", "expected a day such as \"sunday\", found \(ConfigError.quoted(day))")
                }
                weekly.weekday = number + 1
            }
            weekly.time = try table.wallTime("time") ?? weekly.time
            weekly.category = try table.choice("category", of: Category.self) ?? weekly.category
            return weekly
        }
    }
}
