import Foundation

/// Replaces what identifies people or opens doors by placeholders before text leaves the
/// machine: links (`[link]`), e-mail addresses (`[email]`), meeting passcodes (`[passcode]`)
/// and phone numbers (`[phone]`). Dates, times, prices and small numbers stay.
public enum Redactor {
    /// The placeholders redaction writes; an answer holding one is refused.
    public static let placeholders = ["[link]", "[email]", "[passcode]", "[phone]"]

    /// `text` with links, e-mail addresses, passcodes and phone numbers replaced, in that order
    /// (a link can hold an address or a `pwd=`; a passcode's digits are not a phone number).
    public static func redact(_ text: String) -> String {
        var text = replacing(Patterns.link, in: text, with: "[link]", trim: true)
        text = replacing(Patterns.email, in: text, with: "[email]")
        text = replacing(Patterns.passcode, in: text, with: "[passcode]", group: 1)
        return redactingPhones(text)
    }

    /// Whether `text` holds a link: a `scheme://`, a `www.` name or a domain with a path.
    public static func containsLink(_ text: String) -> Bool {
        Patterns.link?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            || text.range(of: "mailto:", options: .caseInsensitive) != nil
    }

    /// Compiled once (NSRegularExpression is immutable and Sendable). A
    /// pattern is a literal, so one that fails to compile fails every test of this type.
    private enum Patterns {
        static let link = regex(#"\b[a-z][a-z0-9+.\-]*://[^\s<>"]+|\bwww\.[^\s<>"]+|\b(?:[a-z0-9\-]+\.)+[a-z]{2,}/[^\s<>"]*"#)
        static let email = regex(#"[a-z0-9._%+\-]+@[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,}"#)
        /// A label, then `:`, `=` or `#` and any value, or a value holding a digit (`PIN 1234`,
        /// `password is 7781`); group 1 is the value.
        static let passcode = regex(
            #"\b(?:pwd|passcode|pass code|password|passwort|kennwort|kenncode|pin(?: code)?|access code|meeting code|zugangscode)\b"#
                + #"(?:\s*[:=#]\s*|\s+(?:is\s+|ist\s+)?(?=[^\s,;]*\d))([^\s,;]+)"#)
        /// Digit groups joined by single separators, an optional `+` or `(area)`.
        static let phone = regex(#"(?<![\w+.\-/])(?:\+\s?)?(?:\(\d{1,5}\)\s?)?\d+(?:(?:[ .\-/]|\s?\(\d{1,5}\)\s?)\d+)*(?![\w])"#)
        /// Dates that look like digit groups: 2026-11-22, 22.11.2026, 11/22/26.
        static let date = regex(
            #"(?<![\d.])(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\s?\d{1,2}\.\s?(?:\d{4}|\d{2})|\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})|\d{4}/\d{1,2}/\d{1,2})(?![\d]|\.\d)"#
        )

        private static func regex(_ pattern: String) -> NSRegularExpression? {
            try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        }
    }

    /// `text` with every match of `pattern` (or its capture `group`) replaced by `placeholder`;
    /// with `trim`, punctuation that ends a sentence stays outside the match.
    private static func replacing(
        _ pattern: NSRegularExpression?, in text: String, with placeholder: String, group: Int = 0, trim: Bool = false
    ) -> String {
        let source = text as NSString
        var result = text
        let matches = pattern?.matches(in: text, range: NSRange(location: 0, length: source.length)) ?? []
        for match in matches.reversed() {
            var range = match.range(at: group)
            guard range.location != NSNotFound else { continue }
            if trim { range = trimmingPunctuation(range, in: source) }
            guard let swiftRange = Range(range, in: result) else { continue }
            result.replaceSubrange(swiftRange, with: placeholder)
        }
        return result
    }

    /// `range` without the punctuation that ends a sentence around a link; a `)` stays when the
    /// link opened one (`https://en.wikipedia.org/wiki/Swift_(language)`).
    private static func trimmingPunctuation(_ range: NSRange, in source: NSString) -> NSRange {
        var range = range
        while range.length > 0 {
            let last = source.character(at: range.location + range.length - 1)
            guard ".,;:!?'\")]}>".utf16.contains(last) else { break }
            if last == UInt16(UInt8(ascii: ")")) {
                let text = source.substring(with: range)
                if text.filter({ $0 == "(" }).count >= text.filter({ $0 == ")" }).count { break }
            }
            range.length -= 1
        }
        return range
    }

    /// Phone numbers: found where dates are masked, kept only when they look like one.
    private static func redactingPhones(_ text: String) -> String {
        let source = text as NSString
        let whole = NSRange(location: 0, length: source.length)
        let masked = NSMutableString(string: text)
        for match in Patterns.date?.matches(in: text, range: whole) ?? [] where isPlausibleDate(source.substring(with: match.range)) {
            masked.replaceCharacters(in: match.range, with: String(repeating: "x", count: match.range.length))
        }
        var result = text
        for match in (Patterns.phone?.matches(in: masked as String, range: whole) ?? []).reversed()
        where isPhone(masked.substring(with: match.range)) {
            guard let range = Range(match.range, in: result) else { continue }
            result.replaceSubrange(range, with: "[phone]")
        }
        return result
    }

    /// Whether digit groups read as a phone number: 7 to 15 digits, and not a plain number
    /// (no separator, unless it starts with `+` or a trunk `0`), a thousands-grouped amount
    /// (1.000.000, 1 000 000) or a decimal.
    static func isPhone(_ candidate: String) -> Bool {
        let digits = candidate.filter(\.isNumber).count
        guard (7...15).contains(digits) else { return false }
        let international = candidate.hasPrefix("+")
        let trunk = candidate.hasPrefix("0") || candidate.hasPrefix("(")
        let groups = candidate.split(whereSeparator: { !$0.isNumber }).map(\.count)
        if groups.count == 1 { return international || (trunk && digits >= 9) }
        if !international, !trunk, (1...3).contains(groups[0]), groups.dropFirst().allSatisfy({ $0 == 3 }) { return false }
        let separators = candidate.filter { !$0.isNumber }
        if separators == "." { return false }
        return true
    }

    /// Whether a date-shaped match has a day and month that exist (a phone's `12.34.56` does not).
    private static func isPlausibleDate(_ text: String) -> Bool {
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 3 else { return false }
        if text.contains("-") || numbers[0] > 999 { return (1...12).contains(numbers[1]) && (1...31).contains(numbers[2]) }
        // 22.11.2026 (day first) or 11/22/2026 (month first).
        let (first, second) = (numbers[0], numbers[1])
        return (1...31).contains(first) && (1...31).contains(second) && (first <= 12 || second <= 12)
    }
}
