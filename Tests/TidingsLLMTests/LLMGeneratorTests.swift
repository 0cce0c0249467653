import Testing
import TidingsCore
import TidingsGenerate
import TidingsTestSupport

@testable import TidingsLLM

/// The LLM as a content generator: `llm` when it wrote, `llm-fallback` with the template's
/// draft and the reason when it did not; the facts it is given.
@Suite struct LLMGeneratorTests {
    /// A reminder, due 09:50, of a meeting at 10:00 whose location holds a dial-in.
    static func meeting() throws -> GenerationFacts {
        let day = try #require(LocalDate(year: 2026, month: 11, day: 23))
        func at(_ hour: Int, _ minute: Int) throws -> LocalMoment {
            LocalMoment(date: day, time: try #require(WallTime(hour: hour, minute: minute)))
        }
        return .meeting(
            MeetingFacts(
                title: "Design review", allDay: false, start: try at(10, 0), end: try at(11, 0), due: try at(9, 50),
                minutesUntilStart: 10, service: nil, location: "Dial +1 555 123 4567, PIN 4711"))
    }

    @Test("A good answer is the LLM's text; the facts reach the server redacted")
    func written() throws {
        let fixture = try LLMFixture(content: LLMFixture.answer(title: "Design review at 10:00", body: "Starts in {countdown}."))
        let request = GenerationRequest(facts: try Self.meeting(), locale: .english)
        let text = LLMGenerator(writer: fixture.writer()).write(request)
        #expect(text == GeneratedText(TextDraft(title: "Design review at 10:00", body: "Starts in \(CountdownSlot.slot(.en))."), by: .llm))
        let user = try LLMFixture.messages(try #require(fixture.server.requests.first))[1].content
        #expect(user.contains("Kind: meeting"))
        #expect(user.contains("start: 2026-11-23 10:00"))
        #expect(user.contains("minutes until start: 10"))
        #expect(user.contains("location: Dial [phone], PIN [passcode]"))
        #expect(user.contains("Draft title: \(request.draft.title)"))
    }

    @Test("The countdown slot reaches the model as {countdown}, which it is asked to keep, and comes back as the slot")
    func countdownKept() throws {
        let fixture = try LLMFixture(
            content: LLMFixture.answer(
                title: "Revue client", body: "La revue client commence à 10:00, dans {countdown}. Prépare tes questions pour la réunion."))
        let french = TextLocale.resolve(environment: ["LANG": "fr_FR.UTF-8"])
        let request = GenerationRequest(facts: try Self.meeting(), locale: french)
        let text = LLMGenerator(writer: fixture.writer()).write(request)
        #expect(text.generator == .llm)
        #expect(text.body == "La revue client commence à 10:00, dans \(CountdownSlot.slot(.fr)). Prépare tes questions pour la réunion.")
        #expect(CountdownSlot.fill(text.body, minutes: 3).hasPrefix("La revue client commence à 10:00, dans 3 min."))
        let messages = try LLMFixture.messages(try #require(fixture.server.requests.first))
        #expect(messages[0].content.contains("keep {countdown} exactly once in the body, verbatim"))
        #expect(messages[1].content.contains("Draft body: Commence à 10:00 (dans {countdown}), jusqu’à 11:00"))
        #expect(!messages[1].content.contains("\u{E000}"))
    }

    @Test(
        "An answer that drops, repeats or moves the countdown is refused and the template kept",
        arguments: [
            ("Design review", "Starts at 10:00, in 10 min.", "the body dropped {countdown}"),
            ("Design review", "Starts at 10:00 in {countdown}, so {countdown} left.", "the body holds {countdown} 2 times, not once"),
            ("Design review in {countdown}", "Starts at 10:00 in {countdown}.", "the title holds {countdown}, which belongs in the body"),
        ])
    func countdownRefused(title: String, body: String, reason: String) throws {
        let fixture = try LLMFixture(content: LLMFixture.answer(title: title, body: body))
        let request = GenerationRequest(facts: try Self.meeting(), locale: .english)
        let text = LLMGenerator(writer: fixture.writer()).write(request)
        #expect(text == GeneratedText(request.draft, by: .llmFallback, reason: reason))
        #expect(CountdownSlot.count(in: text.body) == 1)
    }

    @Test("Without a countdown (a daily update) the model is asked to keep no placeholder")
    func noCountdown() throws {
        let prompt = LLMPrompt(LLMFixture.request, redact: true)
        #expect(!prompt.messages[0].content.contains("{countdown}"))
        #expect(prompt.placeholder == nil)
    }

    @Test("A plan run has the LLM write only with features.llm on and [llm] set")
    func forRun() throws {
        let fixture = try LLMFixture(content: "")
        func generator(_ toml: String) throws -> LLMGenerator? {
            let config = try TidingsConfig.parse(toml: toml, file: "/c/config.toml", directory: "/c")
            return LLMGenerator.forRun(config: config, database: fixture.database, environment: [:], now: LLMFixture.now, dryRun: true)
        }
        let endpoint = "[llm]\nbase_url = \"\(fixture.settings.baseURL)\"\nmodel = \"tiny-model\"\n"
        #expect(try generator("") == nil)
        #expect(try generator(endpoint) == nil)
        #expect(try generator("[features]\nllm = true\n" + endpoint)?.writer.settings == fixture.settings)
    }

    @Test("A failure keeps the template's draft and records llm-fallback with the reason")
    func fallback() throws {
        let fixture = try LLMFixture(answer: { _ in TestHTTPResponse.text("down", status: 503) })
        let generator = LLMGenerator(writer: fixture.writer())
        let request = GenerationRequest(facts: try Self.meeting(), locale: .english)
        let text = generator.write(request)
        #expect(text == GeneratedText(request.draft, by: .llmFallback, reason: "the endpoint answered HTTP 503"))
        #expect(text.generator == .llmFallback && text.fallbackReason == "the endpoint answered HTTP 503")
        #expect(generator.account == "llm: 0 written, 0 cached, 1 fell back (the endpoint answered HTTP 503)")
    }

    @Test("The facts of each kind are given as name: value lines")
    func facts() {
        let daily = LLMGenerator.describe(.daily(.content(title: "Team news", body: "Review moved.", staleAge: 3 * 3_600_000)))
        #expect(daily == "content title: Team news\ncontent body: Review moved.\ncontent age: stale, 3h old")
        var week = WeekFacts()
        week.past.meetings = 6
        week.past.millis = 7 * 3_600_000
        week.past.longest = WeekFacts.Meeting(title: "Design review", millis: 2 * 3_600_000)
        let weekly = LLMGenerator.describe(.weekly(week))
        #expect(weekly.contains("past 7 days: 6 meetings, 7h in total"))
        #expect(weekly.contains("longest meeting past 7 days: Design review (2h)"))
        #expect(
            LLMGenerator.describe(.insight(.engagement(opened: 4, dismissed: 1)))
                == "observation: engagement\nupdates opened: 4\nupdates dismissed: 1")
    }
}
