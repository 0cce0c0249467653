import Testing
import TidingsCore

@testable import TidingsGenerate

/// A meeting reminder's words as the templates wrote them before each value was written only
/// when its phrase names it: the same text, word for word, in every language and format, for
/// reminders today, tomorrow and later, under and over an hour ahead, all day, with a join
/// link, a place or neither, and titles holding braces or slot characters.
@Suite struct MeetingWordingTests {
    /// The locales compared: every language, with its own formats and with the American
    /// ones (month first, 12-hour clock).
    static let locales: [TextLocale] = TextLocale.Language.allCases.flatMap { language in
        let country = language == .en ? "GB" : language.rawValue.uppercased()
        let own = "\(language.rawValue)_\(country).UTF-8"
        return [
            TextLocale.resolve(environment: ["LANG": own]),
            TextLocale.resolve(environment: ["LANG": own, "LC_TIME": "en_US.UTF-8"]),
        ]
    }

    /// `template` filled as `Phrases.fill` did with a table of every value, as a reference.
    static func referenceFill(_ template: String, _ values: [String: String]) -> String {
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] else {
                text.append("{")
                rest = rest[afterOpen...]
                continue
            }
            text += value
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// The meeting text as `Phrasebook.meeting` wrote it with every value written first.
    static func reference(_ facts: MeetingFacts, _ words: Phrasebook) -> TextDraft {
        let phrases = words.phrases
        var parts: [String] = []
        if facts.allDay {
            parts.append(phrases.allDayToday)
        } else {
            let days = facts.start.date.dayNumber - facts.due.date.dayNumber
            let starts = days == 0 ? phrases.startsToday : days == 1 ? phrases.startsTomorrow : phrases.startsOn
            let wait =
                facts.minutesUntilStart < 60
                ? CountdownSlot.slot(words.language) : words.hours(Int64(facts.minutesUntilStart) * 60_000)
            let template = words.format.monthFirst ? phrases.dateMonthFirst ?? phrases.date : phrases.date
            let date = facts.start.date
            let day = date.day == 1 ? phrases.firstDay ?? "1" : "\(date.day)"
            let dateText = referenceFill(
                template, ["weekday": words.weekday(of: date), "day": day, "month": phrases.months[date.month - 1]])
            parts.append(
                referenceFill(
                    starts, ["date": dateText, "time": words.time(facts.start), "wait": wait, "end": words.time(facts.end)]))
        }
        if let service = facts.service {
            parts.append(referenceFill(phrases.join, ["service": service]))
        } else if let location = facts.location, !location.isEmpty {
            parts.append(String(location.filter { $0 != "\u{E000}" && $0 != "\u{E001}" }))
        }
        let title = String(facts.title.filter { $0 != "\u{E000}" && $0 != "\u{E001}" })
        return TextDraft(title: title.isEmpty ? phrases.untitledMeeting : title, body: parts.joined(separator: " · ")).limited()
    }

    /// Reminders over a year from a Monday: starts at several times of day (midnight, noon,
    /// the evening), reminded 5 minutes to 3 days ahead, on the first of a month and on the
    /// days clocks change in Europe and America.
    static func facts() -> [MeetingFacts] {
        let first = LocalDate(year: 2026, month: 11, day: 30)!
        let titles = [
            "Standup", "", "{date} review {time}", "Plan \u{E000}en\u{E001} {wait", "Déjà vu ☕️ 👩‍👩‍👧", "Mark \u{E000}\u{301} kept",
        ]
        let links: [(String?, String?)] = [("Zoom", nil), (nil, "Room 4 {end}"), (nil, ""), (nil, nil), (nil, "\u{E000}x")]
        let waits = [5, 10, 59, 60, 61, 90, 24 * 60, 26 * 60 + 30, 3 * 24 * 60]
        let times = [(0, 0), (8, 30), (12, 0), (13, 5), (23, 59)]
        var facts: [MeetingFacts] = []
        var index = 0
        for offset in stride(from: 0, to: 400, by: 3) {
            let date = first.adding(days: offset)
            let (hour, minute) = times[index % times.count]
            let start = LocalMoment(date: date, time: WallTime(hour: hour, minute: minute)!)
            let end = LocalMoment(date: date.adding(days: index % 7 == 0 ? 1 : 0), time: WallTime(hour: (hour + 1) % 24, minute: minute)!)
            for wait in waits {
                let before = hour * 60 + minute - wait
                let dueDate = date.adding(days: Int((Double(before) / 1440).rounded(.down)))
                let dueMinute = ((before % 1440) + 1440) % 1440
                let due = LocalMoment(date: dueDate, time: WallTime(hour: dueMinute / 60, minute: dueMinute % 60)!)
                let (service, location) = links[(index + wait) % links.count]
                facts.append(
                    MeetingFacts(
                        title: titles[(index + wait) % titles.count], allDay: (index + wait) % 11 == 0, start: start, end: end,
                        due: due, minutesUntilStart: wait, service: service, location: location))
            }
            index += 1
        }
        return facts
    }

