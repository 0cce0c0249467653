import TidingsCore
import TidingsGenerate
import TidingsStore

/// The content generator that has an LLM rewrite the template's draft: `llm` when it wrote the
/// text (or answered the same question before), `llm-fallback` with the reason and the
/// template's text when it did not.
public struct LLMGenerator: ContentGenerator {
    /// The run's writer: endpoint, cache, budget and tally.
    public let writer: LLMWriter

    /// A generator asking through `writer`.
    public init(writer: LLMWriter) {
        self.writer = writer
    }

    /// The generator of one `plan` run: the LLM rewriting the templates when `features.llm`
    /// is on and `[llm]` set (its answers kept in `database` unless `dryRun`; `environment`
    /// holds the API key's variable), else nil and the templates write alone.
    public static func forRun(
        config: TidingsConfig, database: TidingsDatabase, environment: [String: String], now: EpochMillis, dryRun: Bool
    ) -> LLMGenerator? {
        guard config.features.llm, let settings = config.llm else { return nil }
        return LLMGenerator(writer: LLMWriter(settings: settings, database: database, environment: environment, now: now, keepsAnswers: !dryRun))
    }

    /// The LLM's text for `request`, or its draft with the reason the LLM's was not used.
    public func write(_ request: GenerationRequest) -> GeneratedText {
        // A meeting's countdown slot is shown to the model as a readable placeholder, which
        // its answer must keep once; it becomes the slot again in the stored text.
        let slot = CountdownSlot.slot(request.locale.language)
        let slotted = CountdownSlot.count(in: request.draft.body) == 1 && request.draft.body.contains(slot)
        var draft = request.draft
        if slotted { draft.body = draft.body.replacing(slot, with: Self.countdown) }
        let asked = LLMRequest(
            kind: request.kind.rawValue, draft: draft,
            facts: Self.describe(request.facts), language: request.locale.language.rawValue,
            placeholder: slotted ? Self.countdown : nil)
        switch writer.rewrite(asked) {
        case .written(let text), .cached(let text):
            // A rewrite of stale content says its age the way the template does, in the same
            // words, so that it never looks fresh and a move can update the label.
            var body = slotted ? text.body.replacing(Self.countdown, with: slot) : text.body
            if case .daily(.content(_, _, let staleAge?)) = request.facts {
                body = StaleLabel.labelled(body, age: staleAge, locale: request.locale)
            }
            return GeneratedText(TextDraft(title: text.title, body: body), by: .llm)
        case .fallback(let reason):
            return GeneratedText(request.draft, by: .llmFallback, reason: reason)
        }
    }

    /// The placeholder the model sees for a meeting's countdown slot.
    static let countdown = "{countdown}"

    /// `llm: 3 written, 2 cached, 1 fell back (…)`.
    public var account: String? { writer.tally.summary }

    /// The facts as `name: value` lines, the way the prompt gives them.
    static func describe(_ facts: GenerationFacts) -> String {
        var lines: [String] = []
        func add(_ name: String, _ value: CustomStringConvertible?) {
            if let value, !value.description.isEmpty { lines.append("\(name): \(value)") }
        }
        switch facts {
        case .daily(.content(let title, let body, let staleAge)):
            add("content title", title)
            add("content body", body)
            add("content age", staleAge.map { "stale, \(DurationText.format($0)) old" })
        case .daily(.emergency(let line, let date)):
            add("content", "none fetched yet; a standing line is shown")
            add("line", line)
            add("date", date)
        case .meeting(let meeting):
            add("meeting", meeting.title)
            add("all day", meeting.allDay ? "yes" : nil)
            add("start", "\(meeting.start.date) \(meeting.start.time)")
            add("end", "\(meeting.end.date) \(meeting.end.time)")
            add("minutes until start", meeting.minutesUntilStart)
            add("service", meeting.service)
            add("location", meeting.location)
        case .weekly(let week):
            for (name, value) in [("past 7 days", week.past), ("7 days before", week.before), ("next 7 days", week.coming)] {
                add(name, "\(value.meetings) meetings, \(DurationText.format(value.millis)) in total")
            }
            add("longest meeting past 7 days", week.past.longest.map { "\($0.title) (\(DurationText.format($0.millis)))" })
        case .insight(let insight):
            add("observation", insight.topic)
            switch insight {
            case .meetingHours(let thisWeek, let lastWeek, let meetingsThisWeek, let meetingsLastWeek):
                add("meeting time this week", "\(DurationText.format(thisWeek)) in \(meetingsThisWeek) meetings")
                add("meeting time last week", "\(DurationText.format(lastWeek)) in \(meetingsLastWeek) meetings")
            case .engagement(let opened, let dismissed):
                add("updates opened", opened)
                add("updates dismissed", dismissed)
            case .staleContent(let stale, let delivered):
                add("stale or emergency texts", stale)
                add("notifications delivered", delivered)
            }
        }
        return lines.joined(separator: "\n")
    }
}
