import TidingsCore

extension Phrases {
    /// Italian, with the informal `tu`.
    static let it = Phrases(
        weekdays: ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"],
        months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
        hourUnit: "h",
        minuteUnit: "min",
        date: "{weekday} {day} {month}",

        emergencyTitle: "Il tuo aggiornamento del giorno",
        emergencyLines: [
            "🌅 Buongiorno! Tutto pronto per rendere oggi una giornata fantastica?",
            "💪 Ogni piccolo passo avanti conta. Ce la puoi fare!",
            "🎯 Oggi concentrati su ciò che puoi controllare.",
            "✨ Il tuo potenziale è illimitato. Continua a crescere!",
            "🌟 Il progresso prima della perfezione, sempre.",
        ],
        staleMinutes: [.one: "aggiornato {n} min fa", .other: "aggiornato {n} min fa"],
        staleHours: [.one: "aggiornato {n} h fa", .other: "aggiornato {n} h fa"],
        staleDays: [.one: "aggiornato {n} giorno fa", .other: "aggiornato {n} giorni fa"],

        meetings: [.one: "{n} riunione", .other: "{n} riunioni"],
        weekTitle: "La tua settimana: {meetings}, {hours}",
        busiestDay: "Giorno più pieno: {day} ({hours}).",
        longestMeeting: "La più lunga: {title} ({hours}).",
        longestUntitled: "senza titolo",
        sameAsWeekBefore: "Tante quante la settimana prima.",
        moreThanWeekBefore: "{n} in più rispetto alla settimana prima.",
        fewerThanWeekBefore: "{n} in meno rispetto alla settimana prima.",
        comingWeek: "Prossima settimana: {meetings}, {hours}.",
        comingWeekBusiest: "Prossima settimana: {meetings}, {hours}, soprattutto {day}.",

        untitledMeeting: "Riunione",
        allDayToday: "Oggi, tutto il giorno",
        startsToday: "Inizia alle {time} (tra {wait}), fino alle {end}",
        startsTomorrow: "Inizia domani alle {time} (tra {wait}), fino alle {end}",
        startsOn: "Inizia {date} alle {time} (tra {wait}), fino alle {end}",
        join: "Partecipa su {service}",
        minutesLeft: [.one: "{n} min", .other: "{n} min"],

        hoursSame: TextDraft(
            title: "Tante ore di riunione quante la settimana scorsa",
            body: "{now} in riunione negli ultimi 7 giorni, come la settimana prima."),
        hoursFewer: TextDraft(
            title: "Meno ore di riunione questa settimana",
            body: "{now} in riunione negli ultimi 7 giorni, {difference} in meno rispetto alla settimana prima ({before})."),
        hoursMore: TextDraft(
            title: "Più ore di riunione questa settimana",
            body: "{now} in riunione negli ultimi 7 giorni, {difference} in più rispetto alla settimana prima ({before})."),
        mostlyDismissedTitle: "Hai ignorato quasi tutto questa settimana",
        mostlyDismissed: [
            .one: "Hai ignorato l’unica notifica a cui hai risposto negli ultimi 7 giorni. Forse ti conviene un altro orario o meno fonti.",
            .other:
                "Hai ignorato {dismissed} delle {total} notifiche a cui hai risposto negli ultimi 7 giorni. Forse ti conviene un altro orario o meno fonti.",
        ],
        readingTitle: "Le tue letture questa settimana",
        reading: [
            .one: "Hai aperto l’unica notifica a cui hai risposto negli ultimi 7 giorni.",
            .other: "Hai aperto {opened} delle {total} notifiche a cui hai risposto negli ultimi 7 giorni; ignorate: {dismissed}.",
        ],
        allFreshTitle: "Tutto aggiornato questa settimana",
        allFresh: [
            .one: "Contenuti aggiornati nell’unica notifica degli ultimi 7 giorni.",
            .other: "Contenuti aggiornati in tutte le {n} notifiche degli ultimi 7 giorni.",
        ],
        someStaleTitle: "Alcuni contenuti non erano aggiornati",
        someStale: [
            .one: "Contenuti non aggiornati nell’unica notifica degli ultimi 7 giorni. `tidings doctor` mostra cosa serve alle tue fonti.",
            .other:
                "Contenuti non aggiornati in {stale} delle {delivered} notifiche degli ultimi 7 giorni. `tidings doctor` mostra cosa serve alle tue fonti.",
        ],

        digestTitle: [.one: "{n} nuovo elemento", .other: "{n} nuovi elementi"],
        digestMeetings: [.one: "{n} riunione inizia a breve", .other: "{n} riunioni iniziano a breve"],
        digestDailies: [.one: "{n} aggiornamento del giorno", .other: "{n} aggiornamenti del giorno"],
        digestWeeklies: [.one: "{n} riepilogo settimanale", .other: "{n} riepiloghi settimanali"],
        digestTests: [.one: "{n} notifica di prova", .other: "{n} notifiche di prova"],
        digestOthers: [.one: "{n} notifica", .other: "{n} notifiche"]
    )
}
