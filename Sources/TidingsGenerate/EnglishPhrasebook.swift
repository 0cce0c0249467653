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

    func daily(_ facts: DailyFacts) -> TextDraft {
        switch facts {
        case .content(let title, let body, let staleAge):
            guard let staleAge else { return TextDraft(title: title, body: body) }
            let label = AgeLabel.text(ageMillis: staleAge)
            return TextDraft(title: title, body: body.isEmpty ? label.prefix(1).uppercased() + label.dropFirst() : "\(body) (\(label))")
        case .emergency(let line, let date):
            return TextDraft(title: "Your daily update", body: line ?? EmergencyMessages.line(for: date, from: EmergencyMessages.builtIn))
        }
    }

    func weekly(_ facts: WeekFacts) -> TextDraft {
        let past = facts.past
        var parts: [String] = []
        if let busiest = past.busiestDay {
            parts.append("Busiest day: \(weekday(busiest.weekday)) (\(hours(busiest.millis))).")
        }
        if let longest = past.longest {
            parts.append("Longest: \(longest.title.isEmpty ? "a meeting" : Templates.shortTitle(longest.title)) (\(hours(longest.millis))).")
        }
        let change = past.meetings - facts.before.meetings
        parts.append(change == 0 ? "As many as the week before." : "\(abs(change)) \(change > 0 ? "more" : "fewer") than the week before.")
        var coming = "Coming week: \(meetings(facts.coming.meetings)), \(hours(facts.coming.millis))"
        if let day = facts.coming.clearlyBusiestDay { coming += ", \(weekday(day)) busiest" }
        parts.append(coming + ".")
        return TextDraft(title: "Your week: \(meetings(past.meetings)), \(hours(past.millis))", body: parts.joined(separator: " "))
    }

    func meeting(_ facts: MeetingFacts) -> TextDraft {
        var parts: [String] = []
        if facts.allDay {
            parts.append("Today, all day")
        } else {
            let days = facts.start.date.dayNumber - facts.due.date.dayNumber
            let day = days == 0 ? "" : days == 1 ? "tomorrow " : "on \(date(facts.start.date)) "
            let wait = facts.minutesUntilStart < 60 ? "\(facts.minutesUntilStart) min" : hours(Int64(facts.minutesUntilStart) * 60_000)
            parts.append("Starts \(day)at \(time(facts.start)) (in \(wait)), until \(time(facts.end))")
        }
        if let service = facts.service {
            parts.append("Join on \(service)")
        } else if let location = facts.location, !location.isEmpty {
            parts.append(location)
        }
        return TextDraft(title: facts.title.isEmpty ? "Meeting" : facts.title, body: parts.joined(separator: " · "))
    }

    func insight(_ facts: InsightFacts) -> TextDraft {
        switch facts {
        case .meetingHours(let now, let before, _, _):
            let difference = hours(abs(now - before))
            let title = now < before ? "Fewer meeting hours this week" : now > before ? "More meeting hours this week" : "As many meeting hours as last week"
            let change = now == before ? "the same as the week before" : "\(difference) \(now < before ? "less" : "more") than the week before (\(hours(before)))"
            return TextDraft(title: title, body: "\(hours(now)) in meetings over the past 7 days, \(change).")
        case .engagement(let opened, let dismissed):
            let total = opened + dismissed
            if dismissed > opened {
                return TextDraft(
                    title: "Most updates dismissed this week",
                    body: "You dismissed \(dismissed) of the \(total) notifications you acted on in the past 7 days. Another daily time or fewer sources may suit you better.")
            }
            return TextDraft(
                title: "Your reading this week",
                body: "You opened \(opened) of the \(total) notifications you acted on in the past 7 days, and dismissed \(dismissed).")
        case .staleContent(let stale, let delivered):
            if stale == 0 {
                return TextDraft(title: "Everything was fresh this week", body: "All \(delivered) notifications of the past 7 days showed current content.")
            }
            return TextDraft(
                title: "Some updates were out of date",
                body: "\(stale) of the \(delivered) notifications of the past 7 days showed older content. `tidings doctor` shows what your sources need.")
        }
    }

    func date(_ date: LocalDate) -> String {
        format.monthFirst
            ? "\(weekday(of: date)), \(month(of: date)) \(date.day)" : "\(weekday(of: date)) \(date.day) \(month(of: date))"
    }

    /// `1 meeting`, `6 meetings`.
    private func meetings(_ count: Int) -> String { count == 1 ? "1 meeting" : "\(count) meetings" }
}
