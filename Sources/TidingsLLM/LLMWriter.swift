import Foundation
import Synchronization
import TidingsCore
import TidingsGenerate
import TidingsHTTP
import TidingsStore

/// Asks an OpenAI-compatible chat-completions endpoint to write notifications, for one `plan`
/// run: redacts what leaves the machine, validates what comes back, answers repeated questions
/// from the cache, and stops calling once the run's budget of time or calls is spent. Anything
/// that fails falls back, with its reason, to the template's draft.
///
/// Requests are served one at a time (the calls share one connection and one budget).
public final class LLMWriter: Sendable {
    /// The endpoint and its limits.
    public let settings: TidingsConfig.LLM
    private let database: TidingsDatabase
    private let environment: [String: String]
    private let now: EpochMillis
    private let keepsAnswers: Bool
    private let state: Mutex<State>

    /// The largest response read; a chat completion of one notification is a few KiB.
    static let maxResponseBytes = 256 * 1024

    private struct State {
        var client: HTTPClient?
        /// The API key once read (nil: none configured), or why it cannot be.
        var apiKey: Result<String?, LLMFailure>?
        var spent: Duration = .zero
        /// Set when the endpoint could not be reached: the rest of the run does not try again.
        var unreachable: String?
        var tally = LLMTally()
    }

    /// A writer for one run at `now`, caching in `database`, reading the API key from
    /// `environment` or its file on the first call. Without `keepsAnswers` (a dry run) the
    /// cache is read but nothing is written to it.
    public init(
        settings: TidingsConfig.LLM, database: TidingsDatabase, environment: [String: String], now: EpochMillis, keepsAnswers: Bool = true
    ) {
        self.settings = settings
        self.database = database
        self.environment = environment
        self.now = now
        self.keepsAnswers = keepsAnswers
        state = Mutex(State())
    }

    /// How the run's requests ended so far.
    public var tally: LLMTally { state.withLock { $0.tally } }

    /// The text for `request`: from the cache, else from the endpoint, else a fallback with
    /// the reason (the draft stands).
    public func rewrite(_ request: LLMRequest) -> LLMOutcome {
        let prompt = LLMPrompt(request, redact: settings.redact)
        let key = prompt.cacheKey(baseURL: settings.baseURL, model: settings.model)
        // A kept answer is checked again: the rules may have grown stricter since.
        if let kept = try? database.llmAnswer(key: key),
            case .success(let text) = AnswerValidator.validate(
                ProposedText(title: kept.title, body: kept.body), language: prompt.language, placeholder: prompt.placeholder)
        {
            state.withLock { $0.tally.cached += 1 }
            return .cached(text)
        }
        return state.withLock { state in
            switch ask(prompt, state: &state) {
            case .success(let text) where revealsSecret(text, state: state):
                // An answer that quotes the key (in any spelling) is never shown, kept or logged.
                let reason = "the answer quoted the API key"
                state.tally.fallBack(reason)
                return .fallback(reason: reason)
            case .success(let text):
                state.tally.written += 1
                // The cache is a shortcut: a failure to keep the answer costs a call next run.
                if keepsAnswers { try? database.saveLLMAnswer(key: key, title: text.title, body: text.body, now: now) }
                return .written(text)
            case .failure(let failure):
                let reason = redactingSecret(failure.reason, state: state)
                state.tally.fallBack(reason)
                return .fallback(reason: reason)
            }
        }
    }

