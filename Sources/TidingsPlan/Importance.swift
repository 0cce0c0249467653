import TidingsCalendar
import TidingsCore
import TidingsLinks

/// How important an item is, for the pending cap: the least important wait. A priority is
/// counted in tenths of a point (`unit`), so a meeting's extras can break ties between
/// meetings of the same score without ever reversing two scores.
///
/// A meeting reminder's score is the specification's:
///
/// | fact | points |
/// |---|---|
/// | a meeting link | +10 |
/// | a keyword in the title: interview, review, presentation, demo, client (any case) | +5 |
/// | longer than 60 minutes | +3 |
/// | a location | +2 |
///
/// and the extras, a tenth of a point each, as tie-breakers between meetings of the same
/// score (together they move a priority by at most −0.2 … +0.1 points, less than the one
/// point between two different scores):
///
/// | extra | tenths |
/// |---|---|
/// | organized by the user (`meetings.me`) | +1 |
/// | more than 10 attendees (a broadcast more than a meeting) | −1 |
/// | all day | −1 |
public enum Importance {
    /// Tenths of a point: a priority is `unit` times the points, plus the extras' tenths.
    public static let unit = 10
    /// Daily updates, weekly summaries and schedule entries rank with a meeting that has a
    /// link and nothing else (10 points).
    public static let routine = 10 * unit
    /// Insights wait first when the cap is reached (1 point).
    public static let insight = 1 * unit
    /// A reminder the user added outranks anything planned (a meeting scores 20 points and
    /// one tenth at most): the user asked for it, so it waits in the backlog last (30 points).
    public static let reminder = 30 * unit

    /// The keywords of the specification, found anywhere in the title in any case.
    static let keywords = ["interview", "review", "presentation", "demo", "client"]
    private static let keywordBytes = keywords.map { Array($0.utf8) }

    /// The facts the specification scores a meeting by.
    public struct Facts: Hashable, Sendable, CaseIterable {
        /// It has a meeting link.
        public var link: Bool
        /// Its title holds one of `keywords`.
        public var keyword: Bool
        /// It lasts longer than 60 minutes.
        public var long: Bool
        /// It has a location.
        public var location: Bool

        /// The facts given.
        public init(link: Bool, keyword: Bool, long: Bool, location: Bool) {
            self.link = link
            self.keyword = keyword
            self.long = long
            self.location = location
        }

        /// The facts of `event`, whose join link is `link`. The keyword is looked for in the
        /// title only: a description is often an invitation's boilerplate ("review the
        /// agenda", a meeting service's text) that would raise nearly every meeting.
        public init(of event: CalendarOccurrence, link: MeetingLink?) {
            self.link = link != nil
            let title = Array(event.summary.lowercased().utf8)
            keyword = Importance.keywordBytes.contains(where: title.containsBytes)
            long = event.end - event.start > 3_600_000
            location = event.location.map { !$0.isEmpty } ?? false
        }

        /// The specification's score: link 10, keyword 5, longer than 60 minutes 3, location 2.
        public var score: Int { (link ? 10 : 0) + (keyword ? 5 : 0) + (long ? 3 : 0) + (location ? 2 : 0) }

        /// All sixteen combinations.
        public static let allCases: [Facts] = (0..<16).map { bits in
            Facts(link: bits & 8 != 0, keyword: bits & 4 != 0, long: bits & 2 != 0, location: bits & 1 != 0)
        }
    }

    /// The tie-breaking tenths of `event`: +1 when the user organizes it, −1 for more than 10
    /// attendees, −1 all day; from −2 to +1, always less than one point.
    public static func extras(of event: CalendarOccurrence, organizer: Bool = false) -> Int {
        (organizer ? 1 : 0) - (event.attendeeCount > 10 ? 1 : 0) - (event.allDay ? 1 : 0)
    }

    /// The priority of `event`, whose join link is `link`; `organizer` when the user
    /// organizes it: its score in tenths, plus its extras.
    public static func priority(of event: CalendarOccurrence, link: MeetingLink?, organizer: Bool = false) -> Int {
        Facts(of: event, link: link).score * unit + extras(of: event, organizer: organizer)
    }
}