    @Test("A meeting reminder reads word for word as before, in every language and format")
    func sameWords() {
        let facts = Self.facts()
        #expect(facts.count > 1_000)
        for locale in Self.locales {
            let words = Templates.phrasebook(locale)
            for fact in facts {
                #expect(Templates.draft(.meeting(fact), locale: locale) == Self.reference(fact, words))
            }
        }
    }

    @Test("A reminder's minutes left are filled in, counted and stripped as before, in every language and plural form")
    func slotFilled() {
        for language in TextLocale.Language.allCases {
            for minutes in [1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 59, 101, 112] {
                let slot = CountdownSlot.slot(language)
                for text in [
                    "Starts at 10:00 (in \(slot)), until 10:30", "\(slot)\(slot)", "no slot", "cut \u{E000}de", "",
                    // Not a slot: the scalar with a mark on it, or after a prepended one, is another character.
                    "x \u{E000}\u{301}en\u{E001} y", "\u{600}\u{E000}en\u{E001}", "\(slot)\u{E001}\u{301}",
                    "🇩🇪\(slot)🇫🇷 \(slot)", "👩\u{200D}\(slot)", "\u{E000}\u{200D}en\u{E001} \(slot)", "\r\n\(slot)\u{E001}\u{FE0F}",
                ] {
                    let words = Self.referenceFill(language.phrases.minutesLeft.form(language.plural(minutes)), ["n": "\(minutes)"])
                    let expected = text.replacingSlots(with: words)
                    #expect(CountdownSlot.fill(text, minutes: minutes) == expected)
                    #expect(CountdownSlot.count(in: text) == text.reduce(0) { $0 + ($1 == "\u{E000}" ? 1 : 0) })
                    #expect(CountdownSlot.stripped(text) == String(text.filter { $0 != "\u{E000}" && $0 != "\u{E001}" }))
                }
            }
        }
    }

    @Test("A template fills each name it holds, keeps unknown ones and lone braces as written")
    func fill() {
        let values = ["a": "1", "b": "{a}", "date": "Monday"]
        let templates = ["", "plain", "{a}", "{a}{b}", "x {c} y", "{", "}", "{a", "a}", "{{a}}", "{date}, {a} – {b}!", "é{a}ü {"]
        for template in templates {
            #expect(Phrases.fill(template, values) == Self.referenceFill(template, values))
        }
    }
}

extension String {
    /// The text with each whole slot replaced by `words`, a slot cut short dropped: what
    /// `CountdownSlot.fill` gives when every slot is of one language.
    fileprivate func replacingSlots(with words: String) -> String {
        var filled = ""
        var rest = self[...]
        while let start = rest.firstIndex(of: "\u{E000}") {
            filled += rest[..<start]
            let inside = rest[rest.index(after: start)...]
            guard let end = inside.firstIndex(of: "\u{E001}") else {
                rest = inside
                continue
            }
            filled += words
            rest = inside[inside.index(after: end)...]
        }
        return filled + rest
    }
}