    /// One call for `prompt`, within the run's limits.
    private func ask(_ prompt: LLMPrompt, state: inout State) -> Result<TextDraft, LLMFailure> {
        if let unreachable = state.unreachable { return .failure(LLMFailure(reason: "not asked: \(unreachable) earlier in this run")) }
        guard state.tally.calls < settings.maxCalls else {
            return .failure(LLMFailure(reason: "not asked: the run's \(settings.maxCalls) calls are spent (llm.max_calls)"))
        }
        let budget = Duration.milliseconds(settings.budget)
        guard state.spent < budget else {
            return .failure(LLMFailure(reason: "not asked: the run's budget of \(DurationText.format(settings.budget)) is spent (llm.budget)"))
        }
        let apiKey: String?
        switch state.apiKey ?? readAPIKey() {
        case .success(let key):
            state.apiKey = .success(key)
            apiKey = key
        case .failure(let failure):
            state.apiKey = .failure(failure)
            return .failure(failure)
        }
        let client: HTTPClient
        if let existing = state.client {
            client = existing
        } else {
            do {
                client = try HTTPClient()
            } catch {
                return .failure(LLMFailure(reason: "cannot start the HTTP client: \(error.message)"))
            }
            state.client = client
        }

        let timeout = min(Duration.milliseconds(settings.timeout), budget - state.spent)
        let request = httpRequest(prompt, apiKey: apiKey, timeout: timeout)
        state.tally.calls += 1
        let clock = ContinuousClock()
        let start = clock.now
        defer { state.spent += start.duration(to: clock.now) }
        let response: HTTPResponse
        do {
            response = try client.perform(request)
        } catch {
            return .failure(failure(error, timeout: timeout, state: &state))
        }
        guard (200..<300).contains(response.status) else { return .failure(Self.failure(status: response.status)) }
        return ChatCompletion.reply(in: response.body)
            .flatMap(ProposedText.parse)
            .flatMap { AnswerValidator.validate($0, language: prompt.language, placeholder: prompt.placeholder) }
    }

    private func httpRequest(_ prompt: LLMPrompt, apiKey: String?, timeout: Duration) -> HTTPRequest {
        let body = ChatCompletion.Request(model: settings.model, messages: prompt.messages).encoded()
        var headers = [(name: "Content-Type", value: "application/json"), (name: "Accept", value: "application/json")]
        if let apiKey { headers.append((name: "Authorization", value: "Bearer \(apiKey)")) }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        // No redirects: an API does not move, and the key must not follow one to another host.
        return HTTPRequest(
            url: settings.baseURL + "/chat/completions", method: "POST", headers: headers, body: body,
            connectTimeout: min(seconds, 10), totalTimeout: seconds, maxBodyBytes: Self.maxResponseBytes, maxRedirects: 0)
    }

    private func readAPIKey() -> Result<String?, LLMFailure> {
        guard let source = settings.apiKey else { return .success(nil) }
        return SecretReader.value(of: source, environment: environment)
            .map { Optional($0) }
            .mapError { problem in
                LLMFailure(reason: problem.text(role: "API key") + (problem.isVariable ? " (llm.api_key_env)" : " (llm.api_key_file)"))
            }
    }

    private func failure(_ error: HTTPError, timeout: Duration, state: inout State) -> LLMFailure {
        switch error.kind {
        case .timeout:
            let limit = timeout < .milliseconds(settings.timeout) ? "the rest of the run's budget" : "llm.timeout"
            return LLMFailure(reason: "no answer within \(DurationText.format(timeout.milliseconds)) (\(limit))")
        case .network:
            state.unreachable = "the endpoint was unreachable"
            return LLMFailure(reason: "cannot reach the endpoint: \(error.message)")
        case .tooLarge:
            return LLMFailure(reason: "the response is larger than \(Self.maxResponseBytes / 1024) KiB")
        case .tooManyRedirects:
            return LLMFailure(reason: "the endpoint redirected; give its final address as llm.base_url")
        case .refusedURL:
            return LLMFailure(reason: error.message)
        }
    }

    private static func failure(status: Int) -> LLMFailure {
        let hint =
            switch status {
            case 401, 403: " (check the API key: llm.api_key_env or llm.api_key_file)"
            case 404: " (check llm.base_url and llm.model)"
            case 429: " (rate limited)"
            default: ""
            }
        return LLMFailure(reason: "the endpoint answered HTTP \(status)\(hint)")
    }

    /// `reason` with the API key replaced, should any message echo it: exact, escaped,
    /// encoded, in another case or cut short (`SecretRedactor`).
    private func redactingSecret(_ reason: String, state: State) -> String {
        guard case .success(let key?)? = state.apiKey, !key.isEmpty else { return reason }
        return SecretRedactor(secrets: [key]).redact(reason)
    }

    /// Whether `text` quotes the API key in any of those forms.
    private func revealsSecret(_ text: TextDraft, state: State) -> Bool {
        guard case .success(let key?)? = state.apiKey, !key.isEmpty else { return false }
        let redactor = SecretRedactor(secrets: [key])
        return redactor.reveals(text.title) || redactor.reveals(text.body)
    }
}
