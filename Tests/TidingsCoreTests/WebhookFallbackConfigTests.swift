import Testing

@testable import TidingsCore

@Suite struct WebhookFallbackConfigTests {
    static func webhook(_ extra: String) throws(ConfigError) -> TidingsConfig.Webhook? {
        try TidingsConfig.parse(
            toml: "[[webhooks]]\nname = \"phone\"\nurl = \"https://ntfy.example.org/t\"\nformat = \"ntfy\"\n\(extra)",
            file: "/c/config.toml", directory: "/c"
        ).webhooks.first
    }

    @Test("A webhook falls back to the inbox by default; stdout, desktop or none on request")
    func values() throws {
        #expect(try Self.webhook("")?.fallback == .inbox)
        #expect(try Self.webhook("fallback = \"none\"")?.fallback == nil)
        #expect(try Self.webhook("fallback = \"desktop\"")?.fallback == .desktop)
        #expect(try Self.webhook("fallback = \"stdout\"")?.fallback == .stdout)
    }

    @Test("Another webhook, or a word that is no channel, is an error naming the key")
    func refused() {
        for value in ["webhook:other", "mail"] {
            #expect(throws: ConfigError.self) { try Self.webhook("fallback = \"\(value)\"") }
            do {
                _ = try Self.webhook("fallback = \"\(value)\"")
            } catch {
                #expect(error.description.contains("webhooks[0].fallback"), "\(error)")
            }
        }
    }
}
