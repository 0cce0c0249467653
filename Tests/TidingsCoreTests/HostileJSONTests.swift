import Testing
import TidingsCore

/// The JSON decoders of fetched data (content and remote schedules) against hostile shapes a
/// source can send within the 1 MiB cap: deep nesting, a huge flat list, long strings, and
/// bytes that are not UTF-8. Each is refused with an error, never a crash or a stall.
@Suite struct HostileJSONTests {
    /// `depth` arrays, one inside the other, within 1 MiB.
    static func nested(_ depth: Int) -> [UInt8] {
        Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
    }

    static func contentProblem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ContentPayload.decode(bytes, fetchTime: 0)
            return nil
        } catch {
            return error.description
        }
    }

    static func scheduleProblem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try RemoteSchedule.decode(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("arrays nested half a million deep, and objects nested deep in a field", arguments: [1_000, 500_000])
    func deepNesting(depth: Int) {
        #expect(Self.contentProblem(Self.nested(depth)) != nil)
        #expect(Self.scheduleProblem(Self.nested(depth)) != nil)
        let inField = Array(#"{"config": {"version": "1", "fixedTime": "07:00"}, "schedules": "#.utf8) + Self.nested(depth) + Array("}".utf8)
        #expect(Self.scheduleProblem(inField) != nil)
        let objects =
            Array(String(repeating: #"{"a":"#, count: depth / 10).utf8) + Array("1".utf8) + Array(String(repeating: "}", count: depth / 10).utf8)
        #expect(Self.contentProblem(objects) != nil)
    }

    @Test("a megabyte of items is refused by count, a megabyte-long title by length")
    func huge() {
        let item = #"{"id":1,"title":"t","body":"b","scheduledTime":0}"#
        let many =
            Array(#"{"version":1,"items":["#.utf8) + Array(Array(repeating: item, count: 20_000).joined(separator: ",").utf8) + Array("]}".utf8)
        #expect(many.count < 1 << 20)
        #expect(Self.contentProblem(many) == "items: more than 1000 items (20000)")
        let long = #"{"id":1,"title":"\#(String(repeating: "é", count: 400_000))","body":"b","scheduledTime":0}"#
        #expect(Self.contentProblem(Array(long.utf8)) == "title: longer than 80 characters (400000)")
        let entry = #"{"id":1,"dayOffset":0}"#
        let schedule =
            #"{"config":{"version":"1","fixedTime":"07:00"},"notificationContent":{"title":"t"},"schedules":["#
            + Array(repeating: entry, count: 30_000).joined(separator: ",") + "]}"
        #expect(Self.scheduleProblem(Array(schedule.utf8)) == "schedules: more than 1000 entries (30000)")
    }

    @Test("bytes that are not UTF-8 inside a string are refused before decoding")
    func invalidUTF8() {
        let content = Array(#"{"id":1,"title":"caf"#.utf8) + [0xC3, 0x28] + Array(#"","body":"b","scheduledTime":0}"#.utf8)
        #expect(Self.contentProblem(content) == "not valid UTF-8")
        let schedule = Array(#"{"config":{"version":"1"#.utf8) + [0xED, 0xA0, 0x80] + Array(#"","fixedTime":"07:00"},"schedules":[]}"#.utf8)
        #expect(Self.scheduleProblem(schedule) == "not valid UTF-8")
    }
}
