import TidingsCore

/// Writes the words of a notification from the facts behind it. `plan` asks one generator
/// for every text it makes; the `template` one is offline and deterministic, others (an LLM)
/// may rewrite the template's draft or fail, and the caller then keeps the draft.
public protocol ContentGenerator: Sendable {
    /// The title and body for `request`, and which generator wrote them.
    func write(_ request: GenerationRequest) -> GeneratedText

    /// A one-line account of what the generator did in this run, for the run's log line
    /// (`llm: 3 written, 1 cached, 0 fell back`); nil when there is nothing to say.
    var account: String? { get }
}

extension ContentGenerator {
    /// Nothing to say: the templates always write.
    public var account: String? { nil }
}

/// What a generator is asked to write: the facts, the user's locale and the template's draft.
public struct GenerationRequest: Sendable, Equatable {
    /// What the notification is about, as numbers and names.
    public var facts: GenerationFacts
    /// The language and formats of the text.
    public var locale: TextLocale
    /// The template's text for these facts: what is shown when a generator fails.
    public var draft: TextDraft

    /// The kind of notification the text is for.
    public var kind: NotificationKind { facts.kind }

    /// A request for `facts` in `locale`, with the template's draft.
    public init(facts: GenerationFacts, locale: TextLocale) {
        self.facts = facts
        self.locale = locale
        draft = Templates.draft(facts, locale: locale)
    }
}

/// A title and a body.
public struct TextDraft: Sendable, Equatable {
    public var title: String
    public var body: String

    /// A draft of `title` and `body`.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// The same text cut to the content limits (`TextLimit.title` and `.body`: characters
    /// and bytes), a cut ending in `…`.
    public func limited() -> TextDraft {
        TextDraft(title: TextLimit.title.cut(title), body: TextLimit.body.cut(body))
    }

    /// `text` cut to `limit` characters, a cut ending in `…`.
    public static func cut(_ text: String, to limit: Int) -> String {
        // No more bytes than the limit is no more characters either: nothing to count.
        text.utf8.count > limit && text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}

/// The text a generator wrote.
public struct GeneratedText: Sendable, Equatable {
    public var title: String
    public var body: String
    /// Who wrote it.
    public var generator: Generator
    /// Why a language model's text was not used (`llm-fallback` only), cleaned and at most
    /// 200 characters: stored in `notification.generatorReason`.
    public var fallbackReason: String?

    /// `draft` written by `generator`, cut to the content limits; a fallback keeps `reason`.
    public init(_ draft: TextDraft, by generator: Generator, reason: String? = nil) {
        let text = draft.limited()
        title = text.title
        body = text.body
        self.generator = generator
        if generator == .llmFallback, let reason {
            let clean = TextSanitizer.clean(reason)
            fallbackReason = clean.isEmpty ? nil : TextDraft.cut(clean, to: 200)
        }
    }
}

/// The offline, deterministic generator: the built-in templates in the user's language.
public struct TemplateGenerator: ContentGenerator {
    /// The template generator.
    public init() {}

    /// The request's draft, as the templates wrote it.
    public func write(_ request: GenerationRequest) -> GeneratedText {
        GeneratedText(request.draft, by: .template)
    }
}
