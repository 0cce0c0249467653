import Testing
import TidingsCore

@testable import TidingsGenerate

/// The "as of" label of a stale notification, said again for the time it was moved to.
@Suite struct StaleLabelTests {
    static let hour: Int64 = 3_600_000
    static let fetched: EpochMillis = 1_795_000_000_000

    @Test(
        "A label after the body or alone is said again for the new time; other text is left as it is",
        arguments: [
            ("Headline (from 1 day ago)", 30, 54, "Headline (from 2 days ago)"),
            ("Headline (as of 3h ago)", 3, 5, "Headline (as of 5h ago)"),
            ("From 1 day ago", 30, 50, "From 2 days ago"),
            ("Schlagzeile (Stand vor 1 Tag)", 30, 54, "Schlagzeile (Stand vor 2 Tagen)"),
            ("My own words (from 1 day ago) and more", 30, 54, "My own words (from 1 day ago) and more"),
            ("Headline (from 1 day ago)", 30, 31, "Headline (from 1 day ago)"),
            ("Headline (as of 3h ago)", 30, 54, "Headline (as of 3h ago)"),
        ] as [(String, Int64, Int64, String)])
    func moved(body: String, fromHours: Int64, toHours: Int64, expected: String) {
        let moved = StaleLabel.moved(
            body, fetchTime: Self.fetched, from: Self.fetched + fromHours * Self.hour, to: Self.fetched + toHours * Self.hour)
        #expect(moved == expected)
    }

    @Test("A stale body as long as a body may be is cut before its label, in every language", arguments: TextLocale.Language.allCases)
    func labelSurvivesLongBody(language: TextLocale.Language) {
        let locale = TextLocale(language: language, format: LocaleFormat(name: nil))
        let long = String(repeating: "ü", count: TextLimit.body.characters)
        let draft = Templates.draft(.daily(.content(title: "Q4", body: long, staleAge: 30 * Self.hour)), locale: locale)
        let short = Templates.draft(.daily(.content(title: "Q4", body: "x", staleAge: 30 * Self.hour)), locale: locale)
        let label = short.body.dropFirst()
        #expect(draft.body.hasSuffix("…" + label))
        #expect(TextLimit.body.excess(of: draft.body) == nil)
        #expect(StaleLabel.labelled(draft.body, age: 30 * Self.hour, locale: locale) == draft.body)
    }
}
