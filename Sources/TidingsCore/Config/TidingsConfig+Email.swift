extension TidingsConfig {
    /// One e-mail target: an SMTP server, a sender and the recipients.
    public struct Email: Sendable, Equatable {
        /// A unique name; routes say `email:NAME`.
        public var name: String
        /// `smtps://host[:465]`, or `smtp://host[:587]` (STARTTLS unless `starttls = false` to loopback).
        public var url: String
        /// Whether an `smtp://` session must switch to TLS with STARTTLS; off only to loopback.
        public var starttls = true
        /// The sender address (`From` and `MAIL FROM`).
        public var from: String
        /// The recipient addresses (`To` and `RCPT TO`), at least one.
        public var to: [String]
        /// The login name for SMTP AUTH; nil logs in as nobody.
        public var username: String?
        /// Where the password comes from; set exactly when `username` is.
        public var password: SecretSource?
        /// A PEM file of the certificate authorities to trust instead of the system's.
        public var caFile: String?
        /// Time allowed for one message.
        public var timeout: Int64 = 30_000
        /// Attempts before an item fails on this target.
        public var maxAttempts = 5
        /// Where an item goes when it finally fails here (stdout, desktop or inbox); nil: nowhere.
        public var fallback: ChannelName? = .inbox

        /// A target with defaults for the optional settings.
        public init(name: String, url: String, from: String, to: [String]) {
            self.name = name
            self.url = url
            self.from = from
            self.to = to
        }

        /// The part of `from` after its `@`, for the Message-ID.
        public var fromDomain: String {
            from.split(separator: "@").last.map(String.init) ?? "tidings.local"
        }

        /// Reads every `[[email]]` table; no two may share a name.
        static func parseAll(_ root: inout TOMLReader, directory: String) throws(ConfigError) -> [Email] {
            let emails = try root.tables("email") { table throws(ConfigError) in try parse(&table, directory: directory) }
            try root.rejectRepeatedNames(emails.map(\.name), in: "email", entry: "e-mail target")
            return emails
        }

        /// Reads one `[[email]]` table: `name`, `url`, `starttls`, `from`, `to`, the login
        /// (relative files are read from `directory`), `ca_file`, the limits and `fallback`.
        private static func parse(_ table: inout TOMLReader, directory: String) throws(ConfigError) -> Email {
            let name = try table.entryName()
            guard let url = try table.string("url") else { throw table.error("url", "missing") }
            let starttls = try table.bool("starttls") ?? true
            if let problem = urlProblem(url, starttls: starttls) { throw table.error("url", problem) }
            if !starttls, url.lowercased().hasPrefix("smtps:") {
                throw table.error("starttls", "an smtps: url is encrypted from the start; leave starttls out")
            }
            guard let from = try table.string("from") else { throw table.error("from", "missing") }
            if let problem = addressProblem(from) { throw table.error("from", problem) }
            guard let to = try table.strings("to") else { throw table.error("to", "missing") }
            guard !to.isEmpty else { throw table.error("to", "empty: give at least one address") }
            for (index, address) in to.enumerated() {
                if let problem = addressProblem(address) { throw table.error("to[\(index)]", problem) }
            }
            var email = Email(name: name, url: url, from: from, to: to)
            email.starttls = starttls
            email.username = try table.string("username")
            if email.username?.isEmpty == true { throw table.error("username", "empty: leave the key out to log in as nobody") }
            if email.username?.contains(where: { $0.isNewline }) == true { throw table.error("username", "must be one line") }
            email.password = try SecretSource.parse(&table, env: "password_env", file: "password_file", directory: directory)
            if email.username != nil, email.password == nil {
                throw table.error("username", "needs password_env or password_file")
            }
            if email.username == nil, email.password != nil {
                throw table.error("username", "missing: a password needs the name it logs in with")
            }
            if let path = try table.string("ca_file") {
                guard !path.isEmpty else { throw table.error("ca_file", "empty path") }
                email.caFile = TidingsConfig.path(path, relativeTo: directory)
            }
            if let timeout = try table.duration("timeout") {
                guard timeout >= 1_000, timeout <= 300_000 else { throw table.error("timeout", "must be between 1s and 5m") }
                email.timeout = timeout
            }
            if let attempts = try table.int("max_attempts") {
                guard (1...20).contains(attempts) else { throw table.error("max_attempts", "must be between 1 and 20") }
                email.maxAttempts = attempts
            }
            if let text = try table.string("fallback") { email.fallback = try Webhook.parseFallback(text, table) }
            return email
        }

        /// Why `url` cannot carry mail: `smtps://HOST`, `smtp://HOST` (with STARTTLS), plain
        /// `smtp://` without it only to this machine.
        static func urlProblem(_ url: String, starttls: Bool) -> String? {
            let lower = url.lowercased()
            guard lower.hasPrefix("smtps://") || lower.hasPrefix("smtp://") else {
                return "expected smtps://HOST:465 or smtp://HOST:587, found \(ConfigError.quoted(url))"
            }
            guard let host = SourceURL.host(of: url), !host.isEmpty else {
                return "\(ConfigError.quoted(url)) has no host"
            }
            let authorityStart = url.range(of: "://")?.upperBound ?? url.endIndex
            let rest = url[authorityStart...].drop { $0 != "/" && $0 != "?" && $0 != "#" }
            guard rest.isEmpty || rest == "/" else {
                return "\(ConfigError.quoted(url)) has a path; give only the scheme, host and port"
            }
            if url.contains("@") { return "put the login in username and password_env or password_file, not in the url" }
            if lower.hasPrefix("smtp://"), !starttls, !SourceURL.isLoopback(host) {
                return "plain smtp without STARTTLS is only allowed to this machine (127.0.0.1, localhost, [::1]); use starttls or smtps:"
            }
            return nil
        }

        /// Why `address` is not a plain `local@domain` address (no name, no brackets, no spaces).
        static func addressProblem(_ address: String) -> String? {
            let parts = address.split(separator: "@", omittingEmptySubsequences: false)
            let allowed = address.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value != 0x7F && !"<>()[]\\,;:\"".unicodeScalars.contains(scalar)
            }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, allowed, !parts[1].hasPrefix("."), !parts[1].hasSuffix(".")
            else {
                return "expected an address such as tidings@example.org (no name, no brackets), found \(ConfigError.quoted(address))"
            }
            return nil
        }
    }
}
