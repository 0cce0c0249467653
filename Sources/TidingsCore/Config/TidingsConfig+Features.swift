extension TidingsConfig {
    /// Optional behaviour, each off until the user turns it on (`[features]`).
    public struct Features: Sendable, Equatable {
        /// `prefetch` mirrors content images into the media cache and `deliver` shows them.
        public var mediaAttachments = false
        /// `plan` moves the daily update toward the hour the user engages most.
        public var personalization = false
        /// `plan` writes the daily text with the LLM generator (`[llm]`).
        public var llm = false
        /// `tidings listen` subscribes to the server of `[realtime]` for urgent alerts.
        public var realtimePush = false

        /// Every flag off.
        public init() {}

        /// Reads `[features]`: booleans `media_attachments`, `personalization`, `llm` and
        /// `realtime_push`.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Features {
            var features = Features()
            features.mediaAttachments = try table.bool("media_attachments") ?? features.mediaAttachments
            features.personalization = try table.bool("personalization") ?? features.personalization
            features.llm = try table.bool("llm") ?? features.llm
            features.realtimePush = try table.bool("realtime_push") ?? features.realtimePush
            return features
        }
    }
}
