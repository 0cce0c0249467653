import Testing
import TidingsCore

@testable import TidingsGenerate

/// A meeting reminder's countdown slot: written by the templates in every language, filled
/// in the slot's language when the text is shown, by the minutes then left.
@Suite struct CountdownSlotTests {
    static let minute: Int64 = 60_000
    static let day = LocalDate(year: 2026, month: 11, day: 23)!

    /// The body of a reminder due 09:50 of a meeting 10:00–11:00 in `language`'s locale.
    static func body(_ language: TextLocale.Language) -> String {
        let locale = TextLocale.resolve(environment: ["LANG": GoldenTests.locales[language] ?? ""])
        func at(_ hour: Int, _ minute: Int) -> LocalMoment { LocalMoment(date: day, time: WallTime(hour: hour, minute: minute)!) }
        let facts = MeetingFacts(
            title: "Client review", allDay: false, start: at(10, 0), end: at(11, 0), due: at(9, 50), minutesUntilStart: 10,
            service: nil, location: nil)
        return Templates.draft(.meeting(facts), locale: locale).body
    }

    @Test(
        "Each language's slot is filled in its own words, for 3, 1 and 22 minutes",
        arguments: [
            (TextLocale.Language.en, "Starts at 10:00 (in 3 min), until 11:00", "(in 1 min)", "(in 22 min)"),
            (.de, "Beginnt um 10:00 (in 3 Min.), bis 11:00", "(in 1 Min.)", "(in 22 Min.)"),
            (.fr, "Commence à 10:00 (dans 3 min), jusqu’à 11:00", "(dans 1 min)", "(dans 22 min)"),
            (.es, "Empieza a las 10:00 (en 3 min), hasta las 11:00", "(en 1 min)", "(en 22 min)"),
            (.it, "Inizia alle 10:00 (tra 3 min), fino alle 11:00", "(tra 1 min)", "(tra 22 min)"),
            (.pt, "Começa às 10:00 (daqui a 3 min), termina às 11:00", "(daqui a 1 min)", "(daqui a 22 min)"),
            (.nl, "Begint om 10:00 (over 3 min), tot 11:00", "(over 1 min)", "(over 22 min)"),
            (.pl, "Początek o 10:00 (za 3 min), koniec o 11:00", "(za 1 min)", "(za 22 min)"),
        ] as [(TextLocale.Language, String, String, String)])
    func filled(language: TextLocale.Language, three: String, one: String, twentyTwo: String) {
        let body = Self.body(language)
        #expect(CountdownSlot.count(in: body) == 1)
        #expect(body.contains(CountdownSlot.slot(language)))
        #expect(CountdownSlot.fill(body, minutes: 3) == three)
        #expect(CountdownSlot.fill(body, minutes: 1).contains(one))
        #expect(CountdownSlot.fill(body, minutes: 22).contains(twentyTwo))
    }

    @Test("Each count takes the plural form the slot's language gives it", arguments: TextLocale.Language.allCases)
    func plural(language: TextLocale.Language) {
        for count in [0, 1, 2, 3, 5, 12, 22, 25, 59] {
            let form = language.phrases.minutesLeft.form(language.plural(count))
            #expect(CountdownSlot.fill(CountdownSlot.slot(language), minutes: count) == Phrases.fill(form, ["n": "\(count)"]))
        }
    }

    @Test(
        "Late, the minutes then left; before the due time or once the meeting began, the minutes planned",
        arguments: [
            (-10, 10), (0, 10), (1, 9), (7, 3), (9, 1), (10, 10), (15, 10),
        ] as [(Int64, Int)])
    func moment(minutesAfterDue: Int64, shown: Int) {
        let due: EpochMillis = 1_795_000_000_000
        let text = "Starts at 10:00 (in \(CountdownSlot.slot(.en))), until 11:00"
        let filled = CountdownSlot.fill(text, dueAt: due, start: due + 10 * Self.minute, now: due + minutesAfterDue * Self.minute)
        #expect(filled == "Starts at 10:00 (in \(shown) min), until 11:00")
    }

    @Test("A reminder due 09:50 shown at 09:59:30 says 1 min: minutes count up")
    func roundedUp() {
        let due: EpochMillis = 1_795_000_000_000
        let filled = CountdownSlot.fill(CountdownSlot.slot(.pl), dueAt: due, start: due + 10 * Self.minute, now: due + 9 * Self.minute + 30_000)
        #expect(filled == "1 min")
        // Moved past the start (or without one), never a count below 1.
        #expect(CountdownSlot.fill(CountdownSlot.slot(.en), dueAt: due, start: due - 5 * Self.minute, now: due) == "1 min")
        #expect(CountdownSlot.fill(CountdownSlot.slot(.en), dueAt: due, start: nil, now: due + Self.minute) == "1 min")
    }

    @Test("A slot cut short is dropped, an unknown language reads as English, and text without a slot stays")
    func malformed() {
        #expect(CountdownSlot.fill("Starts (in \u{E000}f", minutes: 3) == "Starts (in f")
        #expect(CountdownSlot.fill("(in \u{E000}xx\u{E001})", minutes: 3) == "(in 3 min)")
        #expect(CountdownSlot.fill("(in 10 min)", minutes: 3) == "(in 10 min)")
        #expect(CountdownSlot.fill("\(CountdownSlot.slot(.de)) / \(CountdownSlot.slot(.fr))", minutes: 2) == "2 Min. / 2 min")
    }

    @Test("A title or place quoting the slot's characters cannot forge a slot")
    func forged() {
        let locale = TextLocale.resolve(environment: ["LANG": "en_GB.UTF-8"])
        func at(_ hour: Int) -> LocalMoment { LocalMoment(date: Self.day, time: WallTime(hour: hour, minute: 0)!) }
        let facts = MeetingFacts(
            title: "Review \u{E000}de\u{E001}", allDay: false, start: at(10), end: at(11), due: at(9), minutesUntilStart: 60,
            service: nil, location: "Room \u{E000}pl\u{E001}")
        let draft = Templates.draft(.meeting(facts), locale: locale)
        #expect(draft.title == "Review de")
        #expect(draft.body == "Starts at 10:00 (in 1 h), until 11:00 · Room pl")
        #expect(CountdownSlot.count(in: draft.body) == 0)
    }
}
