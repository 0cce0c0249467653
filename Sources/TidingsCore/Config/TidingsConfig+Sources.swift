extension TidingsConfig {
    /// What kind of data a source serves.
    public enum SourceType: String, Sendable, CaseIterable {
        /// `NotificationContent v1` JSON.
        case content
        /// An iCalendar (ICS) file: meetings to remind of, and the weekly summary.
        case calendar
        /// A remote schedule (`RemoteSchedule` JSON): a one-shot sequence of notifications.
        case schedule
        /// The calendars of a CalDAV server (RFC 4791), or one of its calendars, read as one
        /// calendar: what `calendar` does, from where calendars behind a login are kept.
        case caldav

        /// Whether the source serves meetings (an ICS file or folder, or CalDAV).
        public var isCalendar: Bool { self == .calendar || self == .caldav }

        /// How often a source of this type is refreshed unless it says otherwise: calendars
        /// every 15 minutes (a meeting added in the morning gets its reminder), the rest four
        /// times a day.
        public var defaultEvery: Int64 {
            switch self {
            case .calendar, .caldav: 15 * 60_000
            case .content, .schedule: 6 * 3_600_000
            }
        }

        /// The refresh intervals a source may ask for: a minute to a week.
        public static let everyRange: ClosedRange<Int64> = 60_000...(7 * 86_400_000)
    }

    /// One place `prefetch` fetches from.
    public struct Source: Sendable, Equatable {
        /// A unique, stable name; the cache is kept under it.
        public var name: String
        /// What the source serves.
        public var type: SourceType
        /// `https:`, `file:` or `http:` to loopback only.
        public var url: String
        /// Connect plus transfer time allowed for one fetch.
        public var timeout: Int64 = 30_000
        /// The category of a schedule's notifications.
        public var category = Category.system
        /// `sha256//<base64>` hashes of the public keys the server may present (a backup key
        /// beside the current one); empty: any key of a certificate the system trusts.
        public var pinnedPublicKeys: [String] = []
        /// A PEM file of certificate authorities to trust instead of the system's (a private CA).
        public var caFile: String?
        /// How often `prefetch --due` fetches it: the type's `defaultEvery` unless set.
        public var every: Int64
        /// How it logs in to its server (HTTP Basic or a bearer token); nil: it does not.
        public var login: SourceLogin?
        /// The calendars of a CalDAV server that are read, by display name or the last part
        /// of their path; empty: every calendar of events.
        public var calendars: [String] = []

        /// Creates a source.
        public init(name: String, type: SourceType = .content, url: String, timeout: Int64 = 30_000) {
            self.name = name
            self.type = type
            self.url = url
            self.timeout = timeout
            every = type.defaultEvery
        }

        /// Reads every `[[sources]]` table; no two may share a name.
        static func parseAll(_ root: inout TOMLReader, directory: String) throws(ConfigError) -> [Source] {
            let sources = try root.tables("sources") { table throws(ConfigError) in try parse(&table, directory: directory) }
            try root.rejectRepeatedNames(sources.map(\.name), in: "sources", entry: "source")
            return sources
        }

        /// Reads one `[[sources]]` table: `name`, `type`, `url` (a relative `file:NAME` is
        /// read from `directory`), `timeout`, `every`, `category`, the TLS keys and the login.
        private static func parse(_ table: inout TOMLReader, directory: String) throws(ConfigError) -> Source {
            let name = try table.entryName()
            let type = try table.choice("type", of: SourceType.self) ?? .content
            guard let rawURL = try table.string("url") else { throw table.error("url", "missing") }
            let url = resolveFileURL(rawURL, directory: directory)
            if let problem = SourceURL.problem(url) { throw table.error("url", problem) }
            var source = Source(name: name, type: type, url: url)
            if let timeout = try table.duration("timeout") {
                guard timeout >= 1000, timeout <= 8 * 60_000 else { throw table.error("timeout", "must be between 1s and 8m") }
                source.timeout = timeout
            }
            if let every = try table.duration("every") {
                guard SourceType.everyRange.contains(every) else {
                    throw table.error("every", "must be between 1m and 7d, found \(DurationText.format(every))")
                }
                source.every = every
            }
            if let category = try table.choice("category", of: Category.self) {
                guard type == .schedule else { throw table.error("category", "only a schedule source has a category") }
                source.category = category
            }
            try parseTLS(&table, into: &source, directory: directory)
            source.login = try SourceLogin.parse(&table, url: url, directory: directory)
            if type == .caldav {
                guard url.hasPrefix("https:") || url.hasPrefix("http:") else {
                    throw table.error(
                        "url", "a caldav source is read from an https server (or http: to this machine), not \(ConfigError.quoted(url))")
                }
            }
            if let calendars = try table.strings("calendars") {
                guard type == .caldav else { throw table.error("calendars", "only a caldav source has calendars to choose from") }
                guard !calendars.isEmpty, !calendars.contains(where: \.isEmpty) else {
                    throw table.error("calendars", "empty: leave the key out to read every calendar")
                }
                source.calendars = calendars
            }
            return source
        }

        /// Reads `pinned_public_keys` and `ca_file`, which only an https source may have.
        private static func parseTLS(_ table: inout TOMLReader, into source: inout Source, directory: String) throws(ConfigError) {
            if let keys = try table.strings("pinned_public_keys") {
                guard source.url.hasPrefix("https:") else { throw table.error("pinned_public_keys", "only an https source can pin keys") }
                guard !keys.isEmpty else { throw table.error("pinned_public_keys", "empty: leave the key out to pin nothing") }
                for (index, key) in keys.enumerated() where !PublicKeyPin.isValid(key) {
                    throw table.error(
                        "pinned_public_keys[\(index)]",
                        "expected \"sha256//\" and the base64 SHA-256 of the key (44 characters), found \(ConfigError.quoted(key))")
                }
                source.pinnedPublicKeys = keys
            }
            if let path = try table.string("ca_file") {
                guard source.url.hasPrefix("https:") else { throw table.error("ca_file", "only an https source has certificate authorities") }
                guard !path.isEmpty else { throw table.error("ca_file", "empty path") }
                source.caFile = TidingsConfig.path(path, relativeTo: directory)
            }
        }

        /// `url`, with a relative `file:NAME` made the `file://` URL of NAME in `directory`.
        private static func resolveFileURL(_ url: String, directory: String) -> String {
            guard url.hasPrefix("file:"), !url.hasPrefix("file:/") else { return url }
            return SourceURL.fileURL(path: TidingsConfig.path(String(url.dropFirst("file:".count)), relativeTo: directory))
        }
    }
}

/// The form of a pinned public key: `sha256//` and the base64 of a SHA-256 digest.
public enum PublicKeyPin {
    /// Whether `text` is `sha256//` followed by 43 base64 characters and one `=`.
    public static func isValid(_ text: String) -> Bool {
        guard text.hasPrefix("sha256//") else { return false }
        let digest = text.utf8.dropFirst("sha256//".count)
        guard digest.count == 44, digest.last == UInt8(ascii: "=") else { return false }
        return digest.dropLast().allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        }
    }
}
