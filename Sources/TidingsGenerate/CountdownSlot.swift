import TidingsCore

/// The time left before a meeting in a reminder's text (the `10 min` of `(in 10 min)`,
/// `(dans 10 min)`, `(za 10 min)`), kept as a slot in the stored text and filled in only
/// when the text is shown: the words are written when the reminder is planned, and a run
/// three minutes late must say how long is really left, in the reminder's own language.
///
/// A slot is U+E000, the language code, U+E001: private-use characters that no calendar,
/// feed or model text is shown with (the templates remove them from what they quote), so a
/// slot cannot be forged by the text around it and is never shown unfilled.
public enum CountdownSlot {
    /// The character that opens a slot.
    static let open: Character = "\u{E000}"
    /// The character that closes a slot.
    static let close: Character = "\u{E001}"

    /// Whether `character` is `scalar` alone: what `character == Character(scalar)` answers
    /// for the slot's private-use scalars (they have no other canonical form), without
    /// comparing the two as strings, which every character of a reminder's text would.
    static func isAlone(_ character: Character, _ scalar: Unicode.Scalar) -> Bool {
        let scalars = character.unicodeScalars
        return scalars.first == scalar && scalars.index(after: scalars.startIndex) == scalars.endIndex
    }

    /// The first character of `text` that is `scalar` alone (as `isAlone` says), found by
    /// its scalars: characters are told apart only where the scalar stands, not along the
    /// whole text. `text` starts on a character boundary of its string and runs to its end.
    static func firstAlone(_ scalar: Unicode.Scalar, in text: Substring) -> String.Index? {
        let scalars = text.unicodeScalars
        var from = scalars.startIndex
        while let found = scalars[from...].firstIndex(of: scalar) {
            let after = scalars.index(after: found)
            // A character starts there and the next one right after the scalar.
            if let start = found.samePosition(in: text.base), text.base.index(after: start) == after { return start }
            from = after
        }
        return nil
    }

    /// The slot for the minutes left, in `language`.
    public static func slot(_ language: TextLocale.Language) -> String { "\(open)\(language.rawValue)\(close)" }

    /// How many slots `text` holds.
    public static func count(in text: String) -> Int {
        // Most texts hold none: one pass over the scalars, no copy, no grapheme breaking.
        guard text.unicodeScalars.contains("\u{E000}") else { return 0 }
        var count = 0
        var rest = text[...]
        while let start = firstAlone("\u{E000}", in: rest) {
            count += 1
            rest = rest[rest.index(after: start)...]
        }
        return count
    }

    /// `text` without the characters a slot is made of: what the templates quote from a
    /// calendar (a title, a place) never reads as a slot.
    public static func stripped(_ text: String) -> String {
        // Most texts hold neither: one pass over the scalars, no grapheme breaking (a text
        // without the scalars has no character that is one of them).
        guard text.unicodeScalars.contains(where: { $0 == "\u{E000}" || $0 == "\u{E001}" }) else { return text }
        guard text.contains(where: { isAlone($0, "\u{E000}") || isAlone($0, "\u{E001}") }) else { return text }
        return String(text.filter { !isAlone($0, "\u{E000}") && !isAlone($0, "\u{E001}") })
    }

    /// `text` with each slot filled with `minutes` (`3 min`, `3 Min.`), in the slot's
    /// language and the plural form its rule picks; an unknown language reads as English.
    public static func fill(_ text: String, minutes: Int) -> String {
        // A text without the scalar has no character that is one: no grapheme breaking.
        guard text.unicodeScalars.contains("\u{E000}"), firstAlone("\u{E000}", in: text[...]) != nil else { return text }
        var filled = ""
        var rest = text[...]
        while let start = firstAlone("\u{E000}", in: rest) {
            filled += rest[..<start]
            let inside = rest[rest.index(after: start)...]
            guard let end = firstAlone("\u{E001}", in: inside) else {
                // A slot cut short (the text cut to its limit) is dropped, never shown raw.
                rest = inside
                continue
            }
            let language = TextLocale.Language(rawValue: String(inside[..<end])) ?? .en
            filled += Phrases.fill(language.minutesLeft.form(language.plural(minutes))) { $0 == "n" ? "\(minutes)" : nil }
            rest = inside[inside.index(after: end)...]
        }
        return filled + rest
    }

    /// `text` filled as a reminder due at `dueAt` for a meeting starting at `start` says it
    /// at `now`: sent (or shown) late, after its due time and before the start, the minutes
    /// then left; otherwise (before its due time, or once the meeting began) the minutes from
    /// its due time, as planned. Minutes count up (`Countdown.minutes`), and are never fewer
    /// than 1: an item moved past the start, or one without a start, says `1 min`.
    public static func fill(_ text: String, dueAt: EpochMillis, start: EpochMillis?, now: EpochMillis) -> String {
        guard text.unicodeScalars.contains("\u{E000}"), firstAlone("\u{E000}", in: text[...]) != nil else { return text }
        let start = start ?? dueAt
        let moment = now > dueAt && now < start ? now : dueAt
        return fill(text, minutes: max(1, Countdown.minutes(from: moment, until: start)))
    }
}
