import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// The store's side of nag until seen, on both engines: a reminder's own rule kept with it and
/// shared by its occurrences, pruned once the reminder is gone; nag legs in the outbox that a
/// read drops; the desktop waiter's test for a later repeat.
@Suite struct NagStoreTests {
    static let day: Int64 = 86_400_000

    @Test("A reminder's rule is found for it and its occurrences, and pruned with it", arguments: PostgresStoreTests.Engine.allCases)
    func ownRules(engine: PostgresStoreTests.Engine) throws {
        let (directory, db) = try PostgresStoreTests.open(engine)
        _ = directory
        let rule = NagRule(every: 300_000, times: 4)
        try db.addReminder(
            [ReminderStoreTests.occurrence("reminder:a@1970-01-02", due: Self.day)], rule: ReminderStoreTests.rule("reminder:a"), nag: rule)
        var once = ReminderStoreTests.occurrence("reminder:b", due: Self.day)
        once.subject = nil
        try db.addReminder([once], rule: nil, nag: NagRule(every: 60_000))
        let rules = try db.ownNagRules(ids: ["reminder:a@1970-01-02", "reminder:a@1970-01-03", "reminder:b", "daily:1970-01-02"])
        #expect(rules == ["reminder:a@1970-01-02": rule, "reminder:a@1970-01-03": rule, "reminder:b": NagRule(every: 60_000, times: 3)])
        // Nothing old: both stay. The one-off reminder gone: its rule goes with the next prune.
        _ = try db.prune(before: 0)
        #expect(try db.ownNagRules(ids: ["reminder:b"]).count == 1)
        try db.transaction("drop") { conn in _ = try conn.execute("DELETE FROM notification WHERE id = 'reminder:b'") }
        _ = try db.prune(before: 0)
        #expect(try db.ownNagRules(ids: ["reminder:b", "reminder:a@1970-01-02"]).keys.sorted() == ["reminder:a@1970-01-02"])
    }

    @Test(
        "A read drops the item's nag legs; a later repeat on the desktop is seen by the waiter of an earlier copy",
        arguments: PostgresStoreTests.Engine.allCases)
    func stopAndLaterRepeat(engine: PostgresStoreTests.Engine) throws {
        let (directory, db) = try PostgresStoreTests.open(engine)
        _ = directory
        var item = ReminderStoreTests.occurrence("reminder:c", due: Self.day)
        item.subject = nil
        try db.addReminder([item], rule: nil)
        let first = DeliveryRecord(
            notificationId: "reminder:c", scheduledTime: Self.day, actualDeliveryTime: Self.day, contentAge: nil, staleness: .fresh,
            channel: .inbox, outcome: .delivered)
        var desktop = first
        desktop.channel = .desktop
        var repeated = desktop
        repeated.outcome = .repeated
        try db.recordRun(
            deliveries: [first, desktop, repeated],
            retries: [
                ScheduledRetry(
                    notificationId: "reminder:c", channel: .desktop, attempts: 1, nextAttemptAt: Self.day * 2, lastError: "nag", nags: true)
            ], cancelled: [:], now: Self.day)
        #expect(try db.hasLaterRepeat(of: ("reminder:c", 0), on: .desktop, than: 0))
        #expect(try !db.hasLaterRepeat(of: ("reminder:c", 0), on: .desktop, than: 1))
        #expect(try db.claimDueRetries(at: Self.day * 2, leaseUntil: Self.day * 2 + 1).map(\.nags) == [true])
        #expect(try db.recordEngagement(notificationId: "reminder:c", channel: .inbox, engagement: .tapped, at: Self.day * 2))
        #expect(try db.claimDueRetries(at: Self.day * 3).isEmpty, "the read dropped the nag leg")
    }
}
