extension TidingsConfig {
    /// Planning settings.
    public struct Plan: Sendable, Equatable {
        /// How far ahead `plan` creates notifications.
        public var horizon: Int64 = 2 * 86_400_000
        /// Most pending notifications at once; the least important wait in a backlog.
        public var maxPending = 64
        /// Horizons allowed: an hour to about ten years.
        public static let horizonRange: ClosedRange<Int64> = 3_600_000...(3660 * 86_400_000)

        /// Reads `[plan]`: the integer `max_pending` and the duration `horizon`.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Plan {
            var plan = Plan()
            if let cap = try table.int("max_pending") {
                guard (1...10_000).contains(cap) else { throw table.error("max_pending", "must be between 1 and 10000") }
                plan.maxPending = cap
            }
            if let horizon = try table.duration("horizon") {
                guard horizonRange.contains(horizon) else { throw table.error("horizon", "must be between 1h and 3660d") }
                plan.horizon = horizon
            }
            return plan
        }
    }
}
