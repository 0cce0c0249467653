import Testing
import TidingsCore
import TidingsGenerate
import TidingsTestSupport

@testable import TidingsLLM

/// A stale item the LLM rewrites keeps its age label, in every language of the templates.
@Suite struct LLMStaleLabelTests {
    static let day: Int64 = 24 * 3_600_000
    static let answer = LLMFixture.answer(title: "Q4 Berlin", body: "Berlin 10:00, Zürich 11:00")

    static func request(_ language: TextLocale.Language, body: String = "Berlin 10:00", age: Int64 = day + 3_600_000) -> GenerationRequest {
        GenerationRequest(
            facts: .daily(.content(title: "Q4", body: body, staleAge: age)),
            locale: TextLocale(language: language, format: LocaleFormat(name: nil)))
    }

    @Test("the rewrite ends in the label the template writes, in each of the eight languages", arguments: TextLocale.Language.allCases)
    func everyLanguage(language: TextLocale.Language) throws {
        let fixture = try LLMFixture(content: Self.answer)
        let request = Self.request(language)
        let text = LLMGenerator(writer: fixture.writer()).write(request)
        #expect(text.generator == .llm)
        #expect(text.title == "Q4 Berlin")
        // The template's draft is "Berlin 10:00 (label)": the same label follows the LLM's body.
        let label = request.draft.body.dropFirst("Berlin 10:00".count)
        #expect(label.hasPrefix(" (") && label.count > 4)
        #expect(text.body == "Berlin 10:00, Zürich 11:00" + label)
    }

    @Test(
        "the label in words a reader knows",
        arguments: [
            (TextLocale.Language.en, "Berlin 10:00, Zürich 11:00 (from 1 day ago)"),
            (.de, "Berlin 10:00, Zürich 11:00 (Stand vor 1 Tag)"),
            (.fr, "Berlin 10:00, Zürich 11:00 (mis à jour il y a 1 jour)"),
        ])
    func words(language: TextLocale.Language, expected: String) throws {
        let fixture = try LLMFixture(content: Self.answer)
        #expect(LLMGenerator(writer: fixture.writer()).write(Self.request(language)).body == expected)
    }

    @Test("an answer that already ends in the label is not labelled twice, and a move updates it")
    func notTwice() throws {
        let fixture = try LLMFixture(content: LLMFixture.answer(title: "Q4 Berlin", body: "Berlin 10:00 (from 1 day ago)"))
        let text = LLMGenerator(writer: fixture.writer()).write(Self.request(.en))
        #expect(text.body == "Berlin 10:00 (from 1 day ago)")
        let fetched: EpochMillis = 0
        #expect(
            StaleLabel.moved(text.body, fetchTime: fetched, from: Self.day + 3_600_000, to: 2 * Self.day + 60_000)
                == "Berlin 10:00 (from 2 days ago)")
    }

    @Test("a rewrite as long as a body may be is cut before the label, never the label")
    func longAnswer() throws {
        let long = String(repeating: "Berlin 10:00 ", count: 21) + "Zürich"
        #expect(long.count == 279)
        let fixture = try LLMFixture(content: LLMFixture.answer(title: "Q4 Berlin", body: long))
        let text = LLMGenerator(writer: fixture.writer()).write(Self.request(.en))
        #expect(text.body.hasSuffix("… (from 1 day ago)"))
        #expect(text.body.count == TextLimit.body.characters)
    }
}
