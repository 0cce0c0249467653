import Foundation
import TidingsCore
import TidingsGenerate

/// Checks what an LLM proposes as strictly as fetched content, and more: one short message
/// of plain text, with no link, markup or placeholder, in the language asked for.
enum AnswerValidator {
    /// The cleaned title and body, or why they cannot be shown; with a `placeholder`, the
    /// body must hold it exactly once and the title not at all.
    static func validate(_ proposed: ProposedText, language: String?, placeholder: String? = nil) -> Result<TextDraft, LLMFailure> {
        for (field, text) in [("title", proposed.title), ("body", proposed.body)] {
            if let problem = structureProblem(text) { return .failure(.invalid("the \(field) \(problem)")) }
        }
        let title = TextSanitizer.clean(proposed.title)
        let body = TextSanitizer.clean(proposed.body)
        if title.isEmpty { return .failure(.invalid("the title is empty")) }
        if let excess = TextLimit.title.excess(of: title) { return .failure(.invalid("the title is \(excess)")) }
        if let excess = TextLimit.body.excess(of: body) { return .failure(.invalid("the body is \(excess)")) }
        for (field, text) in [("title", title), ("body", body)] {
            if let problem = contentProblem(text) { return .failure(.invalid("the \(field) \(problem)")) }
        }
        if let placeholder, let problem = placeholderProblem(title: title, body: body, placeholder: placeholder) {
            return .failure(.invalid(problem))
        }
        // The placeholder is not a word of the answer's language.
        let words = placeholder.map { body.replacing($0, with: "") } ?? body
        if let expected = language, LanguageGuess.known.contains(expected), let found = LanguageGuess.guess(title + " " + words),
            found != expected
        {
            return .failure(.invalid("the answer is in \(LanguageGuess.name(of: found)), not \(LanguageGuess.name(of: expected))"))
        }
        return .success(TextDraft(title: title, body: body))
    }

    /// Why the answer does not keep `placeholder` once in its body and nowhere else, or nil.
    private static func placeholderProblem(title: String, body: String, placeholder: String) -> String? {
        if title.contains(placeholder) { return "the title holds \(placeholder), which belongs in the body" }
        let count = body.ranges(of: placeholder).count
        if count == 0 { return "the body dropped \(placeholder)" }
        if count > 1 { return "the body holds \(placeholder) \(count) times, not once" }
        return nil
    }

    /// A list or several messages, judged before white space is folded: two or more lines
    /// that start like list items, or a separator line.
    private static func structureProblem(_ text: String) -> String? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let items = lines.filter { line in
            line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("• ")
                || line.range(of: #"^\d{1,2}[.)] "#, options: .regularExpression) != nil
        }
        if items.count >= 2 { return "is a list (more than one message)" }
        if lines.contains(where: { ($0.count >= 3 && Set($0) == ["-"]) || $0 == "***" }) { return "holds more than one message" }
        return nil
    }

    /// Links, markup and placeholders in cleaned text.
    private static func contentProblem(_ text: String) -> String? {
        if Redactor.containsLink(text) { return "holds a link" }
        if let placeholder = Redactor.placeholders.first(where: { text.localizedCaseInsensitiveContains($0) }) {
            return "holds the placeholder \(placeholder)"
        }
        for (pattern, what) in markup where text.range(of: pattern, options: .regularExpression) != nil {
            return "holds markup (\(what))"
        }
        return nil
    }

    /// What marks text as HTML or Markdown rather than plain.
    private static let markup: [(pattern: String, what: String)] = [
        (#"</?[A-Za-z][A-Za-z0-9]*(\s[^<>]*)?/?>|&[a-z]+;|&#[0-9]+;"#, "HTML"),
        (#"\[[^\]]*\]\([^)]*\)"#, "a Markdown link"),
        (#"\*\*[^*]+\*\*|__[^_]+__|(^|\s)\*[^*\s][^*]*\*(\s|$|[.,!?])|(^|\s)_[^_\s][^_]*_(\s|$|[.,!?])"#, "Markdown emphasis"),
        (#"(^|\s)#{1,6}\s"#, "a Markdown heading"),
        (#"`"#, "Markdown code"),
    ]
}

/// Why the LLM's text was not used, in words for the log (never a secret).
public struct LLMFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, lower-case.
    public var reason: String

    /// Creates a failure.
    public init(reason: String) {
        self.reason = reason
    }

    /// The server's answer cannot be read.
    static func malformed(_ reason: String) -> LLMFailure { LLMFailure(reason: reason) }
    /// The answer was read but cannot be shown.
    static func invalid(_ reason: String) -> LLMFailure { LLMFailure(reason: reason) }

    /// The reason.
    public var description: String { reason }
}
