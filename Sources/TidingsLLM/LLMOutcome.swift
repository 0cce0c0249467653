import TidingsGenerate

/// What became of one request to the LLM.
public enum LLMOutcome: Sendable, Equatable {
    /// The endpoint wrote this text, and it passed validation.
    case written(TextDraft)
    /// The same question was answered before: this text, from the cache, without a call.
    case cached(TextDraft)
    /// No usable text: the template's draft stands. The reason never holds a secret.
    case fallback(reason: String)

    /// The text to show instead of the draft, or nil to keep the draft.
    public var text: TextDraft? {
        switch self {
        case .written(let text), .cached(let text): text
        case .fallback: nil
        }
    }
}

/// How the requests of one run ended, for the run's log line.
public struct LLMTally: Sendable, Equatable {
    /// Texts the endpoint wrote in this run.
    public var written = 0
    /// Texts taken from the cache.
    public var cached = 0
    /// Requests that fell back to the template.
    public var fellBack = 0
    /// Calls made to the endpoint (written ones and failed ones).
    public var calls = 0
    /// Why requests fell back, each reason with how often, in the order first seen.
    public var reasons: [(reason: String, count: Int)] = []

    /// Nothing yet.
    public init() {}

    /// Counts a fallback for `reason`.
    mutating func fallBack(_ reason: String) {
        fellBack += 1
        if let index = reasons.firstIndex(where: { $0.reason == reason }) {
            reasons[index].count += 1
        } else {
            reasons.append((reason, 1))
        }
    }

    /// `llm: 3 written, 2 cached, 1 fell back (the endpoint answered HTTP 500)`; the most
    /// frequent reason is shown.
    public var summary: String {
        var text = "llm: \(written) written, \(cached) cached, \(fellBack) fell back"
        if let top = reasons.max(by: { $0.count < $1.count }) { text += " (\(top.reason))" }
        return text
    }

    public static func == (lhs: LLMTally, rhs: LLMTally) -> Bool {
        lhs.written == rhs.written && lhs.cached == rhs.cached && lhs.fellBack == rhs.fellBack && lhs.calls == rhs.calls
            && lhs.reasons.map(\.reason) == rhs.reasons.map(\.reason) && lhs.reasons.map(\.count) == rhs.reasons.map(\.count)
    }
}
