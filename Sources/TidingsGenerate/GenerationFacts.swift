import TidingsCore

/// What a notification is about, as numbers and names: what the templates fill in, and what
/// another generator must keep true.
public enum GenerationFacts: Sendable, Equatable {
    case daily(DailyFacts)
    case weekly(WeekFacts)
    case meeting(MeetingFacts)
    case insight(InsightFacts)

    /// The kind of notification these facts are for.
    public var kind: NotificationKind {
        switch self {
        case .daily: .daily
        case .weekly: .weekly
        case .meeting: .meeting
        case .insight: .insight
        }
    }
}

/// The daily update: the content item chosen by the fallback chain, or no content at all.
public enum DailyFacts: Sendable, Equatable {
    /// A content item's own title and body (never translated); `staleAge` is how old it is at
    /// the due time when it is stale, nil when fresh.
    case content(title: String, body: String, staleAge: Int64?)
    /// No content: the configured emergency line when there is one, else the built-in line
    /// of the user's language for `date` (they rotate by day).
    case emergency(configuredLine: String?, date: LocalDate)
}

/// A wall-clock moment: a local date and time.
public struct LocalMoment: Sendable, Equatable {
    public var date: LocalDate
    public var time: WallTime

    /// The moment `time` on `date`.
    public init(date: LocalDate, time: WallTime) {
        self.date = date
        self.time = time
    }

    /// The local moment of `instant` in `zone` (to the minute).
    public init(_ instant: EpochMillis, in zone: Zone) {
        let (date, second) = zone.local(instant)
        self.date = date
        time = WallTime(hour: second / 3600, minute: second / 60 % 60) ?? .midnight
    }
}

/// A meeting reminder.
public struct MeetingFacts: Sendable, Equatable {
    /// The event's title (empty when it has none).
    public var title: String
    /// Whether it lasts all day.
    public var allDay: Bool
    /// Its start and end, local.
    public var start: LocalMoment
    public var end: LocalMoment
    /// When the reminder is due, local.
    public var due: LocalMoment
    /// Whole minutes from the due time to the start, rounded up.
    public var minutesUntilStart: Int
    /// The meeting service of its join link (`Zoom`), when it has one.
    public var service: String?
    /// Where it takes place, when it has no join link.
    public var location: String?

    /// The facts of one reminder.
    public init(
        title: String, allDay: Bool, start: LocalMoment, end: LocalMoment, due: LocalMoment, minutesUntilStart: Int,
        service: String?, location: String?
    ) {
        self.title = title
        self.allDay = allDay
        self.start = start
        self.end = end
        self.due = due
        self.minutesUntilStart = minutesUntilStart
        self.service = service
        self.location = location
    }
}

/// The weekly summary: the past seven days, the seven before them and the coming seven.
public struct WeekFacts: Sendable, Equatable {
    /// One week's timed meetings.
    public struct Week: Sendable, Equatable {
        /// How many.
        public var meetings = 0
        /// Their total length.
        public var millis: Int64 = 0
        /// Meeting time by ISO weekday (1 is Monday).
        public var byDay: [Int: Int64] = [:]
        /// The longest meeting's title and length.
        public var longest: Meeting?

        /// An empty week.
        public init() {}

        /// The weekday with the most meeting time (the earliest of equals), and that time.
        public var busiestDay: (weekday: Int, millis: Int64)? {
            byDay.max { ($0.value, -$0.key) < ($1.value, -$1.key) }.map { ($0.key, $0.value) }
        }

        /// The busiest day when no other day has as much meeting time.
        public var clearlyBusiestDay: Int? {
            guard let busiest = busiestDay, byDay.values.filter({ $0 == busiest.millis }).count == 1 else { return nil }
            return busiest.weekday
        }
    }

    /// A meeting's title and length.
    public struct Meeting: Sendable, Equatable {
        public var title: String
        public var millis: Int64

        /// A meeting called `title`, `millis` long.
        public init(title: String, millis: Int64) {
            self.title = title
            self.millis = millis
        }
    }

    /// The seven days before the summary.
    public var past = Week()
    /// The seven days before those.
    public var before = Week()
    /// The seven days after the summary.
    public var coming = Week()

    /// Empty weeks.
    public init() {}
}

/// A short observation drawn from the user's own history.
public enum InsightFacts: Sendable, Equatable {
    /// Meeting time in the past seven days against the seven before.
    case meetingHours(thisWeek: Int64, lastWeek: Int64, meetingsThisWeek: Int, meetingsLastWeek: Int)
    /// Of the updates the user acted on in the past seven days, how many were opened and how many dismissed.
    case engagement(opened: Int, dismissed: Int)
    /// Of the notifications delivered in the past seven days, how many showed stale or emergency text.
    case staleContent(stale: Int, delivered: Int)

    /// A stable name of what it is about (`meeting-hours`), so that the same one is not repeated.
    public var topic: String {
        switch self {
        case .meetingHours: "meeting-hours"
        case .engagement: "engagement"
        case .staleContent: "stale-content"
        }
    }
}
