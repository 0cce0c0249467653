import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// What `tidings inbox` counts as unread, in a real database file: an item seen on the
/// desktop, a test notification, the reminder of a meeting that has begun.
@Suite struct InboxUnreadTests {
    static let due = TestClock.at("2026-11-23T07:30:00Z")
    static let minute: Int64 = 60_000

    static func item(_ id: String, kind: NotificationKind = .daily, expiresAt: EpochMillis? = nil) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: kind, category: .transactional, title: "Title \(id)", body: "Body", deepLink: nil,
            dueAt: due, plannedLocal: "2026-11-23T08:30", plannedZone: "Europe/Berlin", staleness: .fresh,
            contentFetchTime: nil, expiresAt: expiresAt, now: due - 10 * minute)
    }

    /// Plans `items`, claims them at their due time and records a delivery of each on every
    /// channel of `channels`.
    static func delivered(_ items: [NotificationRecord], on channels: [ChannelName], in db: TidingsDatabase) throws {
        _ = try db.applyPlan(items, now: due - 10 * minute)
        let claimed = try db.claimDue(at: due)
        #expect(claimed.count == items.count)
        try db.recordDeliveries(
            claimed.flatMap { item in
                channels.map {
                    DeliveryRecord(
                        notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: due, contentAge: nil,
                        staleness: .fresh, channel: $0, outcome: .delivered)
                }
            }, now: due)
    }

    static func unreadIds(_ db: TidingsDatabase, at now: EpochMillis) throws -> [String] {
        try db.inboxItems(includeRead: false, limit: 50, at: now).map(\.notification.id).sorted()
    }

    @Test(
        "A tap on the desktop marks the inbox copy read: gone from the unread list and the count, listed read with --all",
        arguments: [Engagement.tapped, .dismissed])
    func desktopEngagementReadsInbox(engagement: Engagement) throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try Self.delivered([Self.item("seen"), Self.item("other")], on: ["desktop", "inbox"], in: db)
        #expect(try Self.unreadIds(db, at: Self.due + Self.minute) == ["other", "seen"])
        #expect(try db.inboxUnreadCount(at: Self.due + Self.minute) == 2)

        #expect(try db.recordEngagement(notificationId: "seen", channel: .desktop, engagement: engagement, at: Self.due + Self.minute))

        #expect(try Self.unreadIds(db, at: Self.due + 2 * Self.minute) == ["other"])
        #expect(try db.inboxUnreadCount(at: Self.due + 2 * Self.minute) == 1)
        let all = try db.inboxItems(includeRead: true, limit: 50, at: Self.due + 2 * Self.minute)
        let seen = try #require(all.first { $0.notification.id == "seen" })
        #expect(seen.unread == false)
        #expect(seen.engagement == nil, "nothing was done in the inbox itself")
        #expect(all.first { $0.notification.id == "other" }?.unread == true)
        // Clearing the inbox leaves the item seen on the desktop as it was.
        #expect(try db.clearInbox(at: Self.due + 3 * Self.minute) == 1)
        #expect(try db.notifications(ids: ["seen"])["seen"]?.state == (engagement == .tapped ? .read : .dismissed))
    }

    @Test("A popup that expired unseen (IGNORED) leaves the inbox copy unread")
    func ignoredPopupKeepsInboxUnread() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try Self.delivered([Self.item("missed-it")], on: ["desktop", "inbox"], in: db)
        #expect(try db.recordEngagement(notificationId: "missed-it", channel: .desktop, engagement: .ignored, at: Self.due + Self.minute))
        #expect(try Self.unreadIds(db, at: Self.due + 2 * Self.minute) == ["missed-it"])
        #expect(try db.inboxUnreadCount(at: Self.due + 2 * Self.minute) == 1)
    }

    @Test("A meeting reminder is unread until its meeting starts (its expiresAt), then leaves the unread list")
    func meetingReminderLeavesAtStart() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        let start = Self.due + 10 * Self.minute
        try Self.delivered(
            [Self.item("meeting:abc:1795417200000", kind: .meeting, expiresAt: start), Self.item("daily:2026-11-23")],
            on: ["inbox"], in: db)
        #expect(try Self.unreadIds(db, at: start - 1) == ["daily:2026-11-23", "meeting:abc:1795417200000"])
        #expect(try db.inboxUnreadCount(at: start - 1) == 2)
        #expect(try Self.unreadIds(db, at: start) == ["daily:2026-11-23"])
        #expect(try db.inboxUnreadCount(at: start) == 1)
        let all = try db.inboxItems(includeRead: true, limit: 50, at: start)
        #expect(all.count == 2, "--all still lists the reminder")
        #expect(all.first { $0.notification.kind == .meeting }?.unread == false)
    }

    @Test("A test notification is never unread, though the inbox keeps it")
    func testNotificationNeverUnread() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try Self.delivered([Self.item("test:1795419900000", kind: .test)], on: ["inbox"], in: db)
        #expect(try Self.unreadIds(db, at: Self.due).isEmpty)
        #expect(try db.inboxUnreadCount(at: Self.due) == 0)
        let all = try db.inboxItems(includeRead: true, limit: 50, at: Self.due)
        #expect(all.map(\.notification.id) == ["test:1795419900000"])
        #expect(all.first?.unread == false)
    }
}
