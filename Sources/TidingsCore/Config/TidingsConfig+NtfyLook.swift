extension TidingsConfig.Webhook {
    /// How an ntfy target shows each message (`[[webhooks]]` of format ntfy): its tags,
    /// priority per category, icon, Markdown and a click URL of its own.
    public struct NtfyLook: Sendable, Equatable {
        /// ntfy's tags for every message (`tags`); nil for one word per kind (`calendar`).
        public var tags: [String]?
        /// ntfy's priority (1–5) per category (`priority`); a category not named keeps the
        /// default (transactional 5, system and social 3, marketing 2).
        public var priorities: [Category: Int] = [:]
        /// The notification's icon (`icon`, an https: URL of a JPEG or PNG); nil: ntfy's own.
        public var icon: String?
        /// Whether the text is Markdown (`markdown = true`: `Markdown: yes`).
        public var markdown = false
        /// Where a tap goes when the item has no link of its own (`click`, https:).
        public var click: String?

        /// The defaults: the kind's tag, the category's priority, no icon, plain text.
        public init() {}
    }

    /// The keys of the ntfy look, refused for any other format as `tags` is.
    static func parseLook(_ table: inout TOMLReader, format: WebhookFormat) throws(ConfigError) -> NtfyLook {
        var look = NtfyLook()
        func ntfyOnly(_ key: String) throws(ConfigError) {
            guard format == .ntfy else { throw table.error(key, "only the ntfy format has \(key) (this webhook's format is \(format.rawValue))") }
        }
        if let tags = try table.strings("tags") {
            try ntfyOnly("tags")
            look.tags = try parseTags(tags, table)
        }
        if table.table["priority"]?.table != nil {
            try ntfyOnly("priority")
            var priorities: [Category: Int] = [:]
            try table.section("priority") { section throws(ConfigError) in
                for category in Category.allCases {
                    guard let priority = try section.int(category.rawValue) else { continue }
                    priorities[category] = try checked(priority, key: category.rawValue, section)
                }
            }
            look.priorities = priorities
        } else if let priority = try table.int("priority") {
            try ntfyOnly("priority")
            let value = try checked(priority, key: "priority", table)
            look.priorities = Dictionary(uniqueKeysWithValues: Category.allCases.map { ($0, value) })
        }
        if let icon = try table.string("icon") {
            try ntfyOnly("icon")
            look.icon = try httpsURL(icon, key: "icon", table)
        }
        if let markdown = try table.bool("markdown") {
            try ntfyOnly("markdown")
            look.markdown = markdown
        }
        if let click = try table.string("click") {
            try ntfyOnly("click")
            look.click = try httpsURL(click, key: "click", table)
        }
        return look
    }

    /// `priority` when it is one of ntfy's, 1 (min) to 5 (max).
    private static func checked(_ priority: Int, key: String, _ table: TOMLReader) throws(ConfigError) -> Int {
        guard (1...5).contains(priority) else {
            throw table.error(key, "must be between 1 and 5 (ntfy's priorities: 1 min, 3 default, 5 max), found \(priority)")
        }
        return priority
    }

    /// `text` when it is an https: URL a header can carry.
    private static func httpsURL(_ text: String, key: String, _ table: TOMLReader) throws(ConfigError) -> String {
        guard LinkPolicy.scheme(of: text) == "https" else {
            throw table.error(key, "expected an https: URL, found \(ConfigError.quoted(text))")
        }
        if let refusal = LinkPolicy.refusal(of: text) { throw table.error(key, refusal) }
        return text
    }
}
