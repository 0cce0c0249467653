import Testing

@testable import TidingsCore

/// `[[digests]]`: which items a rule merges, its window and its size, and the checks.
@Suite struct DigestsConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: "/c/config.toml", directory: "/c")
    }

    static func problem(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("A rule by category or by kind; a window of 30 minutes and 10 members by default")
    func rules() throws {
        let config = try Self.parse(
            """
            [[digests]]
            category = "social"

            [[digests]]
            kind = "meeting"
            window = "5m"
            max = 4
            """)
        #expect(config.digests.count == 2)
        #expect(config.digests[0].members == .category(.social))
        #expect(config.digests[0].window == 30 * 60_000)
        #expect(config.digests[0].max == 10)
        #expect(config.digests[1].members == .kind(.meeting))
        #expect(config.digests[1].window == 5 * 60_000)
        #expect(config.digests[1].max == 4)
        #expect(try Self.parse("").digests.isEmpty)
    }

    @Test(
        "Mistakes are named with the key",
        arguments: [
            ("[[digests]]\nwindow = \"5m\"", "digests[0].category: missing; say which items to merge"),
            ("[[digests]]\ncategory = \"social\"\nkind = \"meeting\"", "digests[0].kind: give category or kind, not both"),
            ("[[digests]]\ncategory = \"chat\"", "digests[0].category: expected one of transactional, system, social, marketing, found \"chat\""),
            ("[[digests]]\nkind = \"digest\"", "digests[0].kind: expected one of daily, meeting, weekly, schedule, insight, found \"digest\""),
            ("[[digests]]\ncategory = \"social\"\nwindow = \"30s\"", "digests[0].window: must be between 1m and 1d"),
            ("[[digests]]\ncategory = \"social\"\nmax = 1", "digests[0].max: must be between 2 and 50"),
            ("[[digests]]\ncategory = \"social\"\nwindwo = \"5m\"", "did you mean \"window\"?"),
            (
                "[[digests]]\ncategory = \"social\"\n[[digests]]\ncategory = \"social\"",
                "digests[1]: merges the same items as an earlier [[digests]] rule"
            ),
        ])
    func mistakes(text: String, expected: String) {
        let problem = Self.problem(text)
        #expect(problem?.contains(expected) == true, "\(problem ?? "parsed")")
    }
}
