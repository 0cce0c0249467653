import TidingsCore

extension Phrases {
    /// Portuguese as written in Brazil, with `você`. `one` covers 0 and 1, as CLDR's `pt` rule
    /// says (`0 reunião`); European Portuguese would count 0 as plural.
    static let pt = Phrases(
        weekdays: ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"],
        months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
        hourUnit: "h",
        minuteUnit: "min",
        date: "{weekday}, {day} de {month}",
        firstDay: "1º",

        emergencyTitle: "Sua atualização do dia",
        emergencyLines: [
            "🌅 Bom dia! Vamos fazer de hoje um dia incrível?",
            "💪 Cada pequeno passo à frente conta. Você consegue!",
            "🎯 Concentre-se hoje no que você pode controlar.",
            "✨ Seu potencial é ilimitado. Continue crescendo!",
            "🌟 Progresso acima da perfeição, sempre.",
        ],
        staleMinutes: [.one: "atualizado há {n} min", .other: "atualizado há {n} min"],
        staleHours: [.one: "atualizado há {n} h", .other: "atualizado há {n} h"],
        staleDays: [.one: "atualizado há {n} dia", .other: "atualizado há {n} dias"],

        meetings: [.one: "{n} reunião", .other: "{n} reuniões"],
        weekTitle: "Sua semana: {meetings}, {hours}",
        busiestDay: "Dia mais cheio: {day} ({hours}).",
        longestMeeting: "A mais longa: {title} ({hours}).",
        longestUntitled: "sem título",
        sameAsWeekBefore: "O mesmo número da semana anterior.",
        moreThanWeekBefore: "{n} a mais que na semana anterior.",
        fewerThanWeekBefore: "{n} a menos que na semana anterior.",
        comingWeek: "Próxima semana: {meetings}, {hours}.",
        comingWeekBusiest: "Próxima semana: {meetings}, {hours}, {day} o dia mais cheio.",

        untitledMeeting: "Reunião",
        allDayToday: "Hoje, o dia todo",
        startsToday: "Começa às {time} (daqui a {wait}), termina às {end}",
        startsTomorrow: "Começa amanhã às {time} (daqui a {wait}), termina às {end}",
        startsOn: "Começa {date}, às {time} (daqui a {wait}), termina às {end}",
        join: "Entrar via {service}",
        minutesLeft: [.one: "{n} min", .other: "{n} min"],

        hoursSame: TextDraft(
            title: "As mesmas horas em reuniões da semana passada",
            body: "{now} em reuniões nos últimos 7 dias, o mesmo que na semana anterior."),
        hoursFewer: TextDraft(
            title: "Menos horas em reuniões esta semana",
            body: "{now} em reuniões nos últimos 7 dias, {difference} a menos que na semana anterior ({before})."),
        hoursMore: TextDraft(
            title: "Mais horas em reuniões esta semana",
            body: "{now} em reuniões nos últimos 7 dias, {difference} a mais que na semana anterior ({before})."),
        mostlyDismissedTitle: "Você dispensou a maioria esta semana",
        mostlyDismissed: [
            .one:
                "Você dispensou {dismissed} de {total} notificação a que reagiu nos últimos 7 dias. Outro horário ou menos fontes podem funcionar melhor.",
            .other:
                "Você dispensou {dismissed} das {total} notificações a que reagiu nos últimos 7 dias. Outro horário ou menos fontes podem funcionar melhor.",
        ],
        readingTitle: "Sua leitura esta semana",
        reading: [
            .one: "Você abriu {opened} de {total} notificação a que reagiu nos últimos 7 dias e dispensou {dismissed}.",
            .other: "Você abriu {opened} das {total} notificações a que reagiu nos últimos 7 dias e dispensou {dismissed}.",
        ],
        allFreshTitle: "Tudo estava atualizado esta semana",
        allFresh: [
            .one: "Conteúdo atual em {n} de {n} notificação nos últimos 7 dias.",
            .other: "Conteúdo atual nas {n} notificações dos últimos 7 dias.",
        ],
        someStaleTitle: "Parte do conteúdo estava desatualizada",
        someStale: [
            .one: "Conteúdo antigo em {stale} de {delivered} notificação nos últimos 7 dias. `tidings doctor` mostra do que suas fontes precisam.",
            .other:
                "Conteúdo antigo em {stale} das {delivered} notificações dos últimos 7 dias. `tidings doctor` mostra do que suas fontes precisam.",
        ],

        digestTitle: [.one: "{n} novo item", .other: "{n} novos itens"],
        digestMeetings: [.one: "{n} reunião começa em breve", .other: "{n} reuniões começam em breve"],
        digestDailies: [.one: "{n} atualização do dia", .other: "{n} atualizações do dia"],
        digestWeeklies: [.one: "{n} resumo semanal", .other: "{n} resumos semanais"],
        digestTests: [.one: "{n} notificação de teste", .other: "{n} notificações de teste"],
        digestOthers: [.one: "{n} notificação", .other: "{n} notificações"]
    )
}
