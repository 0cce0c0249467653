extension TidingsConfig {
    /// The daily update.
    public struct Daily: Sendable, Equatable {
        /// Whether to send it. A config file that leaves `enabled` out turns it on only when it
        /// has a content source (see `offWithoutContent`).
        public var enabled = true
        /// Set when the config file leaves `enabled` out and has no content source (only
        /// calendars, say): the update is then off, as it would send an emergency line every
        /// morning.
        public var offWithoutContent = false
        /// Local wall time it is due.
        public var time = WallTime(hour: 7, minute: 30) ?? .midnight
        /// Move Saturday's and Sunday's update to Monday (one update that Monday).
        public var weekdaysOnly = false
        /// Its category, which decides quiet hours and routing.
        public var category = Category.system

        /// Reads `[daily]`: `time`, `weekdays_only` and `category`, and `enabled` as given
        /// (nil when left out), which `settle(enabled:sources:)` decides once the sources are read.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> (daily: Daily, enabled: Bool?) {
            var daily = Daily()
            let enabled = try table.bool("enabled")
            daily.time = try table.wallTime("time") ?? daily.time
            daily.weekdaysOnly = try table.bool("weekdays_only") ?? daily.weekdaysOnly
            daily.category = try table.choice("category", of: Category.self) ?? daily.category
            return (daily, enabled)
        }

        /// Turns the update on or off: as `enabled` says when the file says it, else on only
        /// with a content source among `sources`.
        mutating func settle(enabled: Bool?, sources: [Source]) {
            // Without content, every daily update would be an emergency line: asked for, or off.
            if let enabled {
                self.enabled = enabled
            } else if !sources.contains(where: { $0.type == .content }) {
                self.enabled = false
                offWithoutContent = true
            }
        }
    }
}

extension TidingsConfig.Daily {
    /// What `tidings init`, `tidings doctor` and `plan --verbose` say of it: `at 07:30`,
    /// `at 07:30 on weekdays`, `off (no content source; set [daily] enabled = true to get one)`
    /// or `off (daily.enabled = false)`.
    public var status: String {
        if offWithoutContent { return "off (no content source; set [daily] enabled = true to get one)" }
        guard enabled else { return "off (daily.enabled = false)" }
        return "at \(time)" + (weekdaysOnly ? " on weekdays" : "")
    }
}
