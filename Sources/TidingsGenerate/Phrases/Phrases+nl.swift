import TidingsCore

extension Phrases {
    /// Dutch, with the informal `je`.
    static let nl = Phrases(
        weekdays: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
        months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
        hourUnit: "uur",
        minuteUnit: "min",
        date: "{weekday} {day} {month}",

        emergencyTitle: "Je dagelijkse update",
        emergencyLines: [
            "🌅 Goedemorgen! Klaar om er vandaag een geweldige dag van te maken?",
            "💪 Elke kleine stap vooruit telt. Jij kunt dit!",
            "🎯 Richt je vandaag op wat je zelf in de hand hebt.",
            "✨ Je potentieel is grenzeloos. Blijf groeien!",
            "🌟 Vooruitgang boven perfectie, altijd.",
        ],
        staleMinutes: [.one: "bijgewerkt {n} min geleden", .other: "bijgewerkt {n} min geleden"],
        staleHours: [.one: "bijgewerkt {n} uur geleden", .other: "bijgewerkt {n} uur geleden"],
        staleDays: [.one: "bijgewerkt {n} dag geleden", .other: "bijgewerkt {n} dagen geleden"],

        meetings: [.one: "{n} afspraak", .other: "{n} afspraken"],
        weekTitle: "Je week: {meetings}, {hours}",
        busiestDay: "Drukste dag: {day} ({hours}).",
        longestMeeting: "Langste: {title} ({hours}).",
        longestUntitled: "zonder titel",
        sameAsWeekBefore: "Evenveel als de week ervoor.",
        moreThanWeekBefore: "{n} meer dan de week ervoor.",
        fewerThanWeekBefore: "{n} minder dan de week ervoor.",
        comingWeek: "Volgende week: {meetings}, {hours}.",
        comingWeekBusiest: "Volgende week: {meetings}, {hours}, {day} het drukst.",

        untitledMeeting: "Afspraak",
        allDayToday: "Vandaag, de hele dag",
        startsToday: "Begint om {time} (over {wait}), tot {end}",
        startsTomorrow: "Begint morgen om {time} (over {wait}), tot {end}",
        startsOn: "Begint op {date} om {time} (over {wait}), tot {end}",
        join: "Deelnemen via {service}",
        minutesLeft: [.one: "{n} min", .other: "{n} min"],

        hoursSame: TextDraft(
            title: "Evenveel uren aan afspraken als vorige week",
            body: "{now} aan afspraken in de afgelopen 7 dagen, evenveel als de week ervoor."),
        hoursFewer: TextDraft(
            title: "Minder uren aan afspraken deze week",
            body: "{now} aan afspraken in de afgelopen 7 dagen, {difference} minder dan de week ervoor ({before})."),
        hoursMore: TextDraft(
            title: "Meer uren aan afspraken deze week",
            body: "{now} aan afspraken in de afgelopen 7 dagen, {difference} meer dan de week ervoor ({before})."),
        mostlyDismissedTitle: "Meeste meldingen weggeklikt deze week",
        mostlyDismissed: [
            .one:
                "Je klikte de enige melding weg waarop je de afgelopen 7 dagen reageerde. Een ander tijdstip of minder bronnen past misschien beter.",
            .other:
                "Je klikte {dismissed} van de {total} meldingen weg waarop je de afgelopen 7 dagen reageerde. Een ander tijdstip of minder bronnen past misschien beter.",
        ],
        readingTitle: "Je leesgedrag deze week",
        reading: [
            .one: "Je opende de enige melding waarop je de afgelopen 7 dagen reageerde.",
            .other: "Je opende {opened} van de {total} meldingen waarop je de afgelopen 7 dagen reageerde, en klikte er {dismissed} weg.",
        ],
        allFreshTitle: "Alles was actueel deze week",
        allFresh: [
            .one: "De enige melding van de afgelopen 7 dagen toonde actuele inhoud.",
            .other: "Alle {n} meldingen van de afgelopen 7 dagen toonden actuele inhoud.",
        ],
        someStaleTitle: "Sommige updates waren verouderd",
        someStale: [
            .one: "De enige melding van de afgelopen 7 dagen toonde verouderde inhoud. `tidings doctor` laat zien wat je bronnen nodig hebben.",
            .other:
                "Verouderde inhoud in {stale} van de {delivered} meldingen van de afgelopen 7 dagen. `tidings doctor` laat zien wat je bronnen nodig hebben.",
        ],

        digestTitle: [.one: "{n} nieuw item", .other: "{n} nieuwe items"],
        digestMeetings: [.one: "{n} afspraak begint zo", .other: "{n} afspraken beginnen zo"],
        digestDailies: [.one: "{n} dagelijkse update", .other: "{n} dagelijkse updates"],
        digestWeeklies: [.one: "{n} weekoverzicht", .other: "{n} weekoverzichten"],
        digestTests: [.one: "{n} testmelding", .other: "{n} testmeldingen"],
        digestOthers: [.one: "{n} melding", .other: "{n} meldingen"]
    )
}
