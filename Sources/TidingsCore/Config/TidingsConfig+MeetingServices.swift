extension TidingsConfig {
    /// A meeting service of the user's own (a team's Jitsi, BigBlueButton, an on-premises
    /// Webex): its hosts and the path shapes of its meeting links, matched as strictly as the
    /// built-in table (host-anchored, https only).
    public struct MeetingServiceEntry: Sendable, Equatable {
        /// The name reminders show ("Join on Acme Jitsi").
        public var name: String
        /// `meet.example.org` (the host and its subdomains) or `*.example.org` (subdomains only).
        public var hosts: [String]
        /// Path shapes: `/` and segments, each literal or one of `{room}`, `{id}`, `{code}`.
        public var paths: [String]

        /// An entry as data.
        public init(name: String, hosts: [String], paths: [String]) {
            self.name = name
            self.hosts = hosts
            self.paths = paths
        }

        /// The placeholders a path shape may hold.
        public static let placeholders = ["{room}", "{id}", "{code}"]

        /// Reads every `[[meetings.services]]` table; no two may share a name.
        static func parseAll(_ meetings: inout TOMLReader) throws(ConfigError) -> [MeetingServiceEntry] {
            let entries = try meetings.tables("services") { table throws(ConfigError) in try parse(&table) }
            var seen: Set<String> = []
            for (index, entry) in entries.enumerated() where !seen.insert(entry.name.lowercased()).inserted {
                throw ConfigError(
                    file: meetings.file, key: "meetings.services[\(index)].name",
                    message: "\(ConfigError.quoted(entry.name)) names another service already")
            }
            return entries
        }

        private static func parse(_ table: inout TOMLReader) throws(ConfigError) -> MeetingServiceEntry {
            guard let name = try table.string("name") else { throw table.error("name", "missing") }
            guard !name.isEmpty, name.count <= 60, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw table.error("name", "must be 1 to 60 characters, without control characters")
            }
            guard let hosts = try table.strings("hosts"), !hosts.isEmpty else { throw table.error("hosts", "missing: at least one host") }
            for (index, host) in hosts.enumerated() where !isHost(host) {
                throw table.error(
                    "hosts[\(index)]",
                    "expected a host name such as \"meet.example.org\" or \"*.example.org\" (lower case, no scheme, no path), found \(ConfigError.quoted(host))"
                )
            }
            guard let paths = try table.strings("paths"), !paths.isEmpty else {
                throw table.error("paths", "missing: at least one path shape, such as \"/{room}\" or \"/rooms/{code}/join\"")
            }
            for (index, path) in paths.enumerated() {
                if let problem = problem(ofPath: path) { throw table.error("paths[\(index)]", problem) }
            }
            return MeetingServiceEntry(name: name, hosts: hosts, paths: paths)
        }

        /// Whether `text` is a host name with at least two labels, optionally `*.` first.
        static func isHost(_ text: String) -> Bool {
            let name = text.hasPrefix("*.") ? text.dropFirst(2) : Substring(text)
            let labels = name.split(separator: ".", omittingEmptySubsequences: false)
            guard labels.count >= 2, name.utf8.count <= 253 else { return false }
            return labels.allSatisfy { label in
                !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
            }
        }

        /// Why `path` is not a path shape, or nil when it is one.
        static func problem(ofPath path: String) -> String? {
            let example = "such as \"/{room}\", \"/b/{code}\" or \"/rooms/{code}/join\""
            guard path.hasPrefix("/") else { return "must start with \"/\", \(example)" }
            var placeholders = 0
            for segment in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
                if isPlaceholder(segment) {
                    placeholders += 1
                    continue
                }
                guard !segment.isEmpty, segment.utf8.allSatisfy(isLiteral) else {
                    return "each segment is literal (letters, digits, \".\", \"_\", \"~\", \"-\") or one of {room}, {id}, {code}, "
                        + "found \(ConfigError.quoted(String(segment)))"
                }
            }
            return placeholders == 0 ? "needs at least one of {room}, {id}, {code}: a fixed path is not a meeting, \(example)" : nil
        }

        private static func isPlaceholder(_ segment: Substring) -> Bool { placeholders.contains(String(segment)) }

        private static func isLiteral(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E
                || byte == 0x5F || byte == 0x7E || byte == 0x2D
        }
    }
}
