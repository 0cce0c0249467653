extension TidingsConfig {
    /// How often each stage is expected to succeed, for `report --format nagios`: a stage
    /// not seen succeeding for twice its interval is WARNING, four times CRITICAL.
    public struct Monitoring: Sendable, Equatable {
        /// The expected interval of each watched stage; a stage left out is not watched.
        public var expected: [Stage: Int64] = [.prefetch: 6 * 3_600_000, .plan: 6 * 3_600_000, .deliver: 5 * 60_000]

        /// Intervals allowed: a second to a leap year.
        public static let intervalRange: ClosedRange<Int64> = 1000...(366 * 86_400_000)

        /// The defaults: prefetch and plan every 6h, deliver every 5m, report not watched.
        public init() {}

        /// Reads `expect_<stage>` keys of `[monitoring]`: a duration, or `"off"` to not
        /// watch the stage.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Monitoring {
            var monitoring = Monitoring()
            for stage in Stage.allCases {
                let key = "expect_\(stage.rawValue)"
                if try table.string(key) == "off" {
                    monitoring.expected[stage] = nil
                } else if let interval = try table.duration(key) {
                    guard intervalRange.contains(interval) else {
                        throw table.error(key, "must be between 1s and 366d; use \"off\" to not watch \(stage.rawValue)")
                    }
                    monitoring.expected[stage] = interval
                }
            }
            return monitoring
        }
    }
}
