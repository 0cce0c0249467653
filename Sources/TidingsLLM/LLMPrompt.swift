import Crypto
import TidingsGenerate

/// What `plan` asks the LLM to write: a notification of `kind` from its facts, in `language`,
/// starting from the template's draft.
public struct LLMRequest: Sendable, Equatable {
    /// The notification's kind (`daily`, `meeting`, `weekly`, `schedule`).
    public var kind: String
    /// The template's title and body, shown when the LLM cannot do better.
    public var draft: TextDraft
    /// The facts the text must keep, one per line (`start: 10:00`, `source: team feed`).
    public var facts: String
    /// The language to write in: a tag such as `en`, `de-DE` or `de_DE.UTF-8`; empty: the draft's.
    public var language: String
    /// A placeholder the draft's body holds once and the answer's body must hold once,
    /// verbatim (`{countdown}`: the minutes left before a meeting, filled in when shown);
    /// nil: none.
    public var placeholder: String?

    /// Creates a request.
    public init(kind: String, draft: TextDraft, facts: String, language: String, placeholder: String? = nil) {
        self.kind = kind
        self.draft = draft
        self.facts = facts
        self.language = language
        self.placeholder = placeholder
    }
}

/// The conversation sent for a request, and the key its answer is cached under.
struct LLMPrompt {
    /// The system and user messages, exactly as sent.
    let messages: [ChatCompletion.Message]
    /// The language the answer must be in, when known (two or three letters).
    let language: String?
    /// The placeholder the answer's body must keep once (`LLMRequest.placeholder`).
    let placeholder: String?

    /// The messages for `request`, with everything the user writes redacted when `redact` is on.
    init(_ request: LLMRequest, redact: Bool) {
        let language = LanguageGuess.language(of: request.language)
        let languageName = language.map(LanguageGuess.name(of:)) ?? "the language of the draft"
        let system = """
            You write one desktop notification. Answer with only a JSON object: \
            {"title": "...", "body": "..."}. The title has at most 80 characters, the body at most \
            280; both are plain text in \(languageName): no links, no markup, no lists, no \
            placeholders in square brackets. Keep every fact of the draft (times, names, \
            numbers); add none. Make it short enough to read in three seconds.
            """
            + (request.placeholder.map { placeholder in
                " The draft body holds \(placeholder), which stands for the time left until the start and is "
                    + "filled in when the notification is shown: keep \(placeholder) exactly once in the body, verbatim, "
                    + "and write the time left in no other way."
            } ?? "")
        func scrub(_ text: String) -> String { redact ? Redactor.redact(text) : text }
        let user = """
            Kind: \(request.kind)
            Facts:
            \(scrub(request.facts))
            Draft title: \(scrub(request.draft.title))
            Draft body: \(scrub(request.draft.body))
            """
        messages = [ChatCompletion.Message(role: "system", content: system), ChatCompletion.Message(role: "user", content: user)]
        self.language = language
        placeholder = request.placeholder
    }

    /// The SHA-256 (lower-case hex) of the endpoint, the model and the messages: the same
    /// question to the same model is answered from the cache.
    func cacheKey(baseURL: String, model: String) -> String {
        var input = Array(baseURL.utf8) + [0] + Array(model.utf8)
        for message in messages {
            input += [0] + Array(message.role.utf8) + [0] + Array(message.content.utf8)
        }
        return SHA256.hash(data: input).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
