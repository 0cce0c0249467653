import TidingsCore

/// The built-in texts: one phrasebook per language, filled in with the facts and formatted
/// for the locale. Deterministic and offline.
public enum Templates {
    /// The text for `facts` in `locale`, within the content limits.
    public static func draft(_ facts: GenerationFacts, locale: TextLocale) -> TextDraft {
        let words = phrasebook(locale)
        let draft: TextDraft = switch facts {
        case .daily(let daily): words.daily(daily)
        case .weekly(let week): words.weekly(week)
        case .meeting(let meeting): words.meeting(meeting)
        case .insight(let insight): words.insight(insight)
        }
        return draft.limited()
    }

    /// The phrasebook of `locale`'s language, writing with its formats.
    static func phrasebook(_ locale: TextLocale) -> any Phrasebook {
        switch locale.language {
        case .en: EnglishPhrasebook(format: locale.format)
        case .de: GermanPhrasebook(format: locale.format)
        }
    }

    /// The built-in emergency lines of `language` (the configured ones replace them).
    public static func emergencyLines(_ language: TextLocale.Language) -> [String] {
        switch language {
        case .en: EmergencyMessages.builtIn
        case .de: GermanPhrasebook.emergencyLines
        }
    }

    /// A meeting's title as a summary shows it: at most 60 characters.
    static func shortTitle(_ title: String) -> String { TextDraft.cut(title, to: 60) }
}

/// One language's words for every kind of generated text.
protocol Phrasebook {
    /// The formats the words are written with.
    var format: LocaleFormat { get }
    /// Weekday names, Monday first.
    var weekdays: [String] { get }
    /// Month names, January first.
    var months: [String] { get }
    /// The unit after a number of hours (`h`, `Std.`) and of minutes (`min`, `Min.`).
    var hourUnit: String { get }
    var minuteUnit: String { get }

    func daily(_ facts: DailyFacts) -> TextDraft
    func weekly(_ facts: WeekFacts) -> TextDraft
    func meeting(_ facts: MeetingFacts) -> TextDraft
    func insight(_ facts: InsightFacts) -> TextDraft
    /// A long date: `Tuesday, November 24`, `Dienstag, 24. November`.
    func date(_ date: LocalDate) -> String
}

extension Phrasebook {
    /// `45 min`, `2 h`, `6.5 h` (`6,5 Std.` in German): whole minutes under an hour, else
    /// hours to one decimal.
    func hours(_ millis: Int64) -> String {
        let minutes = max(0, millis) / 60_000
        if minutes < 60 { return "\(minutes) \(minuteUnit)" }
        return "\(format.tenths((minutes * 10 + 30) / 60)) \(hourUnit)"
    }

    /// The name of ISO weekday `number` (1 is Monday).
    func weekday(_ number: Int) -> String { weekdays[(number - 1 + 7) % 7] }

    /// The name of `date`'s weekday.
    func weekday(of date: LocalDate) -> String { weekday(date.isoWeekday) }

    /// The name of `date`'s month.
    func month(of date: LocalDate) -> String { months[date.month - 1] }

    /// The time of `moment` on the locale's clock.
    func time(_ moment: LocalMoment) -> String { format.time(moment.time) }
}
