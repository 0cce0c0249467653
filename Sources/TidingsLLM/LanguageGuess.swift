/// Tells the languages Tidings writes in (English, German, French, Spanish, Italian,
/// Portuguese, Dutch, Polish) apart by their commonest short words: enough to catch an answer
/// in the wrong one, and silent when the text does not say.
public enum LanguageGuess {
    /// Per language, short words frequent in it and rare in the others (a word two languages
    /// share counts for both, so the words only one has decide).
    static let words: [String: Set<String>] = [
        "en": [
            "the", "and", "is", "are", "you", "your", "of", "to", "for", "with", "on", "at", "this", "that",
            "it", "be", "have", "has", "today", "from", "new", "now", "not", "was", "were", "there", "about",
        ],
        "de": [
            "der", "die", "das", "und", "ist", "sind", "du", "sie", "ihr", "ihre", "dein", "deine", "mit",
            "für", "von", "zu", "im", "auf", "heute", "nicht", "ein", "eine", "einen", "den", "dem", "des",
            "wird", "bei", "noch", "jetzt", "neue", "neues", "um", "uhr", "morgen", "wir", "auch",
        ],
        "fr": [
            "le", "les", "des", "est", "et", "vous", "tu", "ton", "ta", "tes", "votre", "vos", "pour", "avec",
            "dans", "sur", "une", "aujourd", "hui", "nouveau", "nouvelle", "pas", "du", "au", "aux", "ce",
            "cette", "qui", "sont", "ne", "demain", "réunion", "réunions",
        ],
        "es": [
            "el", "los", "las", "es", "y", "tú", "tus", "usted", "para", "con", "hoy", "nuevo", "nueva", "del",
            "al", "está", "están", "por", "muy", "su", "sus", "mañana", "reunión", "reuniones", "semana",
        ],
        "it": [
            "il", "gli", "lo", "della", "delle", "dei", "è", "sono", "tuo", "tua", "tuoi", "per", "con", "del", "oggi",
            "nuovo", "nuova", "non", "che", "nel", "alla", "questo", "questa", "domani", "riunione", "riunioni",
            "settimana",
        ],
        "pt": [
            "os", "é", "você", "seu", "com", "uma", "para", "hoje", "novo", "nova", "não", "dos", "em", "são",
            "amanhã", "reunião", "reuniões", "semana", "às",
        ],
        "nl": [
            "het", "een", "zijn", "jouw", "jij", "uw", "voor", "met", "op", "vandaag", "nieuw", "nieuwe",
            "niet", "van", "dit", "er", "naar", "om", "ook", "morgen", "vergadering", "vergaderingen",
        ],
        "pl": [
            "w", "z", "się", "jest", "są", "ty", "twój", "twoja", "twoje", "dla", "dzisiaj", "dziś", "nowy",
            "nowa", "nie", "od", "że", "ale", "masz", "jak", "jutro", "spotkanie", "spotkania", "spotkań", "tydzień",
        ],
    ]

    /// The languages this guess knows.
    public static var known: Set<String> { Set(words.keys) }

    /// The language of `text` when it is clear: two of its words at least, and at least twice
    /// as many as of any other language; else nil.
    public static func guess(_ text: String) -> String? {
        var counts: [String: Int] = [:]
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            let word = String(word)
            for (language, list) in words where list.contains(word) {
                counts[language, default: 0] += 1
            }
        }
        let ranked = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        guard let best = ranked.first, best.value >= 2 else { return nil }
        let second = ranked.dropFirst().first?.value ?? 0
        return best.value >= 2 * second ? best.key : nil
    }

    /// The two-letter language of a locale or language tag (`de_DE.UTF-8`, `en-GB`, `de`),
    /// lower-cased; nil when it has none.
    public static func language(of tag: String) -> String? {
        let code = tag.prefix { $0.isLetter }.lowercased()
        return code.count == 2 || code.count == 3 ? code : nil
    }

    /// The language's English name for the prompt, or the code itself.
    static func name(of code: String) -> String {
        [
            "en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch",
            "pt": "Portuguese", "pl": "Polish", "sv": "Swedish", "da": "Danish", "nb": "Norwegian", "fi": "Finnish",
        ][code]
            ?? code
    }
}
