import TidingsCore

extension Phrases {
    /// French, with the informal `tu`. `one` covers 0 and 1 (`0 réunion`).
    static let fr = Phrases(
        weekdays: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
        months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
        hourUnit: "h",
        minuteUnit: "min",
        date: "{weekday} {day} {month}",
        firstDay: "1er",

        emergencyTitle: "Tes infos du jour",
        emergencyLines: [
            "🌅 Bonjour ! Envie de faire d’aujourd’hui une journée formidable ?",
            "💪 Chaque petit pas en avant compte. Tu vas y arriver !",
            "🎯 Concentre-toi aujourd’hui sur ce que tu peux maîtriser.",
            "✨ Ton potentiel est sans limites. Continue de grandir !",
            "🌟 Le progrès plutôt que la perfection, toujours.",
        ],
        staleMinutes: [.one: "mis à jour il y a {n} min", .other: "mis à jour il y a {n} min"],
        staleHours: [.one: "mis à jour il y a {n} h", .other: "mis à jour il y a {n} h"],
        staleDays: [.one: "mis à jour il y a {n} jour", .other: "mis à jour il y a {n} jours"],

        meetings: [.one: "{n} réunion", .other: "{n} réunions"],
        weekTitle: "Ta semaine : {meetings}, {hours}",
        busiestDay: "Jour le plus chargé : {day} ({hours}).",
        longestMeeting: "La plus longue : {title} ({hours}).",
        longestUntitled: "sans titre",
        sameAsWeekBefore: "Autant que la semaine précédente.",
        moreThanWeekBefore: "{n} de plus que la semaine précédente.",
        fewerThanWeekBefore: "{n} de moins que la semaine précédente.",
        comingWeek: "Semaine prochaine : {meetings}, {hours}.",
        comingWeekBusiest: "Semaine prochaine : {meetings}, {hours}, surtout {day}.",

        untitledMeeting: "Réunion",
        allDayToday: "Aujourd’hui, toute la journée",
        startsToday: "Commence à {time} (dans {wait}), jusqu’à {end}",
        startsTomorrow: "Commence demain à {time} (dans {wait}), jusqu’à {end}",
        startsOn: "Commence le {date} à {time} (dans {wait}), jusqu’à {end}",
        join: "Rejoindre via {service}",
        minutesLeft: [.one: "{n} min", .other: "{n} min"],

        hoursSame: TextDraft(
            title: "Autant d’heures de réunion que la semaine dernière",
            body: "{now} en réunion ces 7 derniers jours, autant que la semaine précédente."),
        hoursFewer: TextDraft(
            title: "Moins d’heures de réunion cette semaine",
            body: "{now} en réunion ces 7 derniers jours, {difference} de moins que la semaine précédente ({before})."),
        hoursMore: TextDraft(
            title: "Plus d’heures de réunion cette semaine",
            body: "{now} en réunion ces 7 derniers jours, {difference} de plus que la semaine précédente ({before})."),
        mostlyDismissedTitle: "Tu as écarté la plupart des notifications",
        mostlyDismissed: [
            .one:
                "Tu as écarté {dismissed} notification sur {total} ces 7 derniers jours. Une autre heure ou moins de sources te conviendraient peut-être mieux.",
            .other:
                "Tu as écarté {dismissed} des {total} notifications auxquelles tu as réagi ces 7 derniers jours. Une autre heure ou moins de sources te conviendraient peut-être mieux.",
        ],
        readingTitle: "Ta lecture cette semaine",
        reading: [
            .one: "Tu as ouvert {opened} notification sur {total} ces 7 derniers jours, et tu en as écarté {dismissed}.",
            .other: "Tu as ouvert {opened} des {total} notifications auxquelles tu as réagi ces 7 derniers jours, et tu en as écarté {dismissed}.",
        ],
        allFreshTitle: "Tout était à jour cette semaine",
        allFresh: [
            .one: "Contenu à jour dans {n} notification sur {n} ces 7 derniers jours.",
            .other: "Contenu à jour dans les {n} notifications des 7 derniers jours.",
        ],
        someStaleTitle: "Des contenus n’étaient pas à jour",
        someStale: [
            .one:
                "Contenu ancien dans {stale} notification sur {delivered} ces 7 derniers jours. `tidings doctor` montre ce dont tes sources ont besoin.",
            .other:
                "Contenu ancien dans {stale} des {delivered} notifications des 7 derniers jours. `tidings doctor` montre ce dont tes sources ont besoin.",
        ],

        digestTitle: [.one: "{n} nouvel élément", .other: "{n} nouveaux éléments"],
        digestMeetings: [.one: "{n} réunion commence bientôt", .other: "{n} réunions commencent bientôt"],
        digestDailies: [.one: "{n} info du jour", .other: "{n} infos du jour"],
        digestWeeklies: [.one: "{n} résumé de la semaine", .other: "{n} résumés de la semaine"],
        digestTests: [.one: "{n} notification de test", .other: "{n} notifications de test"],
        digestOthers: [.one: "{n} notification", .other: "{n} notifications"]
    )
}
