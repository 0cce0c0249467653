import Testing
import TidingsCore

@testable import TidingsStore

@Suite struct NextMeetingStoreTests {
    static let now: EpochMillis = 1_795_000_000_000
    static let minute: Int64 = 60_000

    /// A reminder of meeting `uid` starting `start` minutes from now, lasting `length` minutes,
    /// with the typed facts `plan` writes.
    static func reminder(_ uid: String, start: Int64, length: Int64 = 30, lead: String = "10m", link: String? = "https://zoom.us/j/123")
        -> NotificationRecord
    {
        let begins = now + start * minute
        var item = NotificationRecord(
            id: "meeting:\(uid)@\(lead)", kind: .meeting, category: .transactional, title: uid, body: "Starts soon", deepLink: link,
            dueAt: begins - 10 * minute, plannedLocal: "2026-11-23T08:50", plannedZone: "UTC", staleness: .fresh,
            contentFetchTime: now - 3_600_000, expiresAt: begins, now: now - 3_600_000)
        item.subject = "event:" + item.id
        item.isAllDay = lead == "all-day"
        item.fingerprint = "digest of \(uid)"
        item.occurrence = "meeting:\(uid)"
        item.startsAt = begins
        item.endsAt = begins + length * minute
        item.eventTitle = "Meeting \(uid)"
        item.joinURL = link
        return item
    }

    func database(_ items: [NotificationRecord]) throws -> TidingsDatabase {
        let database = try TidingsDatabase.inMemory()
        _ = try database.applyPlan(items, now: Self.now - 3_600_000)
        return database
    }

    @Test("the first meeting to start comes first; one begun within 10 minutes still counts, then the next does")
    func order() throws {
        let database = try database([Self.reminder("b", start: 40), Self.reminder("a", start: 20), Self.reminder("late", start: -5)])
        #expect(try database.nextMeeting(at: Self.now)?.title == "Meeting late")
        #expect(try database.nextMeeting(at: Self.now + 6 * Self.minute)?.title == "Meeting a")
        let last = try database.nextMeeting(at: Self.now + 45 * Self.minute)
        #expect(last?.title == "Meeting b" && last?.start == Self.now + 40 * Self.minute)
        #expect(try database.nextMeeting(at: Self.now + 71 * Self.minute) == nil)
    }

    @Test("no link, an all-day event or a reminder of another kind is not a meeting to join")
    func notJoinable() throws {
        var daily = Self.reminder("daily", start: 5)
        daily.kind = .daily
        let database = try database([Self.reminder("nolink", start: 5, link: nil), Self.reminder("offsite", start: 5, lead: "all-day"), daily])
        #expect(try database.nextMeeting(at: Self.now) == nil)
    }

    @Test("cancelled by plan, the meeting is gone; cancelled by the user, the meeting still takes place")
    func cancellations() throws {
        let database = try database([Self.reminder("removed", start: 5), Self.reminder("kept", start: 15)])
        _ = try database.applyPlan([], cancel: ["meeting:removed@10m": "the event was cancelled, declined, moved or removed"], now: Self.now)
        #expect(try database.nextMeeting(at: Self.now)?.title == "Meeting kept")
        guard case .done = try database.cancelPending(ids: ["meeting:kept@10m"], reason: "cancelled by the user", now: Self.now) else {
            Issue.record("the user's cancel was refused")
            return
        }
        let kept = try database.nextMeeting(at: Self.now)
        #expect(kept?.title == "Meeting kept" && kept?.link == "https://zoom.us/j/123" && kept?.reminderID == "meeting:kept@10m")
    }
}
