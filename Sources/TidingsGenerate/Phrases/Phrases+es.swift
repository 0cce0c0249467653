import TidingsCore

extension Phrases {
    /// Spanish, with the informal `tú`.
    static let es = Phrases(
        weekdays: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
        months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
        hourUnit: "h",
        minuteUnit: "min",
        date: "{weekday}, {day} de {month}",

        emergencyTitle: "Tu resumen del día",
        emergencyLines: [
            "🌅 ¡Buenos días! ¿Todo listo para hacer de hoy un día increíble?",
            "💪 Cada pequeño paso adelante cuenta. ¡Tú puedes!",
            "🎯 Céntrate hoy en lo que puedes controlar.",
            "✨ Tu potencial es ilimitado. ¡Sigue creciendo!",
            "🌟 El progreso antes que la perfección, siempre.",
        ],
        staleMinutes: [.one: "actualizado hace {n} min", .other: "actualizado hace {n} min"],
        staleHours: [.one: "actualizado hace {n} h", .other: "actualizado hace {n} h"],
        staleDays: [.one: "actualizado hace {n} día", .other: "actualizado hace {n} días"],

        meetings: [.one: "{n} reunión", .other: "{n} reuniones"],
        weekTitle: "Tu semana: {meetings}, {hours}",
        busiestDay: "Día más ocupado: {day} ({hours}).",
        longestMeeting: "La más larga: {title} ({hours}).",
        longestUntitled: "sin título",
        sameAsWeekBefore: "Las mismas que la semana anterior.",
        moreThanWeekBefore: "{n} más que la semana anterior.",
        fewerThanWeekBefore: "{n} menos que la semana anterior.",
        comingWeek: "Próxima semana: {meetings}, {hours}.",
        comingWeekBusiest: "Próxima semana: {meetings}, {hours}, sobre todo el {day}.",

        untitledMeeting: "Reunión",
        allDayToday: "Hoy, todo el día",
        startsToday: "Empieza a las {time} (en {wait}), hasta las {end}",
        startsTomorrow: "Empieza mañana a las {time} (en {wait}), hasta las {end}",
        startsOn: "Empieza el {date}, a las {time} (en {wait}), hasta las {end}",
        join: "Únete por {service}",
        minutesLeft: [.one: "{n} min", .other: "{n} min"],

        hoursSame: TextDraft(
            title: "Las mismas horas de reunión que la semana pasada",
            body: "{now} en reuniones en los últimos 7 días, lo mismo que la semana anterior."),
        hoursFewer: TextDraft(
            title: "Menos horas de reunión esta semana",
            body: "{now} en reuniones en los últimos 7 días, {difference} menos que la semana anterior ({before})."),
        hoursMore: TextDraft(
            title: "Más horas de reunión esta semana",
            body: "{now} en reuniones en los últimos 7 días, {difference} más que la semana anterior ({before})."),
        mostlyDismissedTitle: "Descartaste la mayoría esta semana",
        mostlyDismissed: [
            .one: "Descartaste la única notificación a la que respondiste en los últimos 7 días. Quizá te convenga otra hora o menos fuentes.",
            .other:
                "Descartaste {dismissed} de las {total} notificaciones a las que respondiste en los últimos 7 días. Quizá te convenga otra hora o menos fuentes.",
        ],
        readingTitle: "Tu lectura esta semana",
        reading: [
            .one: "Abriste la única notificación a la que respondiste en los últimos 7 días.",
            .other: "Abriste {opened} de las {total} notificaciones a las que respondiste en los últimos 7 días, y descartaste {dismissed}.",
        ],
        allFreshTitle: "Todo estuvo al día esta semana",
        allFresh: [
            .one: "Contenido actual en la única notificación de los últimos 7 días.",
            .other: "Contenido actual en las {n} notificaciones de los últimos 7 días.",
        ],
        someStaleTitle: "Hubo contenido desactualizado",
        someStale: [
            .one: "Contenido antiguo en la única notificación de los últimos 7 días. `tidings doctor` muestra lo que necesitan tus fuentes.",
            .other:
                "Contenido antiguo en {stale} de las {delivered} notificaciones de los últimos 7 días. `tidings doctor` muestra lo que necesitan tus fuentes.",
        ],

        digestTitle: [.one: "{n} elemento nuevo", .other: "{n} elementos nuevos"],
        digestMeetings: [.one: "{n} reunión empieza pronto", .other: "{n} reuniones empiezan pronto"],
        digestDailies: [.one: "{n} resumen del día", .other: "{n} resúmenes del día"],
        digestWeeklies: [.one: "{n} resumen semanal", .other: "{n} resúmenes semanales"],
        digestTests: [.one: "{n} notificación de prueba", .other: "{n} notificaciones de prueba"],
        digestOthers: [.one: "{n} notificación", .other: "{n} notificaciones"]
    )
}
