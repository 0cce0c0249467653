extension TidingsConfig {
    /// How long history is kept: `plan` deletes what is older.
    public struct Retention: Sendable, Equatable {
        /// Days of history (deliveries, fetch attempts, settled notifications, the run log).
        public var days = 90
        /// Days allowed: one to a hundred years.
        public static let daysRange = 1...36_600

        /// Reads `[retention]`: the integer `days`.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Retention {
            var retention = Retention()
            if let days = try table.int("days") {
                guard daysRange.contains(days) else { throw table.error("days", "must be between 1 and 36600") }
                retention.days = days
            }
            return retention
        }
    }
}
