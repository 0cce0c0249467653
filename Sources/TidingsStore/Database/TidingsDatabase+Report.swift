import TidingsCore

/// The raw counts behind the rates, for one window.
public struct ReportCounts: Sendable, Equatable {
    /// Fetch attempts started in the window, by outcome.
    public var fetchOutcomes: [FetchOutcome: Int] = [:]
    /// Fetch attempts started in the window with an outcome this version does not know (a
    /// newer version wrote it): they count among the attempts, never as successes.
    public var unknownFetchOutcomes = 0
    /// Notifications due in the window, by state.
    public var notificationStates: [NotificationState: Int] = [:]
    /// Notifications due in the window that reached the user, by staleness.
    public var deliveredStaleness: [Staleness: Int] = [:]
    /// Notifications scheduled in the window that reached at least one channel that reports
    /// engagement, each counted once however many such channels it reached.
    public var engageableNotifications = 0
    /// Of those, the ones the user tapped (on any of those channels; once however many).
    public var tapped = 0
    /// Snoozes of notifications scheduled in the window (`tidings inbox snooze`), on any
    /// channel: engagement of its own kind, outside the engagement rate (the item comes back,
    /// and what the user does with it then is what the rate counts).
    public var snoozed = 0
    /// Repeats of notifications scheduled in the window that nag until seen (`NagRule`), on
    /// any channel, that went through: outside every rate (the item counts once).
    public var nagRepeats = 0
    /// Notifications due in the window (except cancelled ones) whose text a generator wrote,
    /// by generator name (`template`, `llm`, `llm-fallback`, the reason left off).
    public var generators: [String: Int] = [:]

    /// Notifications due in the window that the pending cap kept back until they were missed
    /// or expired.
    public var capped = 0

    /// Suspected duplicate sends of notifications due in the window: legs sent by a worker
    /// whose claim another worker had taken over meanwhile (its lease had expired), whose
    /// outcome was refused and kept in `staleOutcome`; the later worker may have sent the
    /// same leg again (a webhook with the same idempotency key).
    public var suspectedDuplicates = 0

    /// Empty counts.
    public init() {}
}

extension TidingsDatabase {
    /// Counts fetch attempts started, and notifications due, in `from ..< until`;
    /// engagement over the notifications delivered on at least one of `engagementChannels`.
    public func reportCounts(from: EpochMillis, until: EpochMillis, engagementChannels: [ChannelName]) throws(StoreError) -> ReportCounts {
        try snapshot("count history") { db in
            var counts = ReportCounts()
            let window = [from.storeValue, until.storeValue]
            for row in try db.rows("SELECT outcome, count(*) FROM fetchAttempt WHERE startedAt >= ? AND startedAt < ? GROUP BY outcome", window) {
                let n = try row.decode(1, as: Int.self)
                if let outcome = FetchOutcome(rawValue: try row.decode(0, as: String.self)) {
                    counts.fetchOutcomes[outcome, default: 0] += n
                } else {
                    counts.unknownFetchOutcomes += n
                }
            }
            // The running totals of v25 (ReportTally): whole days summed, the partial first
            // and last day counted from the rows, so the cost does not grow with the history.
            let figures = try notificationFigures(db, from: from, until: until)
            for (state, byStaleness) in figures.states {
                for (staleness, n) in byStaleness where n != 0 {
                    counts.notificationStates[state, default: 0] += n
                    if state.reachedUser { counts.deliveredStaleness[staleness, default: 0] += n }
                }
            }
            counts.generators = figures.generators
            counts.capped = figures.capped
            if !engagementChannels.isEmpty {
                let engagement = try engagementCounts(db, from: from, until: until, channels: engagementChannels)
                counts.engageableNotifications = engagement.notifications
                counts.tapped = engagement.tapped
            }
            counts.snoozed = try db.value(Self.snoozedCountSQL(db.dialect), window, as: Int.self) ?? 0
            counts.nagRepeats =
                try db.value(
                    """
                    SELECT count(*) FROM delivery \(db.dialect.indexedBy("delivery_repeated"))
                    WHERE scheduledTime >= ? AND scheduledTime < ? AND outcome = 'repeated' AND failureReason IS NULL
                    """, window, as: Int.self) ?? 0
            counts.suspectedDuplicates =
                try db.value(
                    "SELECT count(*) FROM staleOutcome WHERE scheduledTime >= ? AND scheduledTime < ?", window,
                    as: Int.self) ?? 0
            return counts
        }
    }
}

extension TidingsDatabase {
    /// The channels whose deliveries the `delivery_engageable` index (v13) holds.
    static let engageableIndexChannels: Set<ChannelName> = [.desktop, .inbox]

    /// Notifications scheduled in `from ..< until` delivered on at least one of `channels`,
    /// and how many of them were tapped. One notification routed to the desktop and the inbox
    /// is one chance to engage, not two, and a tap on either counts once. The legs of one
    /// version of a notification share its due time, so they are grouped on (due time, id):
    /// with the default channels that is one range of `delivery_engageable`, read in its
    /// order without a sort; other channels take the same query over another index.
    func engagementCounts(
        _ db: any StoreConnection, from: EpochMillis, until: EpochMillis, channels: [ChannelName]
    ) throws -> (notifications: Int, tapped: Int) {
        let indexed = Set(channels) == Self.engageableIndexChannels
        let values = (indexed ? [] : channels.map(\.storeValue)) + [from.storeValue, until.storeValue]
        let row = try db.row(Self.engagementCountSQL(channels: channels, dialect: db.dialect), values)
        return (try row?.decode(0, as: Int.self) ?? 0, try row?.decode(1, as: Int.self) ?? 0)
    }

    /// Snoozes of deliveries scheduled in the window (its start and end, the arguments),
    /// whatever became of the rows (a snoozed entry is `replaced` once the item comes back):
    /// one snooze marks the legs of one version (desktop and inbox), which share its due time,
    /// so they are grouped on (due time, id), in the order of the small `delivery_snoozed` index (v18).
    public static func snoozedCountSQL(_ dialect: SQLDialect) -> String {
        """
        SELECT count(*) FROM (
            SELECT 1 FROM delivery \(dialect.indexedBy("delivery_snoozed"))
            WHERE engagement = 'SNOOZED' AND scheduledTime >= ? AND scheduledTime < ?
            GROUP BY scheduledTime, notificationId) AS snoozes
        """
    }

    /// The statement behind `engagementCounts`: its arguments are the window's start and end,
    /// after the channels when they are not those of `delivery_engageable`.
    public static func engagementCountSQL(channels: [ChannelName], dialect: SQLDialect) -> String {
        let indexed = Set(channels) == engageableIndexChannels
        // The partial index is used only when the query names its channels as it does.
        let channelTest =
            indexed ? "channel IN ('desktop', 'inbox')" : "channel IN (\(Array(repeating: "?", count: channels.count).joined(separator: ",")))"
        return """
            SELECT count(*), coalesce(sum(tapped), 0) FROM (
                SELECT \(dialect.anyRow("engagement = 'TAPPED'")) AS tapped FROM delivery \(indexed ? dialect.indexedBy("delivery_engageable") : "")
                WHERE outcome = 'delivered' AND \(channelTest) AND scheduledTime >= ? AND scheduledTime < ?
                GROUP BY scheduledTime, notificationId) AS legs
            """
    }
}
