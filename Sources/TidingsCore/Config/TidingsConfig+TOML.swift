import TOMLKit

extension TidingsConfig {
    /// Parses a config file's text. Keys left out keep their defaults; unknown keys, wrong
    /// types and invalid values are errors naming `file` and the key.
    ///
    /// `directory` is the config file's folder: a source URL `file:NAME` without a leading
    /// slash is read relative to it. The sections are read in the order below, so that the
    /// first problem reported is the same from one run to the next.
    public static func parse(toml text: String, file: String, directory: String) throws(ConfigError) -> TidingsConfig {
        var root = TOMLReader(file: file, table: try document(text, file: file), prefix: "")
        var config = TidingsConfig()
        var dailyEnabled: Bool?
        try root.section("daily") { table throws(ConfigError) in (config.daily, dailyEnabled) = try Daily.parse(&table) }
        try root.section("quiet_hours") { table throws(ConfigError) in config.quietHours = try QuietHours.parse(&table) }
        try root.section("delivery") { table throws(ConfigError) in config.delivery = try Delivery.parse(&table) }
        try root.section("fallback") { table throws(ConfigError) in config.fallback = try Fallback.parse(&table) }
        try root.section("meetings") { table throws(ConfigError) in config.meetings = try Meetings.parse(&table) }
        try root.section("weekly") { table throws(ConfigError) in config.weekly = try Weekly.parse(&table) }
        try root.section("plan") { table throws(ConfigError) in config.plan = try Plan.parse(&table) }
        config.sources = try Source.parseAll(&root, directory: directory)
        config.daily.settle(enabled: dailyEnabled, sources: config.sources)
        config.webhooks = try Webhook.parseAll(&root, directory: directory)
        config.emails = try Email.parseAll(&root, directory: directory)
        config.commands = try Command.parseAll(&root)
        config.digests = try DigestRule.parseAll(&root)
        try root.section("routes") { table throws(ConfigError) in
            config.routes = try parseRoutes(&table, webhooks: config.webhooks, emails: config.emails, commands: config.commands)
        }
        try root.section("channels") { table throws(ConfigError) in
            config.disabledChannels = try parseDisabledChannels(&table, webhooks: config.webhooks, emails: config.emails, commands: config.commands)
        }
        try root.section("desktop") { table throws(ConfigError) in config.desktop = try Desktop.parse(&table) }
        try root.section("monitoring") { table throws(ConfigError) in config.monitoring = try Monitoring.parse(&table) }
        try root.section("nag") { table throws(ConfigError) in config.nag = try Nag.parse(&table) }
        try root.section("insights") { table throws(ConfigError) in config.insights = try Insights.parse(&table) }
        try root.section("retention") { table throws(ConfigError) in config.retention = try Retention.parse(&table) }
        try root.section("features") { table throws(ConfigError) in config.features = try Features.parse(&table) }
        try root.section("media") { table throws(ConfigError) in config.media = try Media.parse(&table, directory: directory) }
        try root.section("llm") { table throws(ConfigError) in config.llm = try LLM.parse(&table, directory: directory) }
        if config.features.llm, config.llm == nil {
            throw root.error("features.llm", "needs an [llm] table with base_url and model (the endpoint to ask)")
        }
        try root.section("realtime") { table throws(ConfigError) in config.realtime = try Realtime.parse(&table, directory: directory) }
        if config.features.realtimePush, config.realtime == nil {
            throw root.error("features.realtime_push", "needs a [realtime] table with url (the ntfy topic or event stream to listen to)")
        }
        try root.rejectUnknownKeys()
        return config
    }

    /// The TOML document of `text`, after the checks TOMLKit does not make (`TOMLPrecheck`).
    private static func document(_ text: String, file: String) throws(ConfigError) -> TOMLTable {
        if let (line, message) = TOMLPrecheck.problem(in: text) {
            throw ConfigError(file: file, key: "", message: "line \(line): \(message)")
        }
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, key: "", message: "line \(error.source.begin.line): \(error.description)")
        } catch {
            throw ConfigError(file: file, key: "", message: "not valid TOML: \(error)")
        }
    }

    /// `path` as the config means it: absolute as given, else relative to the config file's
    /// `directory`.
    static func path(_ path: String, relativeTo directory: String) -> String {
        path.hasPrefix("/") ? path : (directory.hasSuffix("/") ? directory : directory + "/") + path
    }
}
