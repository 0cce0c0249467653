extension TidingsConfig {
    /// Insights: short observations drawn from the user's own history, at most one a day,
    /// once the user has shown engagement.
    public struct Insights: Sendable, Equatable {
        /// How often an insight may come.
        public enum Frequency: String, Sendable, CaseIterable {
            /// Only when something is notable, at most every `smartGapDays` days.
            case smart
            /// Every day there is something to say.
            case daily
            /// Mondays.
            case weekly
            /// Never.
            case off
        }

        /// How often.
        public var frequency = Frequency.smart
        /// Tapped notifications after which insights start.
        public var minTaps = 3
        /// Days of use after which insights start (whichever of the two comes first).
        public var minDays = 7
        /// Local wall time they are due.
        public var time = WallTime(hour: 12, minute: 0) ?? .midnight

        /// With `smart`, the fewest days from one insight to the next.
        public static let smartGapDays = 3
        /// Values allowed for `min_taps` and `min_days`.
        public static let minTapsRange = 0...1000
        public static let minDaysRange = 0...3650

        /// The defaults: smart, after 3 taps or 7 days, at 12:00.
        public init() {}

        /// Reads the keys of `[insights]`.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Insights {
            var insights = Insights()
            insights.frequency = try table.choice("frequency", of: Frequency.self) ?? insights.frequency
            if let taps = try table.int("min_taps") {
                guard minTapsRange.contains(taps) else { throw table.error("min_taps", "must be between 0 and 1000") }
                insights.minTaps = taps
            }
            if let days = try table.int("min_days") {
                guard minDaysRange.contains(days) else { throw table.error("min_days", "must be between 0 and 3650") }
                insights.minDays = days
            }
            insights.time = try table.wallTime("time") ?? insights.time
            return insights
        }
    }
}
