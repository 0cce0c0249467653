import TOMLKit

extension TidingsConfig {
    /// Parses a config file's text. Keys left out keep their defaults; unknown keys, wrong
    /// types and invalid values are errors naming `file` and the key.
    ///
    /// `directory` is the config file's folder: a source URL `file:NAME` without a leading
    /// slash is read relative to it.
    public static func parse(toml text: String, file: String, directory: String) throws(ConfigError) -> TidingsConfig {
        if let (line, message) = TOMLPrecheck.problem(in: text) {
            throw ConfigError(file: file, key: "", message: "line \(line): \(message)")
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, key: "", message: "line \(error.source.begin.line): \(error.description)")
        } catch {
            throw ConfigError(file: file, key: "", message: "not valid TOML: \(error)")
        }
        var config = TidingsConfig()
        var reader = TOMLReader(file: file, table: root, prefix: "")
        var dailyEnabled: Bool?
        try reader.section("daily") { daily throws(ConfigError) in
            dailyEnabled = try daily.bool("enabled")
            config.daily.time = try daily.wallTime("time") ?? config.daily.time
            config.daily.weekdaysOnly = try daily.bool("weekdays_only") ?? config.daily.weekdaysOnly
            config.daily.category = try daily.choice("category", of: Category.self) ?? config.daily.category
        }
        try reader.section("quiet_hours") { quiet throws(ConfigError) in
            config.quietHours.enabled = try quiet.bool("enabled") ?? config.quietHours.enabled
            config.quietHours.start = try quiet.wallTime("start") ?? config.quietHours.start
            config.quietHours.end = try quiet.wallTime("end") ?? config.quietHours.end
        }
        try reader.section("delivery") { delivery throws(ConfigError) in
            config.delivery.grace = try delivery.duration("grace") ?? config.delivery.grace
            config.delivery.wake = try delivery.choice("wake", of: Wake.self)
        }
        try reader.section("fallback") { fallback throws(ConfigError) in
            if let messages = try fallback.strings("messages") {
                config.fallback.messages = messages.map(TextSanitizer.clean)
                if let index = config.fallback.messages.firstIndex(where: \.isEmpty) {
                    throw fallback.error("messages[\(index)]", "empty message")
                }
            }
            config.fallback.staleAfter = try fallback.duration("stale_after") ?? config.fallback.staleAfter
        }
        try reader.section("meetings") { meetings throws(ConfigError) in
            config.meetings.enabled = try meetings.bool("enabled") ?? config.meetings.enabled
            config.meetings.leadTimes = try parseLeadTimes(&meetings) ?? config.meetings.leadTimes
            config.meetings.onlyWithVideoLinks = try meetings.bool("only_with_video_links") ?? config.meetings.onlyWithVideoLinks
            config.meetings.allDay = try meetings.bool("all_day") ?? config.meetings.allDay
            config.meetings.allDayTime = try meetings.wallTime("all_day_time") ?? config.meetings.allDayTime
            config.meetings.category = try meetings.choice("category", of: Category.self) ?? config.meetings.category
            if let addresses = try meetings.strings("me") {
                config.meetings.me = []
                for (index, text) in addresses.enumerated() {
                    guard let address = CalendarAddress.normalized(text) else { throw meetings.error("me[\(index)]", "empty address") }
                    if !config.meetings.me.contains(address) { config.meetings.me.append(address) }
                }
            }
            config.meetings.skipTentative = try meetings.bool("skip_tentative") ?? config.meetings.skipTentative
            config.meetings.useEventAlarms = try meetings.bool("use_event_alarms") ?? config.meetings.useEventAlarms
        }
        try reader.section("weekly") { weekly throws(ConfigError) in
            config.weekly.enabled = try weekly.bool("enabled") ?? config.weekly.enabled
            if let day = try weekly.string("day") {
                guard let number = Self.weekdays.firstIndex(of: day.lowercased()) else {
                    throw weekly.error("day", "expected a day such as \"sunday\", found \(ConfigError.quoted(day))")
                }
                config.weekly.weekday = number + 1
            }
            config.weekly.time = try weekly.wallTime("time") ?? config.weekly.time
            config.weekly.category = try weekly.choice("category", of: Category.self) ?? config.weekly.category
        }
        try reader.section("plan") { plan throws(ConfigError) in
            if let cap = try plan.int("max_pending") {
                guard (1...10_000).contains(cap) else { throw plan.error("max_pending", "must be between 1 and 10000") }
                config.plan.maxPending = cap
            }
            if let horizon = try plan.duration("horizon") {
                guard Plan.horizonRange.contains(horizon) else { throw plan.error("horizon", "must be between 1h and 3660d") }
                config.plan.horizon = horizon
            }
        }
        config.sources = try reader.tables("sources").map { source throws(ConfigError) in
            try parseSource(source, directory: directory)
        }
        var names = Set<String>()
        for (index, source) in config.sources.enumerated() where !names.insert(source.name).inserted {
            throw ConfigError(file: file, key: "sources[\(index)].name", message: "\(ConfigError.quoted(source.name)) is used by another source")
        }
        // Without content, every daily update would be an emergency line: asked for, or off.
        if let dailyEnabled {
            config.daily.enabled = dailyEnabled
        } else if !config.sources.contains(where: { $0.type == .content }) {
            config.daily.enabled = false
            config.daily.offWithoutContent = true
        }
        config.webhooks = try reader.tables("webhooks").map { table throws(ConfigError) in
            try parseWebhook(table, directory: directory)
        }
        var webhookNames = Set<String>()
        for (index, webhook) in config.webhooks.enumerated() where !webhookNames.insert(webhook.name).inserted {
            throw ConfigError(file: file, key: "webhooks[\(index)].name", message: "\(ConfigError.quoted(webhook.name)) is used by another webhook")
        }
        try reader.section("routes") { routes throws(ConfigError) in
            for category in Category.allCases {
                guard let entries = try routes.strings(category.rawValue) else { continue }
                var channels: [ChannelName] = []
                for (index, entry) in entries.enumerated() {
                    guard let channel = ChannelName(entry) else {
                        throw routes.error("\(category.rawValue)[\(index)]", "unknown channel \(ConfigError.quoted(entry)); use stdout, desktop, inbox or webhook:NAME")
                    }
                    if case .webhook(let name) = channel, !webhookNames.contains(name) {
                        throw routes.error("\(category.rawValue)[\(index)]", "no [[webhooks]] entry is named \(ConfigError.quoted(name))")
                    }
                    if !channels.contains(channel) { channels.append(channel) }
                }
                config.routes[category] = channels
            }
        }
        try reader.section("channels") { channels throws(ConfigError) in
            for name in ["stdout", "desktop", "inbox", "webhook"] + config.webhooks.map({ "webhook:\($0.name)" }) {
                if try channels.bool(name) == false { config.disabledChannels.insert(name) }
            }
        }
        try reader.section("desktop") { desktop throws(ConfigError) in
            if let expire = try desktop.duration("expire") {
                guard expire >= 1000 else { throw desktop.error("expire", "must be at least 1s") }
                config.desktop.expire = expire
            }
            if let icon = try desktop.string("icon") {
                guard icon.hasPrefix("/") else { throw desktop.error("icon", "must be the absolute path of a local file (never a URL), found \(ConfigError.quoted(icon))") }
                config.desktop.icon = icon
            }
            if let deadline = try desktop.duration("deadline") {
                guard deadline >= 100, deadline <= 60_000 else { throw desktop.error("deadline", "must be between 100ms and 1m") }
                config.desktop.deadline = deadline
            }
        }
        try reader.section("monitoring") { monitoring throws(ConfigError) in
            config.monitoring = try Monitoring.parse(&monitoring)
        }
        try reader.section("insights") { insights throws(ConfigError) in
            config.insights = try Insights.parse(&insights)
        }
        try reader.section("retention") { retention throws(ConfigError) in
            if let days = try retention.int("days") {
                guard Retention.daysRange.contains(days) else { throw retention.error("days", "must be between 1 and 36600") }
                config.retention.days = days
            }
        }
        try reader.section("features") { features throws(ConfigError) in
            config.features = try Features.parse(&features)
        }
        try reader.section("media") { media throws(ConfigError) in
            config.media = try Media.parse(&media, directory: directory)
        }
        try reader.section("llm") { llm throws(ConfigError) in
            config.llm = try LLM.parse(&llm, directory: directory)
        }
        if config.features.llm, config.llm == nil {
            throw ConfigError(file: file, key: "features.llm", message: "needs an [llm] table with base_url and model (the endpoint to ask)")
        }
        try reader.rejectUnknownKeys()
        return config
    }

    private static func parseWebhook(_ table: TOMLReader, directory: String) throws(ConfigError) -> Webhook {
        var table = table
        guard let name = try table.string("name") else { throw table.error("name", "missing") }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw table.error("name", "use letters, digits, '-', '_' and '.' only, found \(ConfigError.quoted(name))")
        }
        guard let url = try table.string("url") else { throw table.error("url", "missing") }
        if let problem = SourceURL.problem(url) { throw table.error("url", problem) }
        guard LinkPolicy.scheme(of: url) != "file" else { throw table.error("url", "a webhook needs https: (or http: to loopback)") }
        guard let format = try table.choice("format", of: WebhookFormat.self) else { throw table.error("format", "missing") }
        var webhook = Webhook(name: name, url: url, format: format)
        webhook.token = try secret(table: &table, env: "token_env", file: "token_file", directory: directory)
        webhook.secret = try secret(table: &table, env: "secret_env", file: "secret_file", directory: directory)
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
        if let fallback = try table.string("fallback") {
            let channel = ChannelName(fallback)
            if case .webhook? = channel { throw Self.badFallback(fallback, table) }
            if channel == nil && fallback != "none" { throw Self.badFallback(fallback, table) }
            webhook.fallback = channel
        }
        try table.rejectUnknownKeys()
        return webhook
    }

    private static func badFallback(_ text: String, _ table: TOMLReader) -> ConfigError {
        table.error("fallback", "expected inbox, desktop, stdout or none, found \(ConfigError.quoted(text))")
    }

    /// Where a secret is read: the variable named by `env` or the file named by `file` (one of
    /// the two), or nil when neither key is given.
    static func secret(table: inout TOMLReader, env: String, file: String, directory: String) throws(ConfigError) -> SecretSource? {
        let variable = try table.string(env)
        let path = try table.string(file)
        switch (variable, path) {
        case (nil, nil): return nil
        case (let variable?, nil):
            guard !variable.isEmpty else { throw table.error(env, "empty variable name") }
            return .environment(variable)
        case (nil, let path?):
            guard !path.isEmpty else { throw table.error(file, "empty path") }
            return .file(path.hasPrefix("/") ? path : (directory.hasSuffix("/") ? directory : directory + "/") + path)
        case (_?, _?):
            throw table.error(file, "give \(env) or \(file), not both")
        }
    }

    /// `meetings.lead_times`, or `meetings.lead_time` as a list of one; nil when neither is given.
    private static func parseLeadTimes(_ meetings: inout TOMLReader) throws(ConfigError) -> [Int64]? {
        let single = try meetings.duration("lead_time")
        guard let texts = try meetings.strings("lead_times") else {
            guard let single else { return nil }
            guard Meetings.leadTimeRange.contains(single) else { throw meetings.error("lead_time", "must be between 1m and 1d") }
            return [single]
        }
        if single != nil { throw meetings.error("lead_time", "give lead_time or lead_times, not both") }
        guard !texts.isEmpty else {
            throw meetings.error("lead_times", "needs at least one lead time (enabled = false turns reminders off)")
        }
        var leads: [Int64] = []
        for (index, text) in texts.enumerated() {
            let key = "lead_times[\(index)]"
            guard let lead = DurationText.parse(text) else {
                throw meetings.error(key, "expected a duration such as \"10m\" or \"1h30m\", found \(ConfigError.quoted(text))")
            }
            guard Meetings.leadTimeRange.contains(lead) else { throw meetings.error(key, "must be between 1m and 1d") }
            guard !leads.contains(lead) else { throw meetings.error(key, "\(ConfigError.quoted(text)) is given twice") }
            leads.append(lead)
        }
        return leads
    }

    /// ISO weekday names, Monday first.
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    private static func parseSource(_ table: TOMLReader, directory: String) throws(ConfigError) -> Source {
        var table = table
        guard let name = try table.string("name") else { throw table.error("name", "missing") }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw table.error("name", "use letters, digits, '-', '_' and '.' only, found \(ConfigError.quoted(name))")
        }
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
            guard SourceType.everyRange.contains(every) else { throw table.error("every", "must be between 1m and 7d, found \(DurationText.format(every))") }
            source.every = every
        }
        if let category = try table.choice("category", of: Category.self) {
            guard type == .schedule else { throw table.error("category", "only a schedule source has a category") }
            source.category = category
        }
        if let keys = try table.strings("pinned_public_keys") {
            guard url.hasPrefix("https:") else { throw table.error("pinned_public_keys", "only an https source can pin keys") }
            guard !keys.isEmpty else { throw table.error("pinned_public_keys", "empty: leave the key out to pin nothing") }
            for (index, key) in keys.enumerated() where !PublicKeyPin.isValid(key) {
                throw table.error(
                    "pinned_public_keys[\(index)]", "expected \"sha256//\" and the base64 SHA-256 of the key (44 characters), found \(ConfigError.quoted(key))")
            }
            source.pinnedPublicKeys = keys
        }
        if let path = try table.string("ca_file") {
            guard url.hasPrefix("https:") else { throw table.error("ca_file", "only an https source has certificate authorities") }
            guard !path.isEmpty else { throw table.error("ca_file", "empty path") }
            source.caFile = path.hasPrefix("/") ? path : (directory.hasSuffix("/") ? directory : directory + "/") + path
        }
        try table.rejectUnknownKeys()
        return source
    }

    private static func resolveFileURL(_ url: String, directory: String) -> String {
        guard url.hasPrefix("file:"), !url.hasPrefix("file:/") else { return url }
        let relative = url.dropFirst("file:".count)
        return SourceURL.fileURL(path: (directory.hasSuffix("/") ? directory : directory + "/") + relative)
    }
}

