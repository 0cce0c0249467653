import TidingsCore

/// A meeting ahead with a join link, as its reminders in the database describe it: what
/// `tidings next` shows and `tidings join` opens.
public struct NextMeeting: Sendable, Equatable {
    /// The event's title.
    public var title: String
    /// When it starts and ends.
    public var start: EpochMillis
    public var end: EpochMillis
    /// What the reminder's action opens: the app form when the app was installed at plan
    /// time, else the https link.
    public var link: String
    /// The join link in its https form.
    public var url: String
    /// The reminder the facts were read from.
    public var reminderID: String

    /// A meeting as read.
    public init(title: String, start: EpochMillis, end: EpochMillis, link: String, url: String, reminderID: String) {
        self.title = title
        self.start = start
        self.end = end
        self.link = link
        self.url = url
        self.reminderID = reminderID
    }
}

extension TidingsDatabase {
    /// How long after its start a meeting still comes before the next one: joining late is
    /// likelier than joining a meeting that began long ago.
    public static let lateJoinWindow: Int64 = 10 * 60_000

    /// The next meeting with a join link at `now`, from the meeting reminders alone (no
    /// calendar is read): of the timed meetings that have not ended, the first to start
    /// from `lateJoinWindow` ago on; else the one in progress that began last. Nil when none.
    ///
    /// A meeting is known by its reminders (one per lead time, sharing their `occurrence`), in any
    /// state: a reminder already sent still names a meeting to join. The most recently
    /// updated one speaks for the meeting, so that a move or a new link counts and a meeting
    /// whose reminders `plan` cancelled (the event was removed) is gone; one the user
    /// cancelled or merged (`tidings pending`) still takes place. All-day events are left out.
    public func nextMeeting(at now: EpochMillis) throws(StoreError) -> NextMeeting? {
        let rows = try snapshot("read meeting reminders") { db in
            // A reminder expires at its meeting's start: two days back covers any meeting
            // still in progress but the longest.
            try db.rows(
                """
                SELECT * FROM notification
                WHERE kind = 'meeting' AND startsAt IS NOT NULL AND isAllDay = 0
                  AND (expiresAt IS NULL OR expiresAt > ?)
                ORDER BY updatedAt DESC, revision DESC, id
                """,
                [(now - 2 * 86_400_000).storeValue]
            ).map(NotificationRecord.init(store:))
        }
        var seen = Set<String>()
        var meetings: [NextMeeting] = []
        for row in rows {
            guard seen.insert(row.occurrence ?? row.id).inserted else { continue }
            if row.state == .cancelled && !row.isHeldByUser { continue }
            guard let meeting = Self.meeting(of: row), meeting.end > now else { continue }
            meetings.append(meeting)
        }
        let order: (NextMeeting, NextMeeting) -> Bool = { ($0.start, $0.title, $0.reminderID) < ($1.start, $1.title, $1.reminderID) }
        if let next = meetings.filter({ $0.start >= now - Self.lateJoinWindow }).min(by: order) { return next }
        return meetings.max(by: order)
    }

    /// The facts of `row`'s meeting, from its typed columns (`startsAt`, `endsAt`,
    /// `eventTitle`, `joinURL`, as `plan` writes them); nil without a join link.
    static func meeting(of row: NotificationRecord) -> NextMeeting? {
        guard let link = row.deepLink, !link.isEmpty, let start = row.startsAt, let end = row.endsAt, let title = row.eventTitle
        else { return nil }
        return NextMeeting(title: title, start: start, end: max(end, start), link: link, url: row.joinURL ?? link, reminderID: row.id)
    }
}
