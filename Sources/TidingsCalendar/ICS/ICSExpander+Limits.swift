import TidingsCore

extension ICalendar {
    /// The most recurrence steps spent on one calendar, over all its rules: the bound that makes
    /// a large calendar give the same plan under any load (rules past it are cut, in file order).
    public static let maxStepsPerCalendar = 1_000_000
    /// The wall-clock limit on expanding one calendar: a last safety net, far above what
    /// `maxStepsPerCalendar` lets a calendar take on a working machine.
    public static let timeLimit: Duration = .seconds(10)
}

/// The work one expansion may still do, shared by every rule of the calendar (a class: the
/// rules' iterators count down while the expander's own state is being changed).
final class ICSWork {
    /// The steps it started with.
    let maxSteps: Int
    /// Recurrence steps left.
    private(set) var stepsLeft: Int
    /// The time it started with.
    let timeLimit: Duration
    /// When the time limit, the safety net, runs out.
    let deadline: ContinuousClock.Instant
    /// Which calendar-wide limit cut the expansion, if one did.
    private(set) var cut: String?

    init(steps: Int, timeLimit: Duration) {
        maxSteps = steps
        stepsLeft = steps
        self.timeLimit = timeLimit
        deadline = ContinuousClock.now.advanced(by: timeLimit)
    }

    /// Takes one step; false once the calendar's steps are spent.
    func step() -> Bool {
        guard stepsLeft > 0 else {
            if cut == nil { cut = "its limit of \(maxSteps) recurrence steps per calendar" }
            return false
        }
        stepsLeft -= 1
        return true
    }

    /// Whether the time limit has passed (looked at now and then; it decides nothing on a
    /// machine that keeps up).
    func outOfTime() -> Bool {
        guard ContinuousClock.now > deadline else { return false }
        if cut?.hasPrefix("its time limit") != true {
            cut =
                "its time limit of \(timeLimit.components.seconds) s, a safety net (the machine was slow or busy: the plan may differ from run to run)"
        }
        return true
    }
}

extension ICalendar {
    /// The most occurrences one calendar may have in the window a plan expands: past it the
    /// calendar is refused for that plan (its reminders already planned stay), before the
    /// occurrences fill memory. 1,000 weekly meetings have about 55,000 in the window of a 365-day plan.
    public static let maxOccurrencesPerCalendar = 100_000
}

extension ICSExpander {
    /// Why a calendar with more than `maxOccurrences` occurrences in the window is refused.
    func tooManyError(events: Int) -> CalendarError {
        let days = max(1, (until - from + 86_399_999) / 86_400_000)
        return CalendarError(
            "its \(events) events have more than \(maxOccurrences) occurrences in the \(days) days expanded, "
                + "the limit per calendar")
    }
}
