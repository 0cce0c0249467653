import TidingsCore
import TidingsGenerate
import TidingsLLM
import TidingsStore

/// How a plan run words its notifications: one content generator and the user's locale,
/// fixed for the run (the text is stored with each notification).
public struct Wording: Sendable {
    /// The generator asked for every text.
    public let generator: any ContentGenerator
    /// The language and formats of the text.
    public let locale: TextLocale

    /// Wording by `generator` in `locale`.
    public init(generator: any ContentGenerator = TemplateGenerator(), locale: TextLocale) {
        self.generator = generator
        self.locale = locale
    }

    /// The templates in the language and formats `environment`'s locale variables set
    /// (`LC_ALL`, `LC_MESSAGES`, `LC_TIME`, `LANG`).
    public static func templates(environment: [String: String]) -> Wording {
        Wording(locale: TextLocale.resolve(environment: environment))
    }

    /// The wording of one `plan` run: the LLM rewriting the templates when `features.llm` is
    /// on (its answers kept in `database` unless `dryRun`), else the templates; in the locale
    /// of `environment`, which also holds the API key's variable.
    public static func forRun(
        config: TidingsConfig, database: TidingsDatabase, environment: [String: String], now: EpochMillis, dryRun: Bool
    ) -> Wording {
        let locale = TextLocale.resolve(environment: environment)
        guard config.features.llm, let settings = config.llm else { return Wording(locale: locale) }
        let writer = LLMWriter(settings: settings, database: database, environment: environment, now: now, keepsAnswers: !dryRun)
        return Wording(generator: LLMGenerator(writer: writer), locale: locale)
    }

    /// The templates in English with the POSIX formats.
    public static let english = Wording(locale: .english)

    /// The text for `facts`, within the content limits, and who wrote it.
    public func write(_ facts: GenerationFacts) -> GeneratedText {
        let text = generator.write(GenerationRequest(facts: facts, locale: locale))
        // Whatever a generator returns is held to the limits every notification keeps.
        return GeneratedText(TextDraft(title: text.title, body: text.body), by: text.generator)
    }
}

extension NotificationRecord {
    /// The record with `text` as its title and body, and its generator recorded.
    func written(_ text: GeneratedText) -> NotificationRecord {
        var item = self
        item.title = text.title
        item.body = text.body
        item.generator = text.generator.recorded
        return item
    }
}
