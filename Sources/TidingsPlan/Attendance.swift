import TidingsCalendar
import TidingsCore

/// Whether the user takes part in an event, by their answer to its invitation: an event they
/// declined (or, with `meetings.skip_tentative`, answered tentatively) gets no reminder and is
/// left out of the weekly summary.
///
/// The user is whoever `meetings.me` names. An event they organize always counts. Otherwise
/// it is skipped when they are among its attendees and every one of their ATTENDEE entries
/// (one per address) says DECLINED (or TENTATIVE): answering yes from one address is enough to
/// count. Only the first `ICalendar.maxAttendees` entries are read.
struct Attendance: Sendable {
    /// The user's addresses, normalized by `CalendarAddress`.
    let me: Set<String>
    /// The PARTSTAT values that skip an event.
    let skipped: Set<String>

    /// The rule `config.meetings` sets.
    init(config: TidingsConfig) {
        me = Set(config.meetings.me.compactMap(CalendarAddress.normalized))
        skipped = config.meetings.skipTentative ? ["DECLINED", "TENTATIVE"] : ["DECLINED"]
    }

    /// Whether the user organizes `event` (one of `meetings.me` is its ORGANIZER).
    func organizes(_ event: CalendarOccurrence) -> Bool {
        event.organizer.map(me.contains) == true
    }

    /// Whether `event` is one the user does not attend.
    func skips(_ event: CalendarOccurrence) -> Bool {
        guard !me.isEmpty else { return false }
        if organizes(event) { return false }
        let answers = event.attendees.filter { me.contains($0.address) }.map(\.partstat)
        return !answers.isEmpty && answers.allSatisfy { $0.map(skipped.contains) == true }
    }
}
