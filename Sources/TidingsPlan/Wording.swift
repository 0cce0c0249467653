import TidingsCore
import TidingsGenerate
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

    /// Wording by `generator` (the templates when nil) in the language and formats
    /// `environment`'s locale variables set (`LC_ALL`, `LC_MESSAGES`, `LC_TIME`, `LANG`).
    public init(generator: (any ContentGenerator)?, environment: [String: String]) {
        self.init(generator: generator ?? TemplateGenerator(), locale: TextLocale.resolve(environment: environment))
    }

    /// The templates in the language and formats `environment`'s locale variables set
    /// (`LC_ALL`, `LC_MESSAGES`, `LC_TIME`, `LANG`).
    public static func templates(environment: [String: String]) -> Wording {
        Wording(generator: nil, environment: environment)
    }

    /// The templates in English with the POSIX formats.
    public static let english = Wording(locale: .english)

    /// The text for `facts`, within the content limits, and who wrote it.
    public func write(_ facts: GenerationFacts) -> GeneratedText {
        let text = generator.write(GenerationRequest(facts: facts, locale: locale))
        // Whatever a generator returns is held to the limits every notification keeps.
        return GeneratedText(TextDraft(title: text.title, body: text.body), by: text.generator, reason: text.fallbackReason)
    }
}

extension NotificationRecord {
    /// The record with `text` as its title and body, and its generator recorded.
    func written(_ text: GeneratedText) -> NotificationRecord {
        var item = self
        item.title = text.title
        item.body = text.body
        item.generator = text.generator
        item.generatorReason = text.fallbackReason
        return item
    }
}
