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

    func date(_ date: LocalDate) -> String { "\(weekday(of: date)), \(date.day). \(month(of: date))" }

    let emergencyTitle = "Dein tägliches Update"
    var emergencyLines: [String] { Self.builtInLines }

    /// The built-in emergency lines, in the order of the English ones.
    static let builtInLines = [
        "Tief durchatmen: Neue Updates kommen, sobald deine Quellen wieder erreichbar sind.",
        "Gerade gibt es nichts Neues. Ein guter Moment, die erste Aufgabe des Tages zu planen.",
        "Deine Updates sind unterwegs. Bis dahin: ein Glas Wasser trinken.",
        "Es konnte nichts Neues geladen werden. Tidings holt es beim nächsten Lauf nach.",
        "Gerade offline. Kümmere dich um das eine, was heute am wichtigsten ist.",
    ]

    /// `Stand vor 3 Std.`, `Stand vor 2 Tagen` (the same alone or after the body).
    func staleLabel(_ age: Int64, alone: Bool) -> String {
        let minutes = max(0, age / 60_000)
        if minutes < 60 { return "Stand vor \(max(1, minutes)) Min." }
        let hours = minutes / 60
        if hours < 24 { return "Stand vor \(hours) Std." }
        let days = hours / 24
        return days == 1 ? "Stand vor 1 Tag" : "Stand vor \(days) Tagen"
    }

    func weekTitle(meetings: Int, hours: String) -> String { "Deine Woche: \(Self.meetings(meetings)), \(hours)" }
    func busiestDay(_ day: String, hours: String) -> String { "Vollster Tag: \(day) (\(hours))." }
    func longestMeeting(_ title: String?, hours: String) -> String { "Längster Termin: \(title ?? "ohne Titel") (\(hours))." }

    func change(fromWeekBefore difference: Int) -> String {
        difference == 0 ? "Gleich viele wie in der Vorwoche." : "\(abs(difference)) \(difference > 0 ? "mehr" : "weniger") als in der Vorwoche."
    }

    func comingWeek(meetings: Int, hours: String, busiestDay: String?) -> String {
        "Nächste Woche: \(Self.meetings(meetings)), \(hours)" + (busiestDay.map { ", \($0) am vollsten" } ?? "") + "."
    }

    let untitledMeeting = "Termin"
    let allDayToday = "Heute, ganztägig"

    func starts(_ day: MeetingDay, at time: String, wait: String, until end: String) -> String {
        let when = switch day {
        case .today: ""
        case .tomorrow: "morgen "
        case .on(let date): "am \(date) "
        }
        return "Beginnt \(when)um \(time) (in \(wait)), bis \(end)"
    }

    func join(_ service: String) -> String { "Über \(service) teilnehmen" }

    func meetingHours(_ trend: Trend, now: String, before: String, difference: String) -> TextDraft {
        switch trend {
        case .same:
            TextDraft(title: "So viel Zeit in Terminen wie letzte Woche", body: "\(now) in Terminen in den letzten 7 Tagen, so viel wie in der Woche davor.")
        case .fewer, .more:
            TextDraft(
                title: trend == .fewer ? "Weniger Zeit in Terminen" : "Mehr Zeit in Terminen",
                body: "\(now) in Terminen in den letzten 7 Tagen, \(difference) \(trend == .fewer ? "weniger" : "mehr") als in der Woche davor (\(before)).")
        }
    }

    func mostlyDismissed(_ dismissed: Int, of total: Int) -> TextDraft {
        TextDraft(
            title: "Die meisten Updates verworfen",
            body: "Du hast \(dismissed) der \(total) Benachrichtigungen der letzten 7 Tage verworfen, auf die du reagiert hast. Eine andere Uhrzeit oder weniger Quellen passen vielleicht besser.")
    }

    func reading(opened: Int, dismissed: Int, of total: Int) -> TextDraft {
        TextDraft(
            title: "Dein Lesen diese Woche",
            body: "Du hast \(opened) der \(total) Benachrichtigungen der letzten 7 Tage geöffnet, auf die du reagiert hast, und \(dismissed) verworfen.")
    }

    func allFresh(_ delivered: Int) -> TextDraft {
        TextDraft(title: "Diese Woche war alles aktuell", body: "Alle \(delivered) Benachrichtigungen der letzten 7 Tage zeigten aktuelle Inhalte.")
    }

    func someStale(_ stale: Int, of delivered: Int) -> TextDraft {
        TextDraft(
            title: "Einige Updates waren veraltet",
            body: "\(stale) der \(delivered) Benachrichtigungen der letzten 7 Tage zeigten ältere Inhalte. `tidings doctor` zeigt, was deine Quellen brauchen.")
    }

    /// `1 Termin`, `6 Termine`.
    private static func meetings(_ count: Int) -> String { count == 1 ? "1 Termin" : "\(count) Termine" }
}
