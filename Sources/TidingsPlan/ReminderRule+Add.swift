import TidingsCore
import TidingsStore

/// A reminder as the user asked for it, its options checked: what `tidings add` stores.
public struct NewReminder: Sendable, Equatable {
    /// The title, cleaned and checked (`UserText.title`).
    public var title: String
    /// The body, cleaned and checked; may be empty.
    public var body: String
    /// Its category: the route, and whether quiet hours move it.
    public var category: Category
    /// What it opens, allowed by `LinkPolicy`.
    public var deepLink: String?
    /// The channels chosen for it alone; empty: its category's route.
    public var channels: [ChannelName]
    /// When it is due (the first occurrence of a repeat), a whole minute, before quiet hours.
    public var at: EpochMillis
    /// What a one-off reminder keeps when the zone changes: its wall time (`--at`) or its
    /// instant (`--in`). A repeat keeps its wall time.
    public var anchor: TimeAnchor
    /// How it repeats; nil: once.
    public var repetition: Repetition?
    /// No occurrence after this.
    public var until: EpochMillis?
    /// How it nags until seen (`--nag`); nil: as its category's or kind's `[nag]` rule says.
    public var nag: NagRule?

    /// Creates a reminder.
    public init(
        title: String, body: String, category: Category, deepLink: String?, channels: [ChannelName], at: EpochMillis,
        anchor: TimeAnchor = .wall, repetition: Repetition?, until: EpochMillis?, nag: NagRule? = nil
    ) {
        self.nag = nag
        self.anchor = anchor
        self.title = title
        self.body = body
        self.category = category
        self.deepLink = deepLink
        self.channels = channels
        self.at = at
        self.repetition = repetition
        self.until = until
    }
}

extension ReminderRule {
    /// Stores `reminder` under a new id and returns the id and its first notification as
    /// stored (nil when a repeat has none within `horizon`). A one-off reminder is one
    /// notification; a repeat stores its rule and the occurrences within `horizon`, and each
    /// plan run creates the next ones. They take their places under `cap` at once, by the
    /// rule plan follows (`TidingsDatabase.placeUnderCap`): pending, or in the backlog.
    public func add(
        _ reminder: NewReminder, database: TidingsDatabase, now: EpochMillis, zone: Zone, horizon: Int64, cap: PendingCap
    ) throws(StoreError) -> (id: String, first: NotificationRecord?) {
        let (id, first) = try store(reminder, database: database, now: now, zone: zone, horizon: horizon)
        try database.placeUnderCap(cap, now: now)
        guard let first else { return (id, nil) }
        return (id, try database.notifications(ids: [first.id])[first.id] ?? first)
    }

    /// Stores `reminder` under a new id: its notification, or its rule and first occurrences.
    private func store(
        _ reminder: NewReminder, database: TidingsDatabase, now: EpochMillis, zone: Zone, horizon: Int64
    ) throws(StoreError) -> (id: String, first: NotificationRecord?) {
        var id = Self.newID()
        while try database.reminderIDTaken(id) { id = Self.newID() }
        let channels = reminder.channels.isEmpty ? nil : reminder.channels
        guard let repetition = reminder.repetition else {
            let item = oneOff(
                id: id, category: reminder.category, title: reminder.title, body: reminder.body, deepLink: reminder.deepLink,
                channels: channels, at: reminder.at, anchor: reminder.anchor, now: now, zone: zone)
            try database.addReminder([item], rule: nil, nag: reminder.nag)
            return (id, item)
        }
        let rule = ReminderRecord(
            id: id, category: reminder.category, title: reminder.title, body: reminder.body, deepLink: reminder.deepLink,
            channels: channels, every: repetition, firstAt: reminder.at, untilAt: reminder.until, zone: zone.identifier, now: now)
        let occurrences = self.occurrences(of: rule, now: now, horizon: horizon, zone: zone)
        try database.addReminder(occurrences, rule: rule, nag: reminder.nag)
        return (id, occurrences.first)
    }
}
