extension TidingsConfig {
    /// The server `tidings listen` subscribes to for urgent alerts (`[realtime]`, used when
    /// `features.realtime_push` is on): an ntfy topic's JSON stream, or a server-sent events
    /// URL whose `data:` lines are messages of the same shape.
    public struct Realtime: Sendable, Equatable {
        /// How the stream is asked for.
        public enum Format: String, Sendable, CaseIterable {
            /// `url` is an ntfy topic (`https://ntfy.sh/alerts`): `GET <url>/json?since=<id>`.
            case ntfy
            /// `url` is a server-sent events stream, asked for as it is with `Last-Event-ID`
            /// and `since=<id>` after a reconnect.
            case sse
        }

        /// The topic or stream URL: `https:`, or `http:` to this machine only.
        public var url: String
        /// `ntfy` (the default) or `sse`.
        public var format = Format.ntfy
        /// Where the access token is read (sent as `Authorization: Bearer`); nil: none.
        public var token: SecretSource?
        /// A message of at least this priority (1–5, ntfy's scale) is urgent.
        public var urgentPriority = 5
        /// A message with one of these tags is urgent, whatever its priority.
        public var urgentTags = ["urgent"]
        /// The category of a message that is not urgent (urgent ones are transactional).
        public var category = Category.system
        /// The longest wait between two attempts to reconnect, in milliseconds.
        public var maxBackoff: Int64 = 300_000

        /// Backoffs allowed.
        public static let maxBackoffRange: ClosedRange<Int64> = 1000...3_600_000

        /// A subscription to `url` with the defaults.
        public init(url: String) {
            self.url = url
        }

        /// Whether a message of `priority` with `tags` is urgent.
        public func isUrgent(priority: Int, tags: [String]) -> Bool {
            priority >= urgentPriority || tags.contains { urgentTags.contains($0) }
        }

        /// Reads the keys of `[realtime]`; `directory` resolves a relative `token_file`.
        static func parse(_ table: inout TOMLReader, directory: String) throws(ConfigError) -> Realtime {
            guard var url = try table.string("url") else { throw table.error("url", "missing") }
            while url.hasSuffix("/") { url.removeLast() }
            guard let scheme = LinkPolicy.scheme(of: url), scheme == "https" || scheme == "http" else {
                throw table.error("url", "a stream needs https: (or http: to this machine), found \(ConfigError.quoted(url))")
            }
            if let problem = SourceURL.problem(url) { throw table.error("url", problem) }
            // SourceURL.problem refuses http: to another machine.
            guard !url.contains("#") else { throw table.error("url", "give the URL without a fragment") }
            var realtime = Realtime(url: url)
            realtime.format = try table.choice("format", of: Format.self) ?? realtime.format
            if realtime.format == .ntfy, url.contains("?") {
                throw table.error("url", "give the ntfy topic's URL without a query (https://ntfy.sh/alerts): /json?since= is added")
            }
            realtime.token = try SecretSource.parse(&table, env: "token_env", file: "token_file", directory: directory)
            if let priority = try table.int("urgent_priority") {
                guard (1...5).contains(priority) else { throw table.error("urgent_priority", "must be between 1 and 5 (ntfy's priorities)") }
                realtime.urgentPriority = priority
            }
            realtime.urgentTags = try table.strings("urgent_tags") ?? realtime.urgentTags
            if let name = try table.string("category") {
                guard let category = Category(rawValue: name), category != .transactional else {
                    throw table.error(
                        "category", "expected system, social or marketing (urgent messages are transactional), found \(ConfigError.quoted(name))")
                }
                realtime.category = category
            }
            if let backoff = try table.duration("max_backoff") {
                guard maxBackoffRange.contains(backoff) else { throw table.error("max_backoff", "must be between 1s and 1h") }
                realtime.maxBackoff = backoff
            }
            return realtime
        }
    }
}
