/// Tells English from German by their commonest short words: enough to catch an answer in the
/// wrong one of the two, and silent about everything else.
public enum LanguageGuess {
    /// Words frequent in English and rare in German (no `in`, `an`, `will`, `die`: both have them).
    static let english: Set<String> = [
        "the", "and", "is", "are", "you", "your", "of", "to", "for", "with", "on", "at", "this", "that",
        "it", "be", "have", "has", "today", "from", "new", "now", "not", "was", "were", "there", "about",
    ]
    /// Words frequent in German and rare in English.
    static let german: Set<String> = [
        "der", "die", "das", "und", "ist", "sind", "du", "sie", "ihr", "ihre", "dein", "deine", "mit",
        "für", "von", "zu", "im", "auf", "heute", "nicht", "ein", "eine", "einen", "den", "dem", "des",
        "wird", "bei", "noch", "jetzt", "neue", "neues", "um", "uhr", "morgen", "wir", "auch",
    ]

    /// `"en"` or `"de"` when the text is clearly one of them (two of its words at least, twice as
    /// many as of the other), else nil.
    public static func guess(_ text: String) -> String? {
        var counts = (english: 0, german: 0)
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            let word = String(word)
            if english.contains(word) { counts.english += 1 }
            if german.contains(word) { counts.german += 1 }
        }
        if counts.english >= 2, counts.english >= 2 * counts.german { return "en" }
        if counts.german >= 2, counts.german >= 2 * counts.english { return "de" }
        return nil
    }

    /// The two-letter language of a locale or language tag (`de_DE.UTF-8`, `en-GB`, `de`),
    /// lower-cased; nil when it has none.
    public static func language(of tag: String) -> String? {
        let code = tag.prefix { $0.isLetter }.lowercased()
        return code.count == 2 || code.count == 3 ? code : nil
    }

    /// The language's English name for the prompt, or the code itself.
    static func name(of code: String) -> String {
        ["en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch",
         "pt": "Portuguese", "pl": "Polish", "sv": "Swedish", "da": "Danish", "nb": "Norwegian", "fi": "Finnish"][code]
            ?? code
    }
}
