extension SpokenTime {
    /// The words a phrase may use, folded (lower case, without accents: `mañana` is `manana`),
    /// in the eight languages Tidings writes: English, German, Spanish, French, Italian,
    /// Dutch, Polish and Portuguese.
    enum Words {
        /// Today.
        static let today: Set<String> = ["today", "heute", "hoy", "aujourd'hui", "aujourdhui", "oggi", "vandaag", "dzis", "hoje"]

        /// Tomorrow (German and Dutch share `morgen`).
        static let tomorrow: Set<String> = ["tomorrow", "morgen", "manana", "demain", "domani", "jutro", "amanha"]

        /// "Next", before the weekday (`next monday`, `nächsten Montag`) or after it (`lundi prochain`).
        static let next: Set<String> = [
            "next", "nachsten", "nachster", "nachste", "naechsten", "volgende", "proximo", "proxima", "prochain", "prochaine",
            "prossimo", "prossima", "przyszly", "przyszla",
        ]

        /// "This", before the weekday: the same as the weekday alone.
        static let this: Set<String> = ["this", "diesen", "dieser", "deze", "este", "esta", "ce", "questo", "questa", "ten", "ta"]

        /// Words between the day and the time that say nothing (`at`, `um`, `a las`, `à`, `alle`, `om`, `o`, `às`, `w`;
        /// German `am` only before a weekday, since `8 am` is a time).
        static let filler: Set<String> = ["at", "um", "a", "las", "la", "alle", "om", "o", "as", "w", "on"]

        /// Twelve o'clock at noon.
        static let noon: Set<String> = ["noon", "midday", "mittag", "mediodia", "midi", "mezzogiorno", "poludnie", "meio-dia", "meiodia"]

        /// Midnight: the one that ends today.
        static let midnight: Set<String> = ["midnight", "mitternacht", "medianoche", "minuit", "mezzanotte", "middernacht", "polnoc", "meia-noite"]

        /// Weekday names and their usual short forms, Monday (1) first. A short form shared by
        /// two languages names the same day in both (`mar`, `di`, `do`, `sab`).
        static let weekdays: [(day: Int, words: [String])] = [
            (
                1,
                [
                    "monday", "mon", "montag", "mo", "lunes", "lun", "lundi", "lunedi", "maandag", "ma", "poniedzialek", "pon", "segunda",
                    "segunda-feira", "seg",
                ]
            ),
            (
                2,
                [
                    "tuesday", "tue", "tues", "dienstag", "di", "martes", "mar", "mardi", "martedi", "dinsdag", "wtorek", "wt", "terca",
                    "terca-feira", "ter",
                ]
            ),
            (
                3,
                [
                    "wednesday", "wed", "mittwoch", "mi", "miercoles", "mie", "mercredi", "mer", "mercoledi", "woensdag", "wo", "sroda", "sr",
                    "quarta",
                    "quarta-feira", "qua",
                ]
            ),
            (
                4,
                [
                    "thursday", "thu", "thur", "thurs", "donnerstag", "do", "jueves", "jue", "jeudi", "jeu", "giovedi", "gio", "donderdag",
                    "czwartek",
                    "czw", "quinta", "quinta-feira", "qui",
                ]
            ),
            (
                5,
                [
                    "friday", "fri", "freitag", "fr", "viernes", "vie", "vendredi", "ven", "venerdi", "vrijdag", "vr", "piatek", "pt", "sexta",
                    "sexta-feira", "sex",
                ]
            ),
            (6, ["saturday", "sat", "samstag", "sonnabend", "sa", "sabado", "sab", "samedi", "sam", "sabato", "zaterdag", "za", "sobota", "sob"]),
            (7, ["sunday", "sun", "sonntag", "so", "domingo", "dom", "dimanche", "dim", "domenica", "zondag", "zo", "niedziela", "nd", "niedz"]),
        ]

        /// The weekday (1 Monday … 7 Sunday) each word names.
        static let weekday: [String: Int] = {
            var table: [String: Int] = [:]
            for (day, words) in weekdays { for word in words { table[word] = day } }
            return table
        }()

        /// English names for messages, Monday first.
        static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

        /// `text` in lower case with its accents dropped and `ł` read as `l`, so that
        /// `Miércoles`, `miercoles` and `MIÉRCOLES` are one word.
        static func fold(_ text: String) -> String {
            let plain: [Character: Character] = [
                "à": "a", "á": "a", "â": "a", "ä": "a", "ã": "a", "ą": "a", "ç": "c", "ć": "c", "è": "e", "é": "e", "ê": "e", "ë": "e",
                "ę": "e", "ì": "i", "í": "i", "î": "i", "ï": "i", "ł": "l", "ñ": "n", "ń": "n", "ò": "o", "ó": "o", "ô": "o", "ö": "o",
                "õ": "o", "ś": "s", "ù": "u", "ú": "u", "û": "u", "ü": "u", "ź": "z", "ż": "z", "’": "'",
            ]
            return String(text.lowercased().map { plain[$0] ?? $0 })
        }
    }
}
