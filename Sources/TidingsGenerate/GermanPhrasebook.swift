import TidingsCore

/// The German templates.
struct GermanPhrasebook: Phrasebook {
    let format: LocaleFormat
    let weekdays = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    let months = [
        "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember",
    ]
    let hourUnit = "Std."
    let minuteUnit = "Min."

    /// The built-in emergency lines, in the order of the English ones.
    static let emergencyLines = [
        "Tief durchatmen: Neue Updates kommen, sobald deine Quellen wieder erreichbar sind.",
        "Gerade gibt es nichts Neues. Ein guter Moment, die erste Aufgabe des Tages zu planen.",
        "Deine Updates sind unterwegs. Bis dahin: ein Glas Wasser trinken.",
        "Es konnte nichts Neues geladen werden. Tidings holt es beim nächsten Lauf nach.",
        "Gerade offline. Kümmere dich um das eine, was heute am wichtigsten ist.",
    ]

    func daily(_ facts: DailyFacts) -> TextDraft {
        switch facts {
        case .content(let title, let body, let staleAge):
            guard let staleAge else { return TextDraft(title: title, body: body) }
            let label = ageLabel(staleAge)
            return TextDraft(title: title, body: body.isEmpty ? label : "\(body) (\(label))")
        case .emergency(let line, let date):
            return TextDraft(title: "Dein tägliches Update", body: line ?? EmergencyMessages.line(for: date, from: Self.emergencyLines))
        }
    }

    /// `Stand vor 3 Std.`, `Stand vor 2 Tagen`.
    func ageLabel(_ millis: Int64) -> String {
        let minutes = max(0, millis / 60_000)
        if minutes < 60 { return "Stand vor \(max(1, minutes)) Min." }
        let hours = minutes / 60
        if hours < 24 { return "Stand vor \(hours) Std." }
        let days = hours / 24
        return days == 1 ? "Stand vor 1 Tag" : "Stand vor \(days) Tagen"
    }

    func weekly(_ facts: WeekFacts) -> TextDraft {
        let past = facts.past
        var parts: [String] = []
        if let busiest = past.busiestDay {
            parts.append("Vollster Tag: \(weekday(busiest.weekday)) (\(hours(busiest.millis))).")
        }
        if let longest = past.longest {
            parts.append("Längster Termin: \(longest.title.isEmpty ? "ohne Titel" : Templates.shortTitle(longest.title)) (\(hours(longest.millis))).")
        }
        let change = past.meetings - facts.before.meetings
        parts.append(change == 0 ? "Gleich viele wie in der Vorwoche." : "\(abs(change)) \(change > 0 ? "mehr" : "weniger") als in der Vorwoche.")
        var coming = "Nächste Woche: \(meetings(facts.coming.meetings)), \(hours(facts.coming.millis))"
        if let day = facts.coming.clearlyBusiestDay { coming += ", \(weekday(day)) am vollsten" }
        parts.append(coming + ".")
        return TextDraft(title: "Deine Woche: \(meetings(past.meetings)), \(hours(past.millis))", body: parts.joined(separator: " "))
    }

    func meeting(_ facts: MeetingFacts) -> TextDraft {
        var parts: [String] = []
        if facts.allDay {
            parts.append("Heute, ganztägig")
        } else {
            let days = facts.start.date.dayNumber - facts.due.date.dayNumber
            let day = days == 0 ? "" : days == 1 ? "morgen " : "am \(date(facts.start.date)) "
            let wait = facts.minutesUntilStart < 60 ? "\(facts.minutesUntilStart) Min." : hours(Int64(facts.minutesUntilStart) * 60_000)
            parts.append("Beginnt \(day)um \(time(facts.start)) (in \(wait)), bis \(time(facts.end))")
        }
        if let service = facts.service {
            parts.append("Über \(service) teilnehmen")
        } else if let location = facts.location, !location.isEmpty {
            parts.append(location)
        }
        return TextDraft(title: facts.title.isEmpty ? "Termin" : facts.title, body: parts.joined(separator: " · "))
    }

    func insight(_ facts: InsightFacts) -> TextDraft {
        switch facts {
        case .meetingHours(let now, let before, _, _):
            let title = now < before ? "Weniger Zeit in Terminen" : now > before ? "Mehr Zeit in Terminen" : "So viel Zeit in Terminen wie letzte Woche"
            let change = now == before
                ? "so viel wie in der Woche davor" : "\(hours(abs(now - before))) \(now < before ? "weniger" : "mehr") als in der Woche davor (\(hours(before)))"
            return TextDraft(title: title, body: "\(hours(now)) in Terminen in den letzten 7 Tagen, \(change).")
        case .engagement(let opened, let dismissed):
            let total = opened + dismissed
            if dismissed > opened {
                return TextDraft(
                    title: "Die meisten Updates verworfen",
                    body: "Du hast \(dismissed) der \(total) Benachrichtigungen der letzten 7 Tage verworfen, auf die du reagiert hast. Eine andere Uhrzeit oder weniger Quellen passen vielleicht besser.")
            }
            return TextDraft(
                title: "Dein Lesen diese Woche",
                body: "Du hast \(opened) der \(total) Benachrichtigungen der letzten 7 Tage geöffnet, auf die du reagiert hast, und \(dismissed) verworfen.")
        case .staleContent(let stale, let delivered):
            if stale == 0 {
                return TextDraft(title: "Diese Woche war alles aktuell", body: "Alle \(delivered) Benachrichtigungen der letzten 7 Tage zeigten aktuelle Inhalte.")
            }
            return TextDraft(
                title: "Einige Updates waren veraltet",
                body: "\(stale) der \(delivered) Benachrichtigungen der letzten 7 Tage zeigten ältere Inhalte. `tidings doctor` zeigt, was deine Quellen brauchen.")
        }
    }

    func date(_ date: LocalDate) -> String { "\(weekday(of: date)), \(date.day). \(month(of: date))" }

    /// `1 Termin`, `6 Termine`.
    private func meetings(_ count: Int) -> String { count == 1 ? "1 Termin" : "\(count) Termine" }
}
