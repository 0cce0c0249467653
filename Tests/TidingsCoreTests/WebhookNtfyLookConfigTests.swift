import Testing

@testable import TidingsCore

/// An ntfy webhook's look: priority (one for all or per category), icon, Markdown, click.
@Suite struct WebhookNtfyLookConfigTests {
    static func look(_ extra: String, format: String = "ntfy") throws(ConfigError) -> TidingsConfig.Webhook.NtfyLook? {
        try WebhookTagsConfigTests.webhook(extra, format: format)?.look
    }

    @Test("Absent: the defaults; one number for every category; a table for those it names")
    func values() throws {
        #expect(try Self.look("") == TidingsConfig.Webhook.NtfyLook())
        #expect(try Self.look("priority = 4")?.priorities == [.transactional: 4, .system: 4, .social: 4, .marketing: 4])
        #expect(try Self.look("priority = { transactional = 5, marketing = 1 }")?.priorities == [.transactional: 5, .marketing: 1])
        let look = try Self.look("icon = \"https://example.org/i.png\"\nmarkdown = true\nclick = \"https://example.org/\"")
        #expect(look?.icon == "https://example.org/i.png")
        #expect(look?.markdown == true)
        #expect(look?.click == "https://example.org/")
    }

    @Test(
        "A bad value, an unknown category, or the key on another format is an error naming the key",
        arguments: [
            ("priority = 0", "ntfy", "webhooks[0].priority", "must be between 1 and 5"),
            ("priority = 6", "ntfy", "webhooks[0].priority", "found 6"),
            ("priority = \"high\"", "ntfy", "webhooks[0].priority", "expected an integer"),
            ("priority = { marketing = 9 }", "ntfy", "webhooks[0].priority.marketing", "must be between 1 and 5"),
            ("priority = { urgent = 5 }", "ntfy", "webhooks[0].priority.urgent", "unknown key \"urgent\""),
            ("priority = 3", "gotify", "webhooks[0].priority", "only the ntfy format has priority"),
            ("icon = \"http://example.org/i.png\"", "ntfy", "webhooks[0].icon", "expected an https: URL"),
            ("icon = \"https://example.org/a b.png\"", "ntfy", "webhooks[0].icon", "white space"),
            ("icon = \"https://example.org/i.png\"", "slack", "webhooks[0].icon", "only the ntfy format has icon"),
            ("markdown = \"yes\"", "ntfy", "webhooks[0].markdown", "expected true or false"),
            ("markdown = true", "json", "webhooks[0].markdown", "only the ntfy format has markdown"),
            ("click = \"javascript:alert(1)\"", "ntfy", "webhooks[0].click", "expected an https: URL"),
            ("click = \"https://example.org/\"", "discord", "webhooks[0].click", "only the ntfy format has click"),
        ])
    func refused(extra: String, format: String, key: String, message: String) {
        do {
            _ = try Self.look(extra, format: format)
            Issue.record("accepted \(extra)")
        } catch {
            #expect(error.description.contains(key), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }
}
