import TidingsCore

extension Phrases {
    /// German, with the informal `du`.
    static let de = Phrases(
        weekdays: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
        months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
        hourUnit: "Std.",
        minuteUnit: "Min.",
        date: "{weekday}, {day}. {month}",

        emergencyTitle: "Dein tägliches Update",
        emergencyLines: [
            "🌅 Guten Morgen! Bereit, aus dem heutigen Tag etwas Großartiges zu machen?",
            "💪 Jeder kleine Schritt nach vorn zählt. Du schaffst das!",
            "🎯 Konzentriere dich heute auf das, was du beeinflussen kannst.",
            "✨ Dein Potenzial ist grenzenlos. Wachse weiter!",
            "🌟 Fortschritt vor Perfektion, immer.",
        ],
        staleMinutes: [.one: "Stand vor {n} Min.", .other: "Stand vor {n} Min."],
        staleHours: [.one: "Stand vor {n} Std.", .other: "Stand vor {n} Std."],
        staleDays: [.one: "Stand vor {n} Tag", .other: "Stand vor {n} Tagen"],

        meetings: [.one: "{n} Termin", .other: "{n} Termine"],
        weekTitle: "Deine Woche: {meetings}, {hours}",
        busiestDay: "Vollster Tag: {day} ({hours}).",
        longestMeeting: "Längster Termin: {title} ({hours}).",
        longestUntitled: "ohne Titel",
        sameAsWeekBefore: "Gleich viele wie in der Vorwoche.",
        moreThanWeekBefore: "{n} mehr als in der Vorwoche.",
        fewerThanWeekBefore: "{n} weniger als in der Vorwoche.",
        comingWeek: "Nächste Woche: {meetings}, {hours}.",
        comingWeekBusiest: "Nächste Woche: {meetings}, {hours}, {day} am vollsten.",

        untitledMeeting: "Termin",
        allDayToday: "Heute, ganztägig",
        startsToday: "Beginnt um {time} (in {wait}), bis {end}",
        startsTomorrow: "Beginnt morgen um {time} (in {wait}), bis {end}",
        startsOn: "Beginnt am {date} um {time} (in {wait}), bis {end}",
        join: "Über {service} teilnehmen",
        minutesLeft: [.one: "{n} Min.", .other: "{n} Min."],

        hoursSame: TextDraft(
            title: "So viel Zeit in Terminen wie letzte Woche", body: "{now} in Terminen in den letzten 7 Tagen, so viel wie in der Woche davor."),
        hoursFewer: TextDraft(
            title: "Weniger Zeit in Terminen",
            body: "{now} in Terminen in den letzten 7 Tagen, {difference} weniger als in der Woche davor ({before})."),
        hoursMore: TextDraft(
            title: "Mehr Zeit in Terminen", body: "{now} in Terminen in den letzten 7 Tagen, {difference} mehr als in der Woche davor ({before})."),
        mostlyDismissedTitle: "Die meisten Updates verworfen",
        mostlyDismissed: [
            .one:
                "Du hast die eine Benachrichtigung der letzten 7 Tage verworfen, auf die du reagiert hast. Eine andere Uhrzeit oder weniger Quellen passen vielleicht besser.",
            .other:
                "Du hast {dismissed} der {total} Benachrichtigungen der letzten 7 Tage verworfen, auf die du reagiert hast. Eine andere Uhrzeit oder weniger Quellen passen vielleicht besser.",
        ],
        readingTitle: "Dein Lesen diese Woche",
        reading: [
            .one: "Du hast die eine Benachrichtigung der letzten 7 Tage geöffnet, auf die du reagiert hast.",
            .other:
                "Du hast {opened} der {total} Benachrichtigungen der letzten 7 Tage geöffnet, auf die du reagiert hast, und {dismissed} verworfen.",
        ],
        allFreshTitle: "Diese Woche war alles aktuell",
        allFresh: [
            .one: "Die eine Benachrichtigung der letzten 7 Tage zeigte aktuelle Inhalte.",
            .other: "Alle {n} Benachrichtigungen der letzten 7 Tage zeigten aktuelle Inhalte.",
        ],
        someStaleTitle: "Einige Updates waren veraltet",
        someStale: [
            .one: "Die eine Benachrichtigung der letzten 7 Tage zeigte ältere Inhalte. `tidings doctor` zeigt, was deine Quellen brauchen.",
            .other:
                "{stale} der {delivered} Benachrichtigungen der letzten 7 Tage zeigten ältere Inhalte. `tidings doctor` zeigt, was deine Quellen brauchen.",
        ],

        digestTitle: [.one: "{n} neuer Eintrag", .other: "{n} neue Einträge"],
        digestMeetings: [.one: "{n} Termin beginnt bald", .other: "{n} Termine beginnen bald"],
        digestDailies: [.one: "{n} tägliches Update", .other: "{n} tägliche Updates"],
        digestWeeklies: [.one: "{n} Wochenübersicht", .other: "{n} Wochenübersichten"],
        digestTests: [.one: "{n} Testbenachrichtigung", .other: "{n} Testbenachrichtigungen"],
        digestOthers: [.one: "{n} Benachrichtigung", .other: "{n} Benachrichtigungen"]
    )
}
