import TidingsCore

/// The language of a notification's words and the conventions its times, dates and numbers
/// follow, from the POSIX locale variables. Fixed when `plan` runs: the text is stored.
public struct TextLocale: Sendable, Equatable {
    /// The languages the templates are written in, by their ISO 639 codes.
    public enum Language: String, Sendable, CaseIterable {
        case en, de, fr, es, it, pt, nl, pl
    }

    /// The language of the words (from `LC_MESSAGES`); English when the templates do not
    /// speak the user's.
    public var language: Language
    /// How times, dates and numbers are written (from `LC_TIME`).
    public var format: LocaleFormat

    /// A locale of `language` with `format`.
    public init(language: Language, format: LocaleFormat) {
        self.language = language
        self.format = format
    }

    /// English words, the POSIX formats (24-hour clock, decimal point): the `C` locale.
    public static let english = TextLocale(language: .en, format: LocaleFormat(name: nil))

    /// The locale `environment` sets, in POSIX order: `LC_ALL`, then `LC_MESSAGES` (words) or
    /// `LC_TIME` (formats), then `LANG`; unset, empty, `C` or `POSIX` mean English.
    public static func resolve(environment: [String: String]) -> TextLocale {
        let words = LocaleName(setting(for: "LC_MESSAGES", in: environment))
        let format = LocaleName(setting(for: "LC_TIME", in: environment))
        let language = words.flatMap { Language(rawValue: $0.language) } ?? .en
        return TextLocale(language: language, format: LocaleFormat(name: format))
    }

    /// The language `environment` asks for (from `LC_ALL`, `LC_MESSAGES` or `LANG`) when the
    /// templates do not speak it and write English instead: `ja` for `ja_JP.UTF-8`; nil when
    /// they speak it or none is asked for.
    public static func unspokenLanguage(environment: [String: String]) -> String? {
        guard let words = LocaleName(setting(for: "LC_MESSAGES", in: environment)), Language(rawValue: words.language) == nil
        else { return nil }
        return words.language
    }

    /// The value in force for the locale category `variable`: the first set and non-empty of
    /// `LC_ALL`, `variable` and `LANG`.
    static func setting(for variable: String, in environment: [String: String]) -> String? {
        for name in ["LC_ALL", variable, "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }
}

/// A POSIX locale name split up: `de_DE.UTF-8@euro` is language `de`, territory `DE`.
public struct LocaleName: Sendable, Equatable {
    /// Lower-case ISO 639 language code.
    public var language: String
    /// Upper-case ISO 3166 territory, when given.
    public var territory: String?

    /// Parses `language[_territory][.codeset][@modifier]`; nil for `C`, `POSIX` (with any
    /// codeset, `C.UTF-8`), an empty or malformed name.
    public init?(_ text: String?) {
        guard let text else { return nil }
        let base = text.prefix { $0 != "." && $0 != "@" }
        let parts = base.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        let language = parts[0].lowercased()
        guard language != "c", language != "posix", (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        self.language = language
        territory = parts.count > 1 && !parts[1].isEmpty ? parts[1].uppercased() : nil
    }
}

/// How a locale writes times, dates and numbers.
public struct LocaleFormat: Sendable, Equatable {
    /// Whether times use a 12-hour clock with AM/PM (`9:00 AM`) rather than `09:00`.
    public var twelveHourClock: Bool
    /// The decimal separator: `,` or `.`.
    public var decimalSeparator: Character
    /// Whether dates put the month before the day (`November 22`) rather than after it.
    public var monthFirst: Bool

    /// The conventions of `name`; the POSIX ones (24-hour clock, decimal point, day first)
    /// for nil.
    public init(name: LocaleName?) {
        let language = name?.language ?? ""
        let territory = name?.territory ?? ""
        twelveHourClock = language == "en" && Self.twelveHourTerritories.contains(territory)
        // Switzerland and Liechtenstein write a decimal point in every language.
        decimalSeparator = Self.decimalCommaLanguages.contains(language) && !["CH", "LI"].contains(territory) ? "," : "."
        monthFirst = language == "en" && ["US", "PH", "CA"].contains(territory)
    }

    /// English-speaking territories whose clocks show AM and PM.
    static let twelveHourTerritories: Set = ["US", "CA", "AU", "NZ", "PH", "IN", "PK"]
    /// Languages that write a decimal comma.
    static let decimalCommaLanguages: Set = [
        "de", "fr", "es", "it", "nl", "pt", "ru", "pl", "sv", "da", "nb", "nn", "no", "fi", "cs", "sk", "tr", "el", "hu", "ro",
        "uk", "bg", "hr", "sl", "sr", "lt", "lv", "et", "is", "id", "vi", "ca", "gl", "eu",
    ]

    /// `09:00`, or `9:00 AM` on a 12-hour clock.
    public func time(_ time: WallTime) -> String {
        guard twelveHourClock else { return time.description }
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        return "\(hour):\(LocalDate.pad(time.minute, 2)) \(time.hour < 12 ? "AM" : "PM")"
    }

    /// `value` tenths as a decimal with one digit after the separator (`6,5`), or a whole
    /// number when that digit is 0 (`7`).
    public func tenths(_ value: Int64) -> String {
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10)\(decimalSeparator)\(magnitude % 10)"
    }
}
