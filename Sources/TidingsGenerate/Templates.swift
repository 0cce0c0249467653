import TidingsCore

/// The built-in texts: one phrasebook per language, filled in with the facts and formatted
/// for the locale. Deterministic and offline.
public enum Templates {
    /// The text for `facts` in `locale`, within the content limits.
    public static func draft(_ facts: GenerationFacts, locale: TextLocale) -> TextDraft {
        let words = phrasebook(locale)
        let draft: TextDraft =
            switch facts {
            case .daily(let daily): words.daily(daily)
            case .weekly(let week): words.weekly(week)
            case .meeting(let meeting): words.meeting(meeting)
            case .insight(let insight): words.insight(insight)
            }
        return draft.limited()
    }

    /// The phrasebook of `locale`'s language, writing with its formats.
    static func phrasebook(_ locale: TextLocale) -> Phrasebook {
        Phrasebook(language: locale.language, format: locale.format)
    }

    /// The built-in emergency lines of `language` (the configured ones replace them).
    public static func emergencyLines(_ language: TextLocale.Language) -> [String] {
        language.phrases.emergencyLines
    }

    /// The title of a digest of `count` new items (`5 new items`, `5 nowych wpisów`) in
    /// `language`.
    public static func digestTitle(count: Int, language: TextLocale.Language) -> String {
        Phrasebook(language: language, format: LocaleFormat(name: nil)).digestTitle(count: count)
    }

    /// The title of a digest merging `count` notifications of `kind` (`3 meetings starting
    /// soon`, `5 spotkań wkrótce się zaczyna`) in `language`.
    public static func digestTitle(of kind: NotificationKind, count: Int, language: TextLocale.Language) -> String {
        let words = Phrasebook(language: language, format: LocaleFormat(name: nil))
        let phrase =
            switch kind {
            case .meeting: words.phrases.digestMeetings
            case .daily: words.phrases.digestDailies
            case .weekly: words.phrases.digestWeeklies
            case .test: words.phrases.digestTests
            default: words.phrases.digestOthers
            }
        return words.counted(phrase, count)
    }

    /// A meeting's title as a summary shows it: at most 60 characters.
    static func shortTitle(_ title: String) -> String { TextDraft.cut(title, to: 60) }
}

/// One language's words filled in with the facts: what to say, and in which order, is the
/// same in every language; the language's `Phrases` table says it, counted words in the
/// plural form its rule picks.
struct Phrasebook {
    /// The language, whose table and plural rule are used.
    let language: TextLocale.Language
    /// The formats the words are written with.
    let format: LocaleFormat

    /// The language's phrase table.
    var phrases: Phrases { language.phrases }

    /// The form of `phrase` for `count`, `{n}` filled in with it, and `values` too.
    func counted(_ phrase: PluralPhrase, _ count: Int, _ values: [String: String] = [:]) -> String {
        Phrases.fill(phrase.form(language.plural(count)), values.merging(["n": "\(count)"]) { given, _ in given })
    }

    /// The title of a digest of `count` new items.
    func digestTitle(count: Int) -> String { counted(phrases.digestTitle, count) }
}

extension Phrasebook {
    /// How old stale content is (`as of 3h ago`); `alone` when it is the whole body, and then
    /// with a capital first letter.
    func staleLabel(_ age: Int64, alone: Bool) -> String {
        let minutes = Int(max(0, age / 60_000))
        let label =
            if minutes < 60 {
                counted(phrases.staleMinutes, max(1, minutes))
            } else if minutes < 24 * 60 {
                counted(phrases.staleHours, minutes / 60)
            } else {
                counted(phrases.staleDays, minutes / (24 * 60))
            }
        return alone ? label.prefix(1).uppercased() + label.dropFirst() : label
    }

    func daily(_ facts: DailyFacts) -> TextDraft {
        switch facts {
        case .content(let title, let body, let staleAge):
            guard let staleAge else { return TextDraft(title: title, body: body) }
            return TextDraft(title: title, body: StaleLabel.labelled(body, age: staleAge, words: self))
        case .emergency(let line, let date):
            return TextDraft(title: phrases.emergencyTitle, body: line ?? EmergencyMessages.line(for: date, from: phrases.emergencyLines))
        }
    }

    func weekly(_ facts: WeekFacts) -> TextDraft {
        let past = facts.past
        var parts: [String] = []
        if let busiest = past.busiestDay {
            parts.append(Phrases.fill(phrases.busiestDay, ["day": weekday(busiest.weekday), "hours": hours(busiest.millis)]))
        }
        if let longest = past.longest {
            let title = longest.title.isEmpty ? phrases.longestUntitled : Templates.shortTitle(longest.title)
            parts.append(Phrases.fill(phrases.longestMeeting, ["title": title, "hours": hours(longest.millis)]))
        }
        let difference = past.meetings - facts.before.meetings
        let change = difference == 0 ? phrases.sameAsWeekBefore : difference > 0 ? phrases.moreThanWeekBefore : phrases.fewerThanWeekBefore
        parts.append(Phrases.fill(change, ["n": "\(abs(difference))"]))
        var coming = ["meetings": counted(phrases.meetings, facts.coming.meetings), "hours": hours(facts.coming.millis)]
        coming["day"] = facts.coming.clearlyBusiestDay.map { weekday($0) }
        parts.append(Self.endingOnce(Phrases.fill(coming["day"] == nil ? phrases.comingWeek : phrases.comingWeekBusiest, coming)))
        let title = Phrases.fill(phrases.weekTitle, ["meetings": counted(phrases.meetings, past.meetings), "hours": hours(past.millis)])
        return TextDraft(title: title, body: parts.joined(separator: " "))
    }

