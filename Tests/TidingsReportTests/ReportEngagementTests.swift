import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// The engagement rate from a real database: notifications, not channel legs, over the
/// notifications that reached a channel that reports engagement.
@Suite struct ReportEngagementTests {
    static let since = TestClock.at("2026-11-23T00:00:00Z")
    static let until = TestClock.at("2026-11-24T00:00:00Z")
    static let due = TestClock.at("2026-11-23T07:30:00Z")
    static let minute: Int64 = 60_000

    /// Plans one item per entry of `routes`, claims them and records a delivered row for
    /// each of its channels.
    static func delivered(_ routes: [String: [ChannelName]], in db: TidingsDatabase) throws {
        let items = routes.keys.sorted().map { id in
            NotificationRecord(
                id: id, kind: .daily, category: .system, title: "Title \(id)", body: "Body", deepLink: nil,
                dueAt: due, plannedLocal: "2026-11-23T08:30", plannedZone: "Europe/Berlin", staleness: .fresh,
                contentFetchTime: nil, now: due - 10 * minute)
        }
        _ = try db.applyPlan(items, now: due - 10 * minute)
        let claimed = try db.claimDue(at: due)
        #expect(claimed.count == items.count)
        try db.recordDeliveries(
            claimed.flatMap { item in
                (routes[item.id] ?? []).map {
                    DeliveryRecord(
                        notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: due, contentAge: nil,
                        staleness: .fresh, channel: $0, outcome: .delivered)
                }
            }, now: due)
    }

    static func report(_ db: TidingsDatabase, channels: [ChannelName] = ChannelName.engagementChannels, by: ReportBreakdown? = nil) throws -> Report {
        try Report.build(database: db, since: since, until: until, engagementChannels: channels, breakdown: by)
    }

    @Test("An item routed to the desktop and the inbox and tapped once is 100 %, not 50 %")
    func oneTapOneNotification() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try Self.delivered(["daily": ["desktop", "inbox"]], in: db)
        #expect(try db.recordEngagement(notificationId: "daily", channel: .desktop, engagement: .tapped, at: Self.due + Self.minute))
        let report = try Self.report(db)
        #expect(report.counts.engageableNotifications == 1)
        #expect(report.counts.tapped == 1)
        #expect(report.engagementRate == 1.0)
        #expect(report.json(zone: .utc).contains("\"engageableNotifications\":1,\"tapped\":1"))
    }

    @Test("Each notification counts once: tapped on both channels, on the inbox only, untapped, and stdout-only items left out")
    func distinctNotifications() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try Self.delivered(
            [
                "both-tapped": ["desktop", "inbox"],
                "inbox-tapped": ["desktop", "inbox"],
                "untapped": ["inbox", "webhook:phone"],
                "stdout-only": ["stdout"],
                "webhook-only": ["webhook:phone"],
            ], in: db)
        let at = Self.due + Self.minute
        #expect(try db.recordEngagement(notificationId: "both-tapped", channel: .desktop, engagement: .tapped, at: at))
        #expect(try db.recordEngagement(notificationId: "both-tapped", channel: .inbox, engagement: .tapped, at: at + 1))
        #expect(try db.recordEngagement(notificationId: "inbox-tapped", channel: .desktop, engagement: .ignored, at: at))
        #expect(try db.recordEngagement(notificationId: "inbox-tapped", channel: .inbox, engagement: .tapped, at: at))
        // Even a tap recorded against stdout counts nowhere: stdout does not report engagement.
        #expect(try db.recordEngagement(notificationId: "stdout-only", channel: .stdout, engagement: .tapped, at: at))
        let report = try Self.report(db)
        #expect(report.counts.engageableNotifications == 3, "stdout and webhooks cannot tell: not in the denominator")
        #expect(report.counts.tapped == 2)
        #expect(report.engagementRate == 2.0 / 3.0)
        // The same counts when the channels are not those of the index (the other query).
        let inboxOnly = try Self.report(db, channels: [.inbox])
        #expect(inboxOnly.counts.engageableNotifications == 3)
        #expect(inboxOnly.counts.tapped == 2)
        let desktopOnly = try Self.report(db, channels: [.desktop])
        #expect(desktopOnly.counts.engageableNotifications == 2)
        #expect(desktopOnly.counts.tapped == 1)
        // Outside the window: nothing.
        let later = try Report.build(
            database: db, since: Self.until, until: Self.until + 86_400_000, engagementChannels: ChannelName.engagementChannels)
        #expect(later.counts.engageableNotifications == 0)
        #expect(later.engagementRate == nil)
    }

    @Test("--by channel still counts every channel's sends")
    func byChannelUnchanged() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try Self.delivered(["a": ["desktop", "inbox"], "b": ["desktop", "inbox"], "c": ["stdout"]], in: db)
        #expect(try db.recordEngagement(notificationId: "a", channel: .desktop, engagement: .tapped, at: Self.due + Self.minute))
        let report = try Self.report(db, by: .channel)
        #expect(
            report.channels == [
                ChannelDeliveries(channel: "desktop", delivered: 2),
                ChannelDeliveries(channel: "inbox", delivered: 2),
                ChannelDeliveries(channel: "stdout", delivered: 1),
            ])
        #expect(report.engagementRate == 0.5)
    }
}
