/// One language's words as data: every phrase the templates are built of, with `{name}`
/// standing for what is filled in, and the counted ones in each plural form the language
/// uses. What to say, and in which order, is the same in every language (`Phrasebook`);
/// a table only says it. One file per language, `Phrases+<code>.swift`.
struct Phrases: Sendable {
    /// Weekday names, Monday first, as they stand alone (`Wednesday`, `mercredi`).
    var weekdays: [String]
    /// Month names, January first, in the form a date uses (Polish: the genitive, `listopada`).
    var months: [String]
    /// The unit after a number of hours (`h`, `Std.`) and of minutes (`min`, `Min.`).
    var hourUnit: String
    var minuteUnit: String
    /// A long date from `{weekday}`, `{day}` and `{month}`: `{weekday} {day} {month}`.
    var date: String
    /// The date where the locale puts the month first (English in the US), when it differs.
    var dateMonthFirst: String? = nil
    /// How the first day of a month is written, when not `1` (French `1er`).
    var firstDay: String? = nil

    /// The daily update's title when there is no content, and the five built-in lines then
    /// shown, in the order of the English ones.
    var emergencyTitle: String
    var emergencyLines: [String]
    /// How old stale content is, by its age in minutes, hours or days (`{n}`); lower-case
    /// where it follows the body, the first letter raised when it is the whole body.
    var staleMinutes: PluralPhrase
    var staleHours: PluralPhrase
    var staleDays: PluralPhrase

    /// A number of meetings (`{n}`): `6 meetings`.
    var meetings: PluralPhrase
    /// The weekly summary: its title (`{meetings}`, `{hours}`) and the sentences of its body.
    var weekTitle: String
    var busiestDay: String
    var longestMeeting: String
    /// What `{title}` in `longestMeeting` is when the meeting has none.
    var longestUntitled: String
    /// The change from the week before: none, `{n}` more, `{n}` fewer.
    var sameAsWeekBefore: String
    var moreThanWeekBefore: String
    var fewerThanWeekBefore: String
    /// The coming week, without and with a clearly busiest `{day}`.
    var comingWeek: String
    var comingWeekBusiest: String

    /// A meeting reminder: the title of an untitled meeting, an all-day one's body, the start
    /// (`{time}`, `{wait}`, `{end}`) today, tomorrow and on a later `{date}`, and the service.
    var untitledMeeting: String
    var allDayToday: String
    var startsToday: String
    var startsTomorrow: String
    var startsOn: String
    var join: String
    /// The time left before a meeting starts, `{n}` minutes (`10 min`, `10 Min.`): what a
    /// reminder's countdown slot is filled with when it is shown (`CountdownSlot`).
    var minutesLeft: PluralPhrase

    /// The insights: meeting hours the same, fewer or more than last week (`{now}`,
    /// `{before}`, `{difference}`).
    var hoursSame: TextDraft
    var hoursFewer: TextDraft
    var hoursMore: TextDraft
    /// Mostly dismissed (`{dismissed}`, `{total}`) and the reading (`{opened}`, `{dismissed}`,
    /// `{total}`), the bodies in the plural form of `{total}`.
    var mostlyDismissedTitle: String
    var mostlyDismissed: PluralPhrase
    var readingTitle: String
    var reading: PluralPhrase
    /// Everything fresh (`{n}` delivered) and some stale (`{stale}` of `{delivered}`), the
    /// bodies in the plural form of the number delivered.
    var allFreshTitle: String
    var allFresh: PluralPhrase
    var someStaleTitle: String
    var someStale: PluralPhrase

    /// A digest's title: `{n}` new items.
    var digestTitle: PluralPhrase
    /// The title of a digest of `{n}` meeting reminders, daily updates, weekly summaries, test
    /// notifications, or notifications of another kind (`tidings pending --group`).
    var digestMeetings: PluralPhrase
    var digestDailies: PluralPhrase
    var digestWeeklies: PluralPhrase
    var digestTests: PluralPhrase
    var digestOthers: PluralPhrase
}

/// A phrase that follows a count: one text per plural category the language uses.
struct PluralPhrase: Sendable, ExpressibleByDictionaryLiteral {
    /// The text of each category.
    var forms: [PluralCategory: String]

    init(dictionaryLiteral elements: (PluralCategory, String)...) {
        forms = Dictionary(elements) { first, _ in first }
    }

    /// The form for `category`; `other`, then any form, when the table lacks it (a test
    /// checks that none does).
    func form(_ category: PluralCategory) -> String {
        forms[category] ?? forms[.other] ?? forms.values.sorted().first ?? ""
    }
}

extension Phrases {
    /// `template` with each `{name}` replaced by `values[name]`, in one pass: a filled-in
    /// value (a meeting title with braces) is never read as a placeholder. An unknown name
    /// stays as written.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        fill(template) { values[String($0)] }
    }

    /// `template` with each `{name}` replaced by `value(name)`, asked only for the names the
    /// template holds, in one pass as `fill(_:_:)`; a name `value` answers nil for stays as
    /// written.
    static func fill(_ template: String, _ value: (Substring) -> String?) -> String {
        // The braces are found among the UTF-8 bytes, without breaking the text into
        // characters (a year of meeting reminders fills 30,000 templates): a brace is one
        // ASCII byte, and in the phrase tables, where every template comes from, no mark
        // joins a brace to its neighbour, so the bytes say what the characters say
        // (`PhrasesTests` compares both). A template without a brace is returned as it is.
        let bytes = template.utf8
        let (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
        guard var next = bytes.firstIndex(of: open) else { return template }
        var text = ""
        text.reserveCapacity(bytes.count + 32)
        var copied = bytes.startIndex
        while true {
            // What follows a name filled in, or the name of a brace left as written.
            var rest = bytes.index(after: next)
            if let end = bytes[rest...].firstIndex(of: close), let value = value(template[rest..<end]) {
                text += template[copied..<next]
                text += value
                copied = bytes.index(after: end)
                rest = copied
            }
            guard let found = bytes[rest...].firstIndex(of: open) else { break }
            next = found
        }
        return text + template[copied...]
    }
}

extension TextLocale.Language {
    /// The language's minutes left before a meeting (`{n} min`): read from its table without
    /// copying the whole table, as every reminder shown asks for it.
    var minutesLeft: PluralPhrase {
        switch self {
        case .en: Phrases.en.minutesLeft
        case .de: Phrases.de.minutesLeft
        case .fr: Phrases.fr.minutesLeft
        case .es: Phrases.es.minutesLeft
        case .it: Phrases.it.minutesLeft
        case .pt: Phrases.pt.minutesLeft
        case .nl: Phrases.nl.minutesLeft
        case .pl: Phrases.pl.minutesLeft
        }
    }

    /// The language's phrase table.
    var phrases: Phrases {
        switch self {
        case .en: .en
        case .de: .de
        case .fr: .fr
        case .es: .es
        case .it: .it
        case .pt: .pt
        case .nl: .nl
        case .pl: .pl
        }
    }
}
