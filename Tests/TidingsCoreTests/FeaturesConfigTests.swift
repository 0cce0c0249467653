import Testing

@testable import TidingsCore

/// `[features]`: the optional behaviour flags.
@Suite struct FeaturesConfigTests {
    /// The features of `text`, parsed with an `[llm]` endpoint after it (`llm = true` needs one).
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig.Features {
        let endpoint = "\n[llm]\nbase_url = \"http://127.0.0.1:11434/v1\"\nmodel = \"llama3.2\"\n"
        return try TidingsConfig.parse(toml: text + endpoint, file: "/c.toml", directory: "/").features
    }

    @Test("every flag is off by default, with or without an empty [features] table")
    func defaults() throws {
        for text in ["", "[features]\n"] {
            let features = try Self.parse(text)
            #expect(!features.mediaAttachments)
            #expect(!features.personalization)
            #expect(!features.llm)
            #expect(features == TidingsConfig.Features())
        }
    }

    @Test(
        "each key turns on its own flag only",
        arguments: [
            ("media_attachments", \TidingsConfig.Features.mediaAttachments),
            ("personalization", \TidingsConfig.Features.personalization),
            ("llm", \TidingsConfig.Features.llm),
        ])
    func oneFlag(key: String, flag: KeyPath<TidingsConfig.Features, Bool> & Sendable) throws {
        let features = try Self.parse("[features]\n\(key) = true\n")
        #expect(features[keyPath: flag])
        let others = [\TidingsConfig.Features.mediaAttachments, \.personalization, \.llm].filter { $0 != flag }
        #expect(others.allSatisfy { !features[keyPath: $0] })
    }

    @Test("all three together, and false stays false")
    func allFlags() throws {
        let features = try Self.parse(
            """
            [features]
            media_attachments = true
            personalization = false
            llm = true
            """)
        #expect(features.mediaAttachments && !features.personalization && features.llm)
    }

    @Test(
        "bad values and unknown keys name the file and the key",
        arguments: [
            ("media_attachments = \"yes\"", "features.media_attachments", "expected true or false, found "),
            ("personalization = 1", "features.personalization", "expected true or false, found "),
            ("llm = []", "features.llm", "expected true or false, found "),
            ("media = true", "features.media", "unknown key"),
        ])
    func errors(line: String, key: String, message: String) {
        #expect {
            _ = try Self.parse("[features]\n" + line)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "/c.toml" && error.key == key && error.message.hasPrefix(message)
        }
    }

    @Test("features given as a value rather than a table is an error naming it")
    func notATable() {
        #expect {
            _ = try Self.parse("features = true")
        } throws: { error in
            (error as? ConfigError)?.key == "features"
        }
    }
}
