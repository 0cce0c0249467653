import Foundation
import Testing
import TidingsTestSupport

/// What a real notification daemon (dunst on Xvfb, announcing body-markup and body-hyperlinks)
/// receives is exactly the cleaned text: notify-send's own unescaping of the body turns no
/// backslash sequence into markup, a link or a control character.
@Suite(.serialized) struct DesktopEscapingEndToEndTests {
    static let config = """
        [routes]
        system = ["desktop"]
        [delivery]
        grace = "1d"
        [desktop]
        deadline = "10s"
        [[sources]]
        name = "daily"
        url = "file:today.json"
        """

    /// Markup, a link to any host and an ESC, written as the octal escapes g_strcompress decodes.
    static let hostileBody = #"\074b\076BOLD\074/b\076 \074a href=\042https://evil.example/\042\076click\074/a\076 esc\033[31m"#
    /// A summary with backslashes, which notify-send passes on as it is.
    static let hostileTitle = #"Back\slash \074i\076 \n done"#

    /// A one-item content feed with `title` and `body`, encoded by JSONSerialization so that
    /// every backslash arrives in the feed's text as written.
    static func feed(title: String, body: String) throws -> String {
        let item: [String: Any] = ["id": "7", "title": title, "body": body, "scheduledTime": 1_767_225_600_000]
        let data = try JSONSerialization.data(withJSONObject: ["version": 1, "items": [item]], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Each popup in `dunstctl history`: its summary, body and formatted message.
    static func popups(inHistory text: String) throws -> [(summary: String, body: String, message: String)] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let groups = try #require(object["data"] as? [[[String: Any]]])
        func field(_ entry: [String: Any], _ name: String) -> String {
            ((entry[name] as? [String: Any])?["data"] as? String) ?? ""
        }
        return groups.flatMap { $0 }.map { (field($0, "summary"), field($0, "body"), field($0, "message")) }
    }

    /// No tag, no link, no ESC in the raw history text, nor in any popup's decoded fields.
    static func expectInert(_ history: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = Array(history.utf8)
        #expect(!bytes.contains(0x1B), "a raw ESC reached dunst", sourceLocation: sourceLocation)
        #expect(!history.lowercased().contains(#"\u001b"#), "an ESC reached dunst", sourceLocation: sourceLocation)
        for popup in try popups(inHistory: history) {
            for text in [popup.summary, popup.body, popup.message] {
                #expect(!text.contains("<b>") && !text.contains("<a") && !text.contains("<i>"), "\(text)", sourceLocation: sourceLocation)
                #expect(!text.unicodeScalars.contains { $0.value == 0x1B }, "\(text)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("A body of octal escapes reaches dunst as literal text, and so does a summary with backslashes; an update too")
    func octalEscapesStayLiteral() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        var pipeline = try Pipeline(config: Self.config)
        pipeline.runner.environment.merge(session.environment) { $1 }

        // Given a feed whose body is markup and an ESC written as octal escapes
        try pipeline.folder.write(try Self.feed(title: Self.hostileTitle, body: Self.hostileBody), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        // When deliver shows it and the popup is closed into dunst's history
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        _ = try await session.dunstctl(["close-all"])
        let history = try await session.dunstctl(["history"])

        // Then dunst holds the very characters of the feed
        let popup = try #require(try Self.popups(inHistory: history).first, "\(history)")
        #expect(popup.body == Self.hostileBody)
        #expect(popup.summary == Self.hostileTitle)
        #expect(popup.message.contains(#"\074b\076BOLD\074/b\076"#), "\(popup.message)")
        #expect(popup.message.contains(#"\074a href=\042https://evil.example/\042\076click\074/a\076"#), "\(popup.message)")
        #expect(popup.message.contains(#"esc\033[31m"#), "\(popup.message)")
        try Self.expectInert(history)

        // And an update shown in place of it is escaped the same way
        let update = #"now \074b\076LATER\074/b\076 \\ \t"#
        try pipeline.folder.write(try Self.feed(title: Self.hostileTitle, body: update), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T09:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T09:00")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T09:01")
        _ = try await session.dunstctl(["close-all"])
        let later = try await session.dunstctl(["history"])
        #expect(try Self.popups(inHistory: later).contains { $0.body == update }, "\(later)")
        try Self.expectInert(later)
    }
}
