extension TidingsConfig {
    /// The desktop channel's settings.
    public struct Desktop: Sendable, Equatable {
        /// How long a popup stays before it expires (then it counts as ignored).
        public var expire: Int64 = 10_000
        /// A local icon file; nil for the daemon's default.
        public var icon: String?
        /// Longest a call to the notification daemon may take before the channel counts as unavailable.
        public var deadline: Int64 = 3_000

        /// Reads `[desktop]`: durations `expire` and `deadline`, and the absolute path `icon`.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Desktop {
            var desktop = Desktop()
            if let expire = try table.duration("expire") {
                guard expire >= 1000 else { throw table.error("expire", "must be at least 1s") }
                desktop.expire = expire
            }
            if let icon = try table.string("icon") {
                guard icon.hasPrefix("/") else {
                    throw table.error("icon", "must be the absolute path of a local file (never a URL), found \(ConfigError.quoted(icon))")
                }
                desktop.icon = icon
            }
            if let deadline = try table.duration("deadline") {
                guard deadline >= 100, deadline <= 60_000 else { throw table.error("deadline", "must be between 100ms and 1m") }
                desktop.deadline = deadline
            }
            return desktop
        }
    }
}