    func meeting(_ facts: MeetingFacts) -> TextDraft {
        let phrases = phrases
        var parts: [String] = []
        if facts.allDay {
            parts.append(phrases.allDayToday)
        } else {
            let days = facts.start.date.dayNumber - facts.due.date.dayNumber
            let starts = days == 0 ? phrases.startsToday : days == 1 ? phrases.startsTomorrow : phrases.startsOn
            // Under an hour, the minutes left are a slot filled in when the text is shown
            // (`CountdownSlot`); hours stay as written. Each value is written only when the
            // phrase names it (most say no date).
            parts.append(
                Phrases.fill(starts) { name in
                    switch name {
                    case "date": date(facts.start.date)
                    case "time": time(facts.start)
                    case "wait":
                        facts.minutesUntilStart < 60 ? CountdownSlot.slot(language) : hours(Int64(facts.minutesUntilStart) * 60_000)
                    case "end": time(facts.end)
                    default: nil
                    }
                })
        }
        if let service = facts.service {
            parts.append(Phrases.fill(phrases.join) { $0 == "service" ? service : nil })
        } else if let location = facts.location, !location.isEmpty {
            parts.append(CountdownSlot.stripped(location))
        }
        let title = CountdownSlot.stripped(facts.title)
        return TextDraft(title: title.isEmpty ? phrases.untitledMeeting : title, body: parts.joined(separator: " · "))
    }

    func insight(_ facts: InsightFacts) -> TextDraft {
        switch facts {
        case .meetingHours(let now, let before, _, _):
            let draft = now < before ? phrases.hoursFewer : now > before ? phrases.hoursMore : phrases.hoursSame
            let values = ["now": hours(now), "before": hours(before), "difference": hours(abs(now - before))]
            return TextDraft(title: draft.title, body: Phrases.fill(draft.body, values))
        case .engagement(let opened, let dismissed):
            let total = opened + dismissed
            let values = ["opened": "\(opened)", "dismissed": "\(dismissed)", "total": "\(total)"]
            return dismissed > opened
                ? TextDraft(title: phrases.mostlyDismissedTitle, body: counted(phrases.mostlyDismissed, total, values))
                : TextDraft(title: phrases.readingTitle, body: counted(phrases.reading, total, values))
        case .staleContent(let stale, let delivered):
            let values = ["stale": "\(stale)", "delivered": "\(delivered)"]
            return stale == 0
                ? TextDraft(title: phrases.allFreshTitle, body: counted(phrases.allFresh, delivered, values))
                : TextDraft(title: phrases.someStaleTitle, body: counted(phrases.someStale, delivered, values))
        }
    }

    /// `sentence` with one full stop where a unit's abbreviation ends it (`2 Std.` + `.`).
    static func endingOnce(_ sentence: String) -> String { sentence.hasSuffix("..") ? String(sentence.dropLast()) : sentence }

    /// `45 min`, `2 h`, `6.5 h` (`6,5 Std.` in German): whole minutes under an hour, else
    /// hours to one decimal.
    func hours(_ millis: Int64) -> String {
        let minutes = max(0, millis) / 60_000
        if minutes < 60 { return "\(minutes) \(phrases.minuteUnit)" }
        return "\(format.tenths((minutes * 10 + 30) / 60)) \(phrases.hourUnit)"
    }

    /// A long date: `Tuesday 24 November`, `Tuesday, November 24`, `Dienstag, 24. November`.
    func date(_ date: LocalDate) -> String {
        let phrases = phrases
        let template = format.monthFirst ? phrases.dateMonthFirst ?? phrases.date : phrases.date
        return Phrases.fill(template) { name in
            switch name {
            case "weekday": phrases.weekdays[(date.isoWeekday - 1 + 7) % 7]
            case "day": date.day == 1 ? phrases.firstDay ?? "1" : "\(date.day)"
            case "month": phrases.months[date.month - 1]
            default: nil
            }
        }
    }

    /// The name of ISO weekday `number` (1 is Monday).
    func weekday(_ number: Int) -> String { phrases.weekdays[(number - 1 + 7) % 7] }

    /// The name of `date`'s weekday.
    func weekday(of date: LocalDate) -> String { weekday(date.isoWeekday) }

    /// The time of `moment` on the locale's clock.
    func time(_ moment: LocalMoment) -> String { format.time(moment.time) }
}
