import Foundation
import Testing

@testable import TidingsCore

@Suite struct ContentDataTests {
    static func data(_ json: String) throws -> String? {
        let item = #"{"id":"a","title":"T","body":"B","scheduledTime":1795329000000,"data":\#(json)}"#
        return try ContentPayload.decode(Array(item.utf8), fetchTime: 0).first?.data
    }

    /// `text` parsed by Foundation, to compare JSON values whatever the key order.
    static func value(_ text: String) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSObject)
    }

    @Test(
        "data is kept as compact JSON that reads back as the same value",
        arguments: [
            #"{"room": "!abc:example.org", "n": 3, "ok": true, "none": null, "x": 1.5, "big": 12345678901234}"#,
            #"{"nested": {"list": [1, "two", {"three": [false]}]}, "quote": "say \"hi\"\n\\ é \u2028"}"#,
            #"{}"#,
            #"[1, 2]"#,
            #""text""#,
        ])
    func roundTrip(json: String) throws {
        let kept = try #require(try Self.data(json))
        #expect(!kept.contains("\n"), "one line: \(kept)")
        #expect(try Self.value(kept) == (try Self.value(json)))
    }

    @Test("An item without data, or with data null, has none")
    func absent() throws {
        let item = #"{"id":"a","title":"T","body":"B","scheduledTime":1795329000000}"#
        #expect(try ContentPayload.decode(Array(item.utf8), fetchTime: 0).first?.data == nil)
        #expect(try Self.data("null") == nil)
    }

    @Test("Plan keeps an object of at most 4096 bytes; larger or not an object is dropped with the reason")
    func checks() throws {
        let fits = #"{"s":""# + String(repeating: "x", count: ContentData.maxBytes - 8) + #""}"#
        #expect(fits.utf8.count == ContentData.maxBytes)
        #expect(ContentData.problem(fits) == nil)
        #expect(ContentData.accepted(fits) == fits)
        let over = #"{"s":""# + String(repeating: "x", count: ContentData.maxBytes - 7) + #""}"#
        #expect(ContentData.problem(over) == "larger than 4096 bytes (4097)")
        #expect(ContentData.accepted(over) == nil)
        #expect(ContentData.problem("[1,2]") == "not a JSON object")
        #expect(ContentData.problem(#""text""#) == "not a JSON object")
        #expect(ContentData.accepted(nil) == nil)
    }
}
