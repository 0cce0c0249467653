extension TidingsConfig {
    /// Delivery rules.
    public struct Delivery: Sendable, Equatable {
        /// How late a due item may still go out; older ones become missed.
        public var grace: Int64 = 2 * 3_600_000
        /// How deliver is woken for what is due; nil: exact when a systemd user manager is reachable.
        public var wake: Wake?

        /// Reads `[delivery]`: the duration `grace` and the choice `wake`.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Delivery {
            var delivery = Delivery()
            delivery.grace = try table.duration("grace") ?? delivery.grace
            delivery.wake = try table.choice("wake", of: Wake.self)
            return delivery
        }
    }
}
