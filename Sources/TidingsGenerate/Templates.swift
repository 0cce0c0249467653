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
        case .de: GermanPhrasebook.builtInLines
        }
    }

    /// A meeting's title as a summary shows it: at most 60 characters.
    static func shortTitle(_ title: String) -> String { TextDraft.cut(title, to: 60) }
}

/// One language's words: the phrases the templates are built of. What to say, and in which
/// order, is the same in every language (`Phrasebook`'s extension); a phrasebook only says it.
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
    /// A long date: `Tuesday, November 24`, `Dienstag, 24. November`.
    func date(_ date: LocalDate) -> String

    /// The daily update's title when there is no content, and the built-in lines then shown.
    var emergencyTitle: String { get }
    var emergencyLines: [String] { get }
    /// How old stale content is (`as of 3h ago`); `alone` when it is the whole body.
    func staleLabel(_ age: Int64, alone: Bool) -> String

    /// The weekly summary's title, and the sentences of its body.
    func weekTitle(meetings: Int, hours: String) -> String
    func busiestDay(_ day: String, hours: String) -> String
    func longestMeeting(_ title: String?, hours: String) -> String
    func change(fromWeekBefore difference: Int) -> String
    func comingWeek(meetings: Int, hours: String, busiestDay: String?) -> String

    /// A meeting reminder's words.
    var untitledMeeting: String { get }
    var allDayToday: String { get }
    func starts(_ day: MeetingDay, at time: String, wait: String, until end: String) -> String
    func join(_ service: String) -> String

    /// The insights.
    func meetingHours(_ trend: Trend, now: String, before: String, difference: String) -> TextDraft
    func mostlyDismissed(_ dismissed: Int, of total: Int) -> TextDraft
    func reading(opened: Int, dismissed: Int, of total: Int) -> TextDraft
    func allFresh(_ delivered: Int) -> TextDraft
    func someStale(_ stale: Int, of delivered: Int) -> TextDraft
}

/// The day a meeting starts, seen from its reminder.
enum MeetingDay {
    case today, tomorrow
    /// A later day, written out.
    case on(String)
}

/// Whether a number went down, stayed or went up.
enum Trend {
    case fewer, same, more

    init(_ now: Int64, _ before: Int64) {
        self = now < before ? .fewer : now > before ? .more : .same
    }
}

extension Phrasebook {
    func daily(_ facts: DailyFacts) -> TextDraft {
        switch facts {
        case .content(let title, let body, let staleAge):
            guard let staleAge else { return TextDraft(title: title, body: body) }
            return TextDraft(title: title, body: body.isEmpty ? staleLabel(staleAge, alone: true) : "\(body) (\(staleLabel(staleAge, alone: false)))")
        case .emergency(let line, let date):
            return TextDraft(title: emergencyTitle, body: line ?? EmergencyMessages.line(for: date, from: emergencyLines))
        }
    }

    func weekly(_ facts: WeekFacts) -> TextDraft {
        let past = facts.past
        var parts: [String] = []
        if let busiest = past.busiestDay { parts.append(busiestDay(weekday(busiest.weekday), hours: hours(busiest.millis))) }
        if let longest = past.longest {
            parts.append(longestMeeting(longest.title.isEmpty ? nil : Templates.shortTitle(longest.title), hours: hours(longest.millis)))
        }
        parts.append(change(fromWeekBefore: past.meetings - facts.before.meetings))
        parts.append(comingWeek(
            meetings: facts.coming.meetings, hours: hours(facts.coming.millis), busiestDay: facts.coming.clearlyBusiestDay.map { weekday($0) }))
        return TextDraft(title: weekTitle(meetings: past.meetings, hours: hours(past.millis)), body: parts.joined(separator: " "))
    }

    func meeting(_ facts: MeetingFacts) -> TextDraft {
        var parts: [String] = []
        if facts.allDay {
            parts.append(allDayToday)
        } else {
            let days = facts.start.date.dayNumber - facts.due.date.dayNumber
            let day: MeetingDay = days == 0 ? .today : days == 1 ? .tomorrow : .on(date(facts.start.date))
            let wait = facts.minutesUntilStart < 60 ? "\(facts.minutesUntilStart) \(minuteUnit)" : hours(Int64(facts.minutesUntilStart) * 60_000)
            parts.append(starts(day, at: time(facts.start), wait: wait, until: time(facts.end)))
        }
        if let service = facts.service {
            parts.append(join(service))
        } else if let location = facts.location, !location.isEmpty {
            parts.append(location)
        }
        return TextDraft(title: facts.title.isEmpty ? untitledMeeting : facts.title, body: parts.joined(separator: " · "))
    }

    func insight(_ facts: InsightFacts) -> TextDraft {
        switch facts {
        case .meetingHours(let now, let before, _, _):
            return meetingHours(Trend(now, before), now: hours(now), before: hours(before), difference: hours(abs(now - before)))
        case .engagement(let opened, let dismissed):
            return dismissed > opened
                ? mostlyDismissed(dismissed, of: opened + dismissed) : reading(opened: opened, dismissed: dismissed, of: opened + dismissed)
        case .staleContent(let stale, let delivered):
            return stale == 0 ? allFresh(delivered) : someStale(stale, of: delivered)
        }
    }

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