/// The rules every source URL obeys, checked in the config and again before each fetch.
public enum SourceURL {
    /// Why `url` may not be fetched, or nil when it may: `https:` anywhere, `file:` paths,
    /// `http:` to this machine only (127.0.0.0/8, localhost, ::1).
    public static func problem(_ url: String) -> String? {
        guard let scheme = LinkPolicy.scheme(of: url) else { return "not a URL: \(ConfigError.quoted(url))" }
        switch scheme {
        case "https":
            let malformed = "\(ConfigError.quoted(url)) is not a valid URL: expected \"https://\" followed by a host"
            // The "://" must follow the scheme itself, not come later in the path or query.
            guard url.utf8.dropFirst(5).starts(with: "://".utf8), let host = host(of: url), !host.isEmpty else { return malformed }
            return nil
        case "file":
            // file:///path or file:/path; file://HOST/path names another machine.
            let local = url.hasPrefix("file:///") || url.lowercased().hasPrefix("file://localhost/")
                || (url.hasPrefix("file:/") && !url.hasPrefix("file://"))
            return local ? nil : "a file: URL must name a local path (file:///path), found \(ConfigError.quoted(url))"
        case "http":
            guard let host = host(of: url), isLoopback(host) else {
                return "http: is only allowed to this machine (127.0.0.1, localhost, [::1]); use https:"
            }
            return nil
        default:
            return "scheme \(scheme): is not supported; use https:, file: or http: to loopback"
        }
    }

    /// The `file://` URL of an absolute `path`, percent-encoded (a space or `#` in a folder
    /// name must not end the path).
    public static func fileURL(path: String) -> String {
        var encoded = "file://"
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "/-._~".contains(character) {
                encoded.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// Whether `host` names this machine.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "[::1]" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The host of an `http(s)://` URL, without user info or port.
    public static func host(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        var authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return String(authority[...close])
        }
        return String(authority.prefix { $0 != ":" })
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
