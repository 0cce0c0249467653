import TidingsCalendar
import TidingsCore
import TidingsLinks

/// How important a meeting reminder is, for the pending cap: the least important wait.
///
/// | sign | points |
/// |---|---|
/// | a video-meeting link | +3 |
/// | a keyword in the title: interview, review, demo, client, customer, board, exam, deadline, launch, 1:1, one-on-one | +2 |
/// | longer than an hour | +1 |
/// | a location | +1 |
/// | organized by the user (`meetings.me`) | +1 |
/// | more than 10 attendees (a broadcast more than a meeting) | −1 |
/// | all day | −1 |
public enum Importance {
    /// Daily updates and weekly summaries rank with a meeting that has a link.
    public static let routine = 3
    /// Insights wait first when the cap is reached.
    public static let insight = 1
    /// A reminder the user added outranks anything planned (a meeting scores 8 at most): the
    /// user asked for it, so it waits in the backlog last.
    public static let reminder = 10

    static let keywords = ["interview", "review", "demo", "client", "customer", "board", "exam", "deadline", "launch", "1:1", "one-on-one"]
    private static let keywordBytes = keywords.map { Array($0.utf8) }

    /// The score of `event`, whose join link is `link`; `organizer` when the user organizes it.
    public static func score(of event: CalendarOccurrence, link: MeetingLink?, organizer: Bool = false) -> Int {
        var score = 0
        if link != nil { score += 3 }
        let title = Array(event.summary.lowercased().utf8)
        if keywordBytes.contains(where: title.containsBytes) { score += 2 }
        if event.end - event.start > 3_600_000 { score += 1 }
        if let location = event.location, !location.isEmpty { score += 1 }
        if organizer { score += 1 }
        if event.attendeeCount > 10 { score -= 1 }
        if event.allDay { score -= 1 }
        return score
    }
}
