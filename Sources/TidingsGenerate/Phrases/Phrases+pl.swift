import TidingsCore

extension Phrases {
    /// Polish, impersonal where a verb would need the reader's gender. Whole numbers take
    /// `one` (1), `few` (2–4, 22–24, … but not 12–14) or `many` (0, 5–21, 25, …); months
    /// are in the genitive a date needs (`24 listopada`).
    static let pl = Phrases(
        weekdays: ["poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"],
        months: [
            "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia",
        ],
        hourUnit: "godz.",
        minuteUnit: "min",
        date: "{weekday}, {day} {month}",

        emergencyTitle: "Twoja codzienna aktualizacja",
        emergencyLines: [
            "🌅 Dzień dobry! Zrobimy z dzisiejszego dnia coś niesamowitego?",
            "💪 Liczy się każdy mały krok naprzód. Dasz radę!",
            "🎯 Skup się dziś na tym, na co masz wpływ.",
            "✨ Twój potencjał nie ma granic. Rozwijaj się dalej!",
            "🌟 Postęp ponad perfekcję, zawsze.",
        ],
        staleMinutes: [.one: "stan sprzed {n} min", .few: "stan sprzed {n} min", .many: "stan sprzed {n} min"],
        staleHours: [.one: "stan sprzed {n} godz.", .few: "stan sprzed {n} godz.", .many: "stan sprzed {n} godz."],
        staleDays: [.one: "stan sprzed {n} dnia", .few: "stan sprzed {n} dni", .many: "stan sprzed {n} dni"],

        meetings: [.one: "{n} spotkanie", .few: "{n} spotkania", .many: "{n} spotkań"],
        weekTitle: "Twój tydzień: {meetings}, {hours}",
        busiestDay: "Najbardziej zajęty dzień: {day} ({hours}).",
        longestMeeting: "Najdłuższe: {title} ({hours}).",
        longestUntitled: "bez tytułu",
        sameAsWeekBefore: "Tyle samo co tydzień wcześniej.",
        moreThanWeekBefore: "O {n} więcej niż tydzień wcześniej.",
        fewerThanWeekBefore: "O {n} mniej niż tydzień wcześniej.",
        comingWeek: "Następny tydzień: {meetings}, {hours}.",
        comingWeekBusiest: "Następny tydzień: {meetings}, {hours}, najwięcej: {day}.",

        untitledMeeting: "Spotkanie",
        allDayToday: "Dziś, cały dzień",
        startsToday: "Początek o {time} (za {wait}), koniec o {end}",
        startsTomorrow: "Początek jutro o {time} (za {wait}), koniec o {end}",
        startsOn: "Początek: {date}, o {time} (za {wait}), koniec o {end}",
        join: "Dołącz przez {service}",
        minutesLeft: [.one: "{n} min", .few: "{n} min", .many: "{n} min"],

        hoursSame: TextDraft(
            title: "Tyle samo godzin spotkań co w zeszłym tygodniu",
            body: "{now} na spotkaniach w ostatnich 7 dniach, tyle samo co tydzień wcześniej."),
        hoursFewer: TextDraft(
            title: "Mniej godzin spotkań w tym tygodniu",
            body: "{now} na spotkaniach w ostatnich 7 dniach, o {difference} mniej niż tydzień wcześniej ({before})."),
        hoursMore: TextDraft(
            title: "Więcej godzin spotkań w tym tygodniu",
            body: "{now} na spotkaniach w ostatnich 7 dniach, o {difference} więcej niż tydzień wcześniej ({before})."),
        mostlyDismissedTitle: "Większość powiadomień odrzucona",
        mostlyDismissed: [
            .one: "Odrzucono jedyne powiadomienie z ostatnich 7 dni, na które była reakcja. Może lepsza będzie inna pora albo mniej źródeł.",
            .few:
                "Odrzucono {dismissed} z {total} powiadomień z ostatnich 7 dni, na które była reakcja. Może lepsza będzie inna pora albo mniej źródeł.",
            .many:
                "Odrzucono {dismissed} z {total} powiadomień z ostatnich 7 dni, na które była reakcja. Może lepsza będzie inna pora albo mniej źródeł.",
        ],
        readingTitle: "Czytanie w tym tygodniu",
        reading: [
            .one: "Otwarto jedyne powiadomienie z ostatnich 7 dni, na które była reakcja.",
            .few: "Otwarto {opened} z {total} powiadomień z ostatnich 7 dni, na które była reakcja, a odrzucono {dismissed}.",
            .many: "Otwarto {opened} z {total} powiadomień z ostatnich 7 dni, na które była reakcja, a odrzucono {dismissed}.",
        ],
        allFreshTitle: "W tym tygodniu wszystko było aktualne",
        allFresh: [
            .one: "Aktualna treść w jedynym powiadomieniu z ostatnich 7 dni.",
            .few: "Aktualna treść we wszystkich {n} powiadomieniach z ostatnich 7 dni.",
            .many: "Aktualna treść we wszystkich {n} powiadomieniach z ostatnich 7 dni.",
        ],
        someStaleTitle: "Część treści była nieaktualna",
        someStale: [
            .one: "Nieaktualna treść w jedynym powiadomieniu z ostatnich 7 dni. `tidings doctor` pokaże, czego potrzebują źródła.",
            .few: "Nieaktualna treść w {stale} z {delivered} powiadomień z ostatnich 7 dni. `tidings doctor` pokaże, czego potrzebują źródła.",
            .many: "Nieaktualna treść w {stale} z {delivered} powiadomień z ostatnich 7 dni. `tidings doctor` pokaże, czego potrzebują źródła.",
        ],

        digestTitle: [.one: "{n} nowy wpis", .few: "{n} nowe wpisy", .many: "{n} nowych wpisów"],
        digestMeetings: [
            .one: "{n} spotkanie wkrótce się zaczyna", .few: "{n} spotkania wkrótce się zaczynają", .many: "{n} spotkań wkrótce się zaczyna",
        ],
        digestDailies: [.one: "{n} codzienna aktualizacja", .few: "{n} codzienne aktualizacje", .many: "{n} codziennych aktualizacji"],
        digestWeeklies: [.one: "{n} podsumowanie tygodnia", .few: "{n} podsumowania tygodnia", .many: "{n} podsumowań tygodnia"],
        digestTests: [.one: "{n} powiadomienie testowe", .few: "{n} powiadomienia testowe", .many: "{n} powiadomień testowych"],
        digestOthers: [.one: "{n} powiadomienie", .few: "{n} powiadomienia", .many: "{n} powiadomień"]
    )
}
