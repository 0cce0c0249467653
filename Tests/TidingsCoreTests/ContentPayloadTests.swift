import Testing

@testable import TidingsCore

@Suite struct ContentPayloadTests {
    static let fetchTime: EpochMillis = 1_795_329_000_000

    static func decode(_ json: String) throws(ContentError) -> [NotificationContent] {
        try ContentPayload.decode(Array(json.utf8), fetchTime: fetchTime)
    }

    /// The error `bytes` are refused with, or nil when they are accepted.
    static func refusal(_ bytes: [UInt8]) -> ContentError? {
        do {
            _ = try ContentPayload.decode(bytes, fetchTime: fetchTime)
            return nil
        } catch {
            return error
        }
    }

    static func refusal(_ json: String) -> ContentError? { refusal(Array(json.utf8)) }

    static func item(id: String = "\"a\"", title: String = "Title", body: String = "Body", extra: String = "") -> String {
        #"{"id":\#(id),"title":"\#(title)","body":"\#(body)","scheduledTime":1795329000000\#(extra)}"#
    }

    @Test("a single object decodes to one item, stamped with the fetch time")
    func singleObject() throws {
        let items = try Self.decode(Self.item(extra: #","deepLink":"https://example.org/x","mediaUrl":"https://example.org/p.png""#))
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item.id == "a")
        #expect(item.title == "Title")
        #expect(item.body == "Body")
        #expect(item.scheduledTime == 1_795_329_000_000)
        #expect(item.fetchTime == Self.fetchTime)
        #expect(item.deepLink == "https://example.org/x")
        #expect(item.mediaUrl == "https://example.org/p.png")
    }

    @Test("an envelope with version 1 decodes every item in order; numeric ids become strings")
    func envelope() throws {
        let json = #"{"version":1,"items":[\#(Self.item(id: "7")),\#(Self.item(id: "\"b\"", title: "Second"))]}"#
        let items = try Self.decode(json)
        #expect(items.map(\.id) == ["7", "b"])
        #expect(items.map(\.title) == ["Title", "Second"])
        #expect(items.allSatisfy { $0.fetchTime == Self.fetchTime })
        #expect(try Self.decode(#"{"items":[\#(Self.item())]}"#).count == 1)
    }

    @Test("a missing field is named by its path")
    func missingField() {
        let single = #"{"id":"a","body":"b","scheduledTime":1}"#
        #expect(Self.refusal(single) == ContentError(path: "title", message: "missing"))
        let list = #"{"version":1,"items":[\#(Self.item()),{"id":"b","body":"b","scheduledTime":1}]}"#
        #expect(Self.refusal(list) == ContentError(path: "items[1].title", message: "missing"))
        #expect(Self.refusal(list)?.description == "items[1].title: missing")
    }

    @Test("titles: 80 characters after trimming pass, 81 do not")
    func titleLength() throws {
        let eighty = String(repeating: "t", count: 80)
        #expect(try Self.decode(Self.item(title: eighty)).first?.title == eighty)
        #expect(try Self.decode(Self.item(title: "   \(eighty)  ")).first?.title == eighty)
        let error = Self.refusal(Self.item(title: eighty + "t"))
        #expect(error?.path == "title")
        #expect(error?.message.hasPrefix("longer than 80 characters") == true)
        #expect(Self.refusal(Self.item(title: "   ")) == ContentError(path: "title", message: "empty"))
    }

    @Test("bodies: 280 characters pass, 281 do not")
    func bodyLength() throws {
        let limit = String(repeating: "b", count: 280)
        #expect(try Self.decode(Self.item(body: limit)).first?.body == limit)
        let error = Self.refusal(#"{"items":[\#(Self.item(body: limit + "b"))]}"#)
        #expect(error?.path == "items[0].body")
        #expect(error?.message.hasPrefix("longer than 280 characters") == true)
    }

    @Test("bytes that are not UTF-8 are refused before parsing")
    func invalidUTF8() {
        #expect(Self.refusal([0x7B, 0xFF, 0x7D]) == ContentError(path: "", message: "not valid UTF-8"))
    }

    @Test("text that is not JSON is refused", arguments: ["hello", "", "{", "[1,2]", #"{"id":"a","#])
    func notJSON(text: String) {
        #expect(Self.refusal(text) != nil)
    }

    @Test("an empty item list, a duplicate id and an unknown version are refused")
    func envelopeErrors() {
        #expect(Self.refusal(#"{"version":1,"items":[]}"#) == ContentError(path: "items", message: "no items"))
        let duplicate = #"{"items":[\#(Self.item(id: "1")),\#(Self.item(id: "\"1\""))]}"#
        #expect(Self.refusal(duplicate)?.path == "items[1].id")
        #expect(Self.refusal(duplicate)?.message.hasPrefix("duplicate id") == true)
        let version2 = Self.refusal(#"{"version":2,"items":[\#(Self.item())]}"#)
        #expect(version2?.path == "version")
        #expect(version2?.message.contains("2") == true)
    }

    @Test(
        "links: deepLink must pass LinkPolicy, mediaUrl must be https",
        arguments: [
            (#","deepLink":"javascript:alert(1)""#, "deepLink"),
            (#","deepLink":"data:text/html,x""#, "deepLink"),
            (#","mediaUrl":"http://example.org/p.png""#, "mediaUrl"),
            (#","mediaUrl":"file:///etc/passwd""#, "mediaUrl"),
            (#","deepLink":"https://""#, "deepLink"),
        ])
    func refusedLinks(extra: String, path: String) {
        #expect(Self.refusal(Self.item(extra: extra))?.path == path)
    }

    @Test("a deepLink of https: with one slash is refused as malformed, not as a scheme")
    func malformedDeepLink() {
        let refusal = Self.refusal(Self.item(extra: #","deepLink":"https:/evil.com""#))
        #expect(
            refusal
                == ContentError(
                    path: "deepLink", message: #""https:/evil.com" is not a valid URL: expected "https://" followed by a host"#))
    }

    @Test("a negative scheduledTime is refused")
    func negativeTime() {
        let json = #"{"id":"a","title":"t","body":"b","scheduledTime":-1}"#
        #expect(Self.refusal(json) == ContentError(path: "scheduledTime", message: "negative"))
    }

    @Test("control and bidi characters are removed from title and body")
    func sanitized() throws {
        let json = #"{"id":" a ","title":"Hello\u0007World\u202E","body":"line1\nline2\t","scheduledTime":0}"#
        let item = try #require(try Self.decode(json).first)
        #expect(item.title == "Hello World")
        #expect(item.body == "line1 line2")
        #expect(item.id == "a")
    }
}

@Suite struct ContentExpiryTests {
    @Test("expiresAt is read as epoch milliseconds and must come after scheduledTime")
    func expiresAt() throws {
        let ok = try ContentPayload.decode(Array(#"{"id":1,"title":"T","body":"B","scheduledTime":1000,"expiresAt":2000}"#.utf8), fetchTime: 5)
        #expect(ok.first?.expiresAt == 2000)
        #expect(throws: ContentError.self) {
            try ContentPayload.decode(Array(#"{"id":1,"title":"T","body":"B","scheduledTime":1000,"expiresAt":1000}"#.utf8), fetchTime: 5)
        }
    }
}

extension ContentPayloadTests {
    @Test(
        "A feed that is not an object is told what a feed is, and where the format is written down",
        arguments: [
            ("[" + ContentPayloadTests.item() + "]", "an array"),
            ("  \n[]", "an array"),
            (#""news""#, "a string"),
            ("42", "a number"),
            ("true", "true or false"),
            ("null", "null"),
        ])
    func notAnObject(json: String, found: String) throws {
        let error = try #require(Self.refusal(json))
        #expect(error.path == "")
        #expect(error.message.hasPrefix("a content feed is one JSON object: an item {\"id\", \"title\", \"body\", \"scheduledTime\"}"))
        #expect(error.message.contains("; found \(found) (the format: docs/content.md"), "\(error.message)")
        #expect(!error.message.contains("dictionary"))
    }

    @Test("A field of the wrong type still names the field")
    func fieldTypeStillNamed() throws {
        let error = try #require(Self.refusal(Self.item(id: "[1]")))
        #expect(error.path == "id")
        #expect(!error.message.hasPrefix("a content feed"))
    }
}
