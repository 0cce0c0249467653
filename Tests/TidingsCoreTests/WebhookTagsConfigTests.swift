import Testing

@testable import TidingsCore

@Suite struct WebhookTagsConfigTests {
    static func webhook(_ extra: String, format: String = "ntfy") throws(ConfigError) -> TidingsConfig.Webhook? {
        try TidingsConfig.parse(
            toml: "[[webhooks]]\nname = \"phone\"\nurl = \"https://ntfy.example.org/t\"\nformat = \"\(format)\"\n\(extra)",
            file: "/c/config.toml", directory: "/c"
        ).webhooks.first
    }

    @Test("tags: absent is nil (a word per kind), a list as given, [] for none")
    func values() throws {
        #expect(try Self.webhook("")?.tags == nil)
        #expect(try Self.webhook("tags = [\"laptop\", \"home office\"]")?.tags == ["laptop", "home office"])
        #expect(try Self.webhook("tags = []")?.tags == [])
    }

    @Test(
        "A tag with a comma, an empty one, too many, or tags on another format is an error naming the key",
        arguments: [
            ("tags = [\"a,b\"]", "ntfy", "\"a,b\" is not a tag"),
            ("tags = [\"\"]", "ntfy", "is not a tag"),
            ("tags = [\" pad\"]", "ntfy", "is not a tag"),
            ("tags = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\"]", "ntfy", "at most 5 tags (6)"),
            ("tags = [\"a\"]", "discord", "only the ntfy format has tags"),
            ("tags = \"a\"", "ntfy", "expected an array of strings"),
        ])
    func refused(extra: String, format: String, message: String) {
        do {
            _ = try Self.webhook(extra, format: format)
            Issue.record("accepted \(extra)")
        } catch {
            #expect(error.description.contains("webhooks[0].tags"), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }
}
