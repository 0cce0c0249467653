import TidingsCore

/// One notification in the inbox.
public struct InboxItem: Sendable, Equatable {
    /// The notification.
    public var notification: NotificationRecord
    /// When it reached the inbox.
    public var deliveredAt: EpochMillis
    /// What the user did with it in the inbox; nil when it was not read or dismissed there.
    public var engagement: Engagement?
    /// Whether it still counts as unread: nothing done with it in the inbox, nor with the
    /// same notification on the desktop, no test, no reminder of a meeting that began.
    public var unread: Bool
}

extension TidingsDatabase {
    /// Records what the user did with `notificationId` on `channel` (the latest delivery
    /// there without an engagement yet), and moves the notification to read (tapped) or
    /// dismissed. The inbox's copy of a notification tapped or dismissed on the desktop is
    /// then read too: the unread list and count look at the notification's state. Read or
    /// dismissed, it stops nagging (its nag legs leave the outbox). Returns false when there
    /// was no such delivery.
    @discardableResult
    public func recordEngagement(notificationId: String, channel: ChannelName, engagement: Engagement, at instant: EpochMillis) throws(StoreError)
        -> Bool
    {
        try transaction("record engagement") { db in
            let changed = try db.execute(
                """
                UPDATE delivery SET engagement = ?, engagedAt = ?
                WHERE id = (SELECT id FROM delivery WHERE notificationId = ? AND channel = ?
                            AND outcome = 'delivered' AND engagement IS NULL ORDER BY id DESC LIMIT 1)
                """,
                [engagement.storeValue, instant.storeValue, notificationId.storeValue, channel.storeValue])
            guard changed > 0 else { return false }
            let state: NotificationState? =
                switch engagement {
                case .tapped: .read
                case .dismissed: .dismissed
                case .ignored, .snoozed: nil
                }
            if let state {
                try db.execute(
                    "UPDATE notification SET state = ?, updatedAt = ? WHERE id = ? AND state IN ('delivered', 'read', 'dismissed')",
                    [state.storeValue, instant.storeValue, notificationId.storeValue])
                try Self.stopNagging(notificationId, db: db)
            }
            return true
        }
    }

    /// The inbox rows (delivery joined with notification) that count as unread at `?` (the
    /// one argument): nothing done with them in the inbox, the notification neither read nor
    /// dismissed on another channel (a tap on the desktop moves it to `read`), not a test,
    /// and not the reminder of a meeting that has begun (its `expiresAt` is the start).
    static let unreadInboxSQL = """
        (delivery.engagement IS NULL AND notification.state NOT IN ('read', 'dismissed') AND notification.kind <> 'test'
         AND NOT (notification.kind = 'meeting' AND notification.expiresAt IS NOT NULL AND notification.expiresAt <= ?))
        """

    /// Inbox items, newest first: the ones unread at `now` only, or all.
    public func inboxItems(includeRead: Bool, limit: Int, at now: EpochMillis) throws(StoreError) -> [InboxItem] {
        try snapshot("read inbox") { db in
            let rows = try db.rows(
                """
                SELECT notification.*, delivery.actualDeliveryTime AS inboxDeliveredAt, delivery.engagement AS inboxEngagement,
                       \(Self.unreadInboxSQL) AS inboxUnread
                FROM delivery JOIN notification ON notification.id = delivery.notificationId
                WHERE delivery.channel = 'inbox' AND delivery.outcome = 'delivered'
                  \(includeRead ? "" : "AND delivery.engagement IS NULL AND \(Self.unreadInboxSQL)")
                ORDER BY delivery.actualDeliveryTime DESC, delivery.id DESC LIMIT ?
                """,
                includeRead ? [now.storeValue, limit.storeValue] : [now.storeValue, now.storeValue, limit.storeValue])
            return try rows.map { row throws in
                InboxItem(
                    notification: try NotificationRecord(store: row), deliveredAt: try row.decode("inboxDeliveredAt"),
                    engagement: try row.decode("inboxEngagement"), unread: try row.decode("inboxUnread"))
            }
        }
    }

    /// How many inbox items are unread at `now`.
    public func inboxUnreadCount(at now: EpochMillis) throws(StoreError) -> Int {
        try snapshot("count inbox") { db in
            try db.value(
                """
                SELECT count(*) FROM delivery JOIN notification ON notification.id = delivery.notificationId
                WHERE delivery.channel = 'inbox' AND delivery.outcome = 'delivered' AND delivery.engagement IS NULL
                  AND \(Self.unreadInboxSQL)
                """,
                [now.storeValue], as: Int.self) ?? 0
        }
    }

    /// Dismisses every unread inbox item; returns how many.
    public func clearInbox(at instant: EpochMillis) throws(StoreError) -> Int {
        let unread = try inboxItems(includeRead: false, limit: Int.max, at: instant)
        for item in unread {
            try recordEngagement(notificationId: item.notification.id, channel: .inbox, engagement: .dismissed, at: instant)
        }
        return unread.count
    }
}

extension TidingsDatabase {
    /// When the user tapped or dismissed a notification, on any channel, from `start` on
    /// (inclusive) to `end` (exclusive), oldest first.
    public func engagementTimes(from start: EpochMillis, to end: EpochMillis) throws(StoreError) -> [EpochMillis] {
        try snapshot("read engagement times") { db in
            try db.values(
                """
                SELECT engagedAt FROM delivery
                WHERE engagement IN ('TAPPED', 'DISMISSED') AND engagedAt >= ? AND engagedAt < ?
                ORDER BY engagedAt
                """,
                [start.storeValue, end.storeValue], as: EpochMillis.self)
        }
    }
}
