import TidingsCore

/// The English templates.
struct EnglishPhrasebook: Phrasebook {
    let format: LocaleFormat
    let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    let hourUnit = "h"
    let minuteUnit = "min"

    func date(_ date: LocalDate) -> String {
        format.monthFirst
            ? "\(weekday(of: date)), \(month(of: date)) \(date.day)" : "\(weekday(of: date)) \(date.day) \(month(of: date))"
    }

    let emergencyTitle = "Your daily update"
    let emergencyLines = EmergencyMessages.builtIn

    func staleLabel(_ age: Int64, alone: Bool) -> String {
        let label = AgeLabel.text(ageMillis: age)
        return alone ? label.prefix(1).uppercased() + label.dropFirst() : label
    }

    func weekTitle(meetings: Int, hours: String) -> String { "Your week: \(Self.meetings(meetings)), \(hours)" }
    func busiestDay(_ day: String, hours: String) -> String { "Busiest day: \(day) (\(hours))." }
    func longestMeeting(_ title: String?, hours: String) -> String { "Longest: \(title ?? "a meeting") (\(hours))." }

    func change(fromWeekBefore difference: Int) -> String {
        difference == 0 ? "As many as the week before." : "\(abs(difference)) \(difference > 0 ? "more" : "fewer") than the week before."
    }

    func comingWeek(meetings: Int, hours: String, busiestDay: String?) -> String {
        "Coming week: \(Self.meetings(meetings)), \(hours)" + (busiestDay.map { ", \($0) busiest" } ?? "") + "."
    }

    let untitledMeeting = "Meeting"
    let allDayToday = "Today, all day"

    func starts(_ day: MeetingDay, at time: String, wait: String, until end: String) -> String {
        let when = switch day {
        case .today: ""
        case .tomorrow: "tomorrow "
        case .on(let date): "on \(date) "
        }
        return "Starts \(when)at \(time) (in \(wait)), until \(end)"
    }

    func join(_ service: String) -> String { "Join on \(service)" }

    func meetingHours(_ trend: Trend, now: String, before: String, difference: String) -> TextDraft {
        switch trend {
        case .same:
            TextDraft(title: "As many meeting hours as last week", body: "\(now) in meetings over the past 7 days, the same as the week before.")
        case .fewer, .more:
            TextDraft(
                title: trend == .fewer ? "Fewer meeting hours this week" : "More meeting hours this week",
                body: "\(now) in meetings over the past 7 days, \(difference) \(trend == .fewer ? "less" : "more") than the week before (\(before)).")
        }
    }

    func mostlyDismissed(_ dismissed: Int, of total: Int) -> TextDraft {
        TextDraft(
            title: "Most updates dismissed this week",
            body: "You dismissed \(dismissed) of the \(total) notifications you acted on in the past 7 days. Another daily time or fewer sources may suit you better.")
    }

    func reading(opened: Int, dismissed: Int, of total: Int) -> TextDraft {
        TextDraft(
            title: "Your reading this week",
            body: "You opened \(opened) of the \(total) notifications you acted on in the past 7 days, and dismissed \(dismissed).")
    }

    func allFresh(_ delivered: Int) -> TextDraft {
        TextDraft(title: "Everything was fresh this week", body: "All \(delivered) notifications of the past 7 days showed current content.")
    }

    func someStale(_ stale: Int, of delivered: Int) -> TextDraft {
        TextDraft(
            title: "Some updates were out of date",
            body: "\(stale) of the \(delivered) notifications of the past 7 days showed older content. `tidings doctor` shows what your sources need.")
    }

    /// `1 meeting`, `6 meetings`.
    private static func meetings(_ count: Int) -> String { count == 1 ? "1 meeting" : "\(count) meetings" }
}
