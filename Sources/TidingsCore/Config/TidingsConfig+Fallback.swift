extension TidingsConfig {
    /// The fallback chain's settings.
    public struct Fallback: Sendable, Equatable {
        /// Emergency lines, rotated by date; empty means the built-in ones.
        public var messages: [String] = []
        /// Content older than this at its due time is shown as stale, with its age.
        public var staleAfter: Int64 = 12 * 3_600_000

        /// Reads `[fallback]`: `messages` (cleaned, none empty) and the duration `stale_after`.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Fallback {
            var fallback = Fallback()
            if let messages = try table.strings("messages") {
                fallback.messages = messages.map(TextSanitizer.clean)
                if let index = fallback.messages.firstIndex(where: \.isEmpty) {
                    throw table.error("messages[\(index)]", "empty message")
                }
            }
            fallback.staleAfter = try table.duration("stale_after") ?? fallback.staleAfter
            return fallback
        }
    }
}
