import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// `tidings inbox snooze` in a real database file: what it writes in one transaction, and
/// what it refuses.
@Suite struct SnoozeStoreTests {
    static let due = InboxUnreadTests.due
    static let minute = InboxUnreadTests.minute
    static let zone = Zone.named("Europe/Berlin")

    static func refusal(_ write: PendingWrite) -> String? {
        if case .refused(let refusals) = write { return refusals.map(\.description).joined(separator: "; ") }
        return nil
    }

    @Test("A snoozed item leaves the unread list and is pending again at the new time as its next revision, held for the user")
    func snoozeReschedules() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try InboxUnreadTests.delivered([InboxUnreadTests.item("daily:2026-11-23")], on: ["desktop", "inbox"], in: db)
        let until = Self.due + 15 * Self.minute

        let write = try db.snooze(id: "daily:2026-11-23", until: until, now: Self.due + Self.minute, zone: Self.zone)

        guard case .done(let rows) = write, let row = rows.first else {
            Issue.record("refused: \(Self.refusal(write) ?? "")")
            return
        }
        #expect(row.state == .pending)
        #expect(row.dueAt == until)
        #expect(row.plannedLocal == "2026-11-23T08:45")
        #expect(row.revision == 1)
        #expect(row.isHeldByUser)
        #expect(try db.inboxUnreadCount(at: Self.due + 2 * Self.minute) == 0)
        let entry = try #require(try db.inboxItems(includeRead: true, limit: 5, at: Self.due + 2 * Self.minute).first)
        #expect(entry.engagement == .snoozed)
        // plan leaves the new time alone.
        _ = try db.applyPlan([InboxUnreadTests.item("daily:2026-11-23")], now: Self.due + 2 * Self.minute)
        #expect(try db.notifications(ids: ["daily:2026-11-23"])["daily:2026-11-23"]?.dueAt == until)
        // The snooze is counted in its window, beside the taps.
        let counts = try db.reportCounts(
            from: Self.due - 60 * Self.minute, until: Self.due + 60 * Self.minute, engagementChannels: ["desktop", "inbox"])
        #expect(counts.snoozed == 1)
        #expect(counts.tapped == 0)
    }

    @Test("A snooze from the desktop's popup takes the inbox copy along, and counts once")
    func desktopSnooze() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try InboxUnreadTests.delivered([InboxUnreadTests.item("daily:2026-11-23")], on: ["desktop", "inbox"], in: db)

        let write = try db.snooze(
            id: "daily:2026-11-23", on: .desktop, until: Self.due + 11 * Self.minute, now: Self.due + Self.minute, zone: Self.zone)

        #expect(Self.refusal(write) == nil)
        #expect(try db.inboxUnreadCount(at: Self.due + 2 * Self.minute) == 0)
        let counts = try db.reportCounts(
            from: Self.due - 60 * Self.minute, until: Self.due + 60 * Self.minute, engagementChannels: ["desktop", "inbox"])
        #expect(counts.snoozed == 1)
        // Without a desktop delivery there is nothing to snooze there.
        try InboxUnreadTests.delivered([InboxUnreadTests.item("inbox-only")], on: ["inbox"], in: db)
        let none = try db.snooze(id: "inbox-only", on: .desktop, until: Self.due + 11 * Self.minute, now: Self.due + Self.minute, zone: Self.zone)
        #expect(Self.refusal(none) == "\"inbox-only\": no desktop delivery of it to snooze")
    }

    @Test("A meeting's reminder cannot come back after its meeting starts, nor be snoozed once it began")
    func meetingExpiry() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        let start = Self.due + 10 * Self.minute
        let id = "meeting:abc:1795417200000"
        try InboxUnreadTests.delivered([InboxUnreadTests.item(id, kind: .meeting, expiresAt: start)], on: ["inbox"], in: db)

        let late = try db.snooze(id: id, until: start, now: Self.due + Self.minute, zone: Self.zone)
        #expect(Self.refusal(late) == "\"\(id)\": its meeting starts at 2026-11-23T08:40:00+01:00: it cannot come back at 2026-11-23T08:40:00+01:00")
        let begun = try db.snooze(id: id, until: start + 10 * Self.minute, now: start, zone: Self.zone)
        #expect(Self.refusal(begun) == "\"\(id)\": its meeting started at 2026-11-23T08:40:00+01:00")
        // Nothing was written: it is still unread, and can be snoozed for less.
        #expect(try db.inboxUnreadCount(at: Self.due + Self.minute) == 1)
        let early = try db.snooze(id: id, until: start - Self.minute, now: Self.due + Self.minute, zone: Self.zone)
        #expect(Self.refusal(early) == nil)
    }

    @Test("Refused: unknown, a test notification, read, already snoozed")
    func refusals() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try InboxUnreadTests.delivered(
            [InboxUnreadTests.item("read"), InboxUnreadTests.item("test:1", kind: .test), InboxUnreadTests.item("twice")],
            on: ["inbox"], in: db)
        let now = Self.due + Self.minute
        try db.recordEngagement(notificationId: "read", channel: .inbox, engagement: .tapped, at: now)
        #expect(Self.refusal(try db.snooze(id: "twice", until: now + 10 * Self.minute, now: now, zone: Self.zone)) == nil)

        let reasons = try ["nope", "test:1", "read", "twice"].map { id in
            Self.refusal(try db.snooze(id: id, until: now + 20 * Self.minute, now: now, zone: Self.zone))
        }
        #expect(
            reasons == [
                "\"nope\": no such notification (see tidings inbox --all)",
                "\"test:1\": a test notification cannot be snoozed",
                "\"read\": already read, not unread in the inbox",
                "\"twice\": already due at 2026-11-23T08:41:00+01:00 (see tidings pending)",
            ])
    }
}
