import Testing

@testable import TidingsCore

@Suite struct AgeLabelTests {
    static let minute: Int64 = 60_000
    static let hour: Int64 = 60 * minute

    @Test(
        "minutes under an hour, hours under a day, then days",
        arguments: [
            (0, "as of 1 min ago"), (-5 * minute, "as of 1 min ago"), (59_999, "as of 1 min ago"),
            (2 * minute, "as of 2 min ago"), (45 * minute, "as of 45 min ago"), (59 * minute, "as of 59 min ago"),
            (hour, "as of 1h ago"), (3 * hour, "as of 3h ago"), (15 * hour, "as of 15h ago"),
            (23 * hour + 59 * minute, "as of 23h ago"), (24 * hour, "from 1 day ago"),
            (47 * hour, "from 1 day ago"), (49 * hour, "from 2 days ago"), (10 * 24 * hour, "from 10 days ago"),
        ] as [(Int64, String)])
    func label(age: Int64, expected: String) {
        #expect(AgeLabel.text(ageMillis: age) == expected)
    }
}

@Suite struct EmergencyMessagesTests {
    @Test("the built-in lines rotate by day number: 1970-01-01 is the first, 1969-12-31 the last")
    func anchors() throws {
        let lines = EmergencyMessages.builtIn
        #expect(lines.count == 5)
        #expect(EmergencyMessages.line(for: try Oracle.date(1970, 1, 1), from: []) == lines[0])
        #expect(EmergencyMessages.line(for: try Oracle.date(1970, 1, 6), from: []) == lines[0])
        #expect(EmergencyMessages.line(for: try Oracle.date(1969, 12, 31), from: []) == lines[4])
        // Day 20779 is 4 mod 5; the next day wraps to the first line.
        #expect(EmergencyMessages.line(for: try Oracle.date(2026, 11, 22), from: []) == lines[4])
        #expect(EmergencyMessages.line(for: try Oracle.date(2026, 11, 23), from: []) == lines[0])
    }

    @Test("consecutive dates give consecutive lines, wrapping at the end", arguments: [[], ["a", "b", "c"], ["only"]])
    func consecutive(configured: [String]) throws {
        let pool = configured.isEmpty ? EmergencyMessages.builtIn : configured
        var date = try Oracle.date(1969, 12, 1)
        for _ in 0..<120 {
            let today = try #require(pool.firstIndex(of: EmergencyMessages.line(for: date, from: configured)))
            let tomorrow = try #require(pool.firstIndex(of: EmergencyMessages.line(for: date.adding(days: 1), from: configured)))
            #expect(tomorrow == (today + 1) % pool.count, "after \(date)")
            date = date.adding(days: 1)
        }
    }

    @Test("configured lines are used instead of the built-in ones")
    func configured() throws {
        // 20779 mod 3 is 1.
        #expect(EmergencyMessages.line(for: try Oracle.date(2026, 11, 22), from: ["a", "b", "c"]) == "b")
        #expect(EmergencyMessages.line(for: try Oracle.date(2026, 11, 23), from: ["a", "b", "c"]) == "c")
        #expect(EmergencyMessages.line(for: try Oracle.date(2026, 11, 24), from: ["a", "b", "c"]) == "a")
        #expect(EmergencyMessages.line(for: try Oracle.date(2026, 11, 24), from: ["only"]) == "only")
    }
}
