extension TidingsConfig {
    /// One webhook target.
    public struct Webhook: Sendable, Equatable {
        /// A unique name; routes say `webhook:NAME`.
        public var name: String
        /// `https:`, or `http:` to loopback only.
        public var url: String
        /// The body shape.
        public var format: WebhookFormat
        /// The bearer token (ntfy, json), app token (gotify); nil for none.
        public var token: SecretSource?
        /// The HMAC-SHA256 signing secret; nil sends no signature.
        public var secret: SecretSource?
        /// Time allowed for one request.
        public var timeout: Int64 = 10_000
        /// Requests in flight at once to this target.
        public var concurrency = 8
        /// Attempts before an item fails on this target.
        public var maxAttempts = 5
        /// Where an item goes when it finally fails here (stdout, desktop or inbox); nil: nowhere.
        public var fallback: ChannelName? = .inbox
        /// How an ntfy target shows each message: tags, priority, icon, Markdown, click.
        public var look = NtfyLook()
        /// ntfy's tags for every message (`tags`); nil for one word per kind (`calendar`).
        public var tags: [String]? { look.tags }
        /// How far ahead an ntfy target is handed what is due (`schedule_ahead`), to show at
        /// its due time whatever this machine does then; nil: each item is posted when due.
        public var scheduleAhead: Int64?

        /// A target with defaults for the optional settings.
        public init(name: String, url: String, format: WebhookFormat) {
            self.name = name
            self.url = url
            self.format = format
        }

        /// Reads every `[[webhooks]]` table; no two may share a name.
        static func parseAll(_ root: inout TOMLReader, directory: String) throws(ConfigError) -> [Webhook] {
            let webhooks = try root.tables("webhooks") { table throws(ConfigError) in try parse(&table, directory: directory) }
            try root.rejectRepeatedNames(webhooks.map(\.name), in: "webhooks", entry: "webhook")
            return webhooks
        }

        /// Reads one `[[webhooks]]` table: `name`, `url`, `format`, the secrets (relative
        /// files are read from `directory`), the limits and `fallback`.
        private static func parse(_ table: inout TOMLReader, directory: String) throws(ConfigError) -> Webhook {
            let name = try table.entryName()
            guard let url = try table.string("url") else { throw table.error("url", "missing") }
            if let problem = SourceURL.problem(url) { throw table.error("url", problem) }
            guard LinkPolicy.scheme(of: url) != "file" else { throw table.error("url", "a webhook needs https: (or http: to loopback)") }
            guard let format = try table.choice("format", of: WebhookFormat.self) else { throw table.error("format", "missing") }
            var webhook = Webhook(name: name, url: url, format: format)
            webhook.token = try SecretSource.parse(&table, env: "token_env", file: "token_file", directory: directory)
            webhook.secret = try SecretSource.parse(&table, env: "secret_env", file: "secret_file", directory: directory)
            if let timeout = try table.duration("timeout") {
                guard timeout >= 100, timeout <= 60_000 else { throw table.error("timeout", "must be between 100ms and 1m") }
                webhook.timeout = timeout
            }
            if let concurrency = try table.int("concurrency") {
                guard (1...64).contains(concurrency) else { throw table.error("concurrency", "must be between 1 and 64") }
                webhook.concurrency = concurrency
            }
            if let attempts = try table.int("max_attempts") {
                guard (1...20).contains(attempts) else { throw table.error("max_attempts", "must be between 1 and 20") }
                webhook.maxAttempts = attempts
            }
            if let text = try table.string("fallback") { webhook.fallback = try parseFallback(text, table) }
            webhook.look = try parseLook(&table, format: format)
            if let ahead = try table.duration("schedule_ahead") {
                guard format == .ntfy else { throw table.error("schedule_ahead", "only the ntfy format can hold a message until its time") }
                guard ahead >= Self.shortestScheduleAhead, ahead <= Self.longestScheduleAhead else {
                    throw table.error("schedule_ahead", "must be between 10m and 3d (ntfy keeps a scheduled message at most 3 days)")
                }
                webhook.scheduleAhead = ahead
            }
            return webhook
        }

        /// The shortest `schedule_ahead`: a hand-over is made at least two minutes ahead.
        public static let shortestScheduleAhead: Int64 = 10 * 60_000
        /// The longest: ntfy's default `message-delay-limit`.
        public static let longestScheduleAhead: Int64 = 3 * 86_400_000

        /// ntfy's tags as given: at most 5, each 1 to 32 characters without a comma (ntfy's
        /// separator) or a control character; `[]` for none.
        static func parseTags(_ tags: [String], _ table: TOMLReader) throws(ConfigError) -> [String] {
            if tags.count > 5 { throw table.error("tags", "at most 5 tags (\(tags.count))") }
            for tag in tags {
                let plain =
                    !tag.isEmpty && tag.count <= 32
                    && !tag.unicodeScalars.contains { $0 == "," || $0.properties.generalCategory == .control }
                guard plain, tag.first?.isWhitespace == false, tag.last?.isWhitespace == false else {
                    throw table.error("tags", "\(ConfigError.quoted(tag)) is not a tag: use 1 to 32 characters, no comma")
                }
            }
            return tags
        }

        /// The channel `fallback` names: stdout, desktop or inbox; nil for `none`. E-mail
        /// targets read theirs the same way.
        static func parseFallback(_ text: String, _ table: TOMLReader) throws(ConfigError) -> ChannelName? {
            let channel = ChannelName(text)
            if case .webhook? = channel { throw badFallback(text, table) }
            if case .email? = channel { throw badFallback(text, table) }
            if channel == nil && text != "none" { throw badFallback(text, table) }
            return channel
        }

        private static func badFallback(_ text: String, _ table: TOMLReader) -> ConfigError {
            table.error("fallback", "expected inbox, desktop, stdout or none, found \(ConfigError.quoted(text))")
        }
    }
}
