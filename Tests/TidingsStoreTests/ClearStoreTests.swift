import Testing
import TidingsCore

@testable import TidingsStore

/// Clears in the store: which delivered reminders can be taken back, and the outbox legs that do it.
@Suite struct ClearStoreTests {
    typealias M = NextMeetingStoreTests
    static let now = M.now
    static let phone: ChannelName = "webhook:phone"

    /// A database where the reminders of `uids` (meetings 5 minutes from now) were delivered on `channels`.
    func delivered(_ uids: [String], on channels: [ChannelName]) throws -> TidingsDatabase {
        let database = try TidingsDatabase.inMemory()
        let items = uids.map { M.reminder($0, start: 5) }
        _ = try database.applyPlan(items, now: Self.now - 3_600_000)
        let claimed = try database.claimDue(at: Self.now - 5 * M.minute)
        #expect(claimed.count == items.count)
        let rows = claimed.flatMap { item in
            channels.map { channel in
                DeliveryRecord(
                    notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: Self.now - 5 * M.minute, contentAge: nil,
                    staleness: .fresh, channel: channel, outcome: .delivered)
            }
        }
        try database.recordRun(deliveries: rows, retries: [], cancelled: [:], now: Self.now - 5 * M.minute)
        return database
    }

    @Test("A delivered reminder on a clearing channel is clearable once: queued, claimed as a clear, recorded, then never again")
    func lifecycle() throws {
        let database = try delivered(["a"], on: [Self.phone, "inbox"])
        let legs = try database.clearableMeetingLegs(channels: [Self.phone], now: Self.now)
        #expect(legs == [ClearableLeg(notificationId: "meeting:a@10m", channel: Self.phone)])

        try database.queueClears(legs, reason: "gone", now: Self.now)
        #expect(try database.clearableMeetingLegs(channels: [Self.phone], now: Self.now).isEmpty, "queued once")
        #expect(try database.hasDeliveryWork(at: Self.now), "a queued clear wakes deliver")

        let claimed = try database.claimDueRetries(at: Self.now)
        #expect(claimed.map(\.clears) == [true])
        #expect(claimed.map(\.channel) == [Self.phone])

        // A retry keeps the leg a clear.
        try database.recordLegs(
            deliveries: [],
            retries: [
                ScheduledRetry(
                    notificationId: "meeting:a@10m", channel: Self.phone, attempts: 1, nextAttemptAt: Self.now + 30_000, lastError: "503",
                    clears: true)
            ],
            settle: [], now: Self.now)
        #expect(try database.claimDueRetries(at: Self.now + 30_000).map(\.clears) == [true])

        let row = DeliveryRecord(
            notificationId: "meeting:a@10m", scheduledTime: claimed[0].notification.dueAt, actualDeliveryTime: Self.now + 30_000,
            contentAge: nil, staleness: .fresh, channel: Self.phone, outcome: .cleared)
        try database.recordLegs(deliveries: [row], retries: [], settle: [], now: Self.now + 30_000)
        #expect(try !database.hasDeliveryWork(at: Self.now + 60_000), "the outbox is empty")
        #expect(try database.clearableMeetingLegs(channels: [Self.phone], now: Self.now + 60_000).isEmpty, "cleared once")
        #expect(try database.notifications(ids: ["meeting:a@10m"])["meeting:a@10m"]?.state == .delivered, "it still reached the user")
    }

    @Test("Not clearable: another channel, a meeting that has begun, or a pending reminder")
    func notClearable() throws {
        let database = try delivered(["a"], on: ["inbox"])
        #expect(try database.clearableMeetingLegs(channels: [Self.phone], now: Self.now).isEmpty)
        let other = try delivered(["b"], on: [Self.phone])
        #expect(try other.clearableMeetingLegs(channels: [Self.phone], now: Self.now + 5 * M.minute).isEmpty, "begun")
        _ = try other.applyPlan([M.reminder("c", start: 30)], now: Self.now)
        #expect(try other.clearableMeetingLegs(channels: [Self.phone], now: Self.now).map(\.notificationId) == ["meeting:b@10m"])
        #expect(try other.clearableMeetingLegs(channels: [], now: Self.now).isEmpty)
    }

    @Test("An update planned for a delivered item drops its waiting clear")
    func updateDropsClear() throws {
        let database = try delivered(["a"], on: [Self.phone])
        try database.queueClears([ClearableLeg(notificationId: "meeting:a@10m", channel: Self.phone)], reason: "gone", now: Self.now)
        var update = M.reminder("a", start: 20)
        update.revision = 1
        let changes = try database.applyPlan([update], now: Self.now)
        #expect(changes.resent == 1)
        #expect(try database.claimDueRetries(at: Self.now).isEmpty)
    }

    @Test("tidings pending cancel of a delivered item: taken back where a channel can, else refused as before")
    func userCancel() throws {
        let database = try delivered(["a"], on: [Self.phone])
        #expect(
            try database.cancelPending(ids: ["meeting:a@10m"], reason: "cancelled by the user", now: Self.now)
                == .refused([PendingRefusal(id: "meeting:a@10m", reason: "delivered, not pending")]))
        #expect(
            try database.cancelPending(
                ids: ["meeting:a@10m"], reason: "cancelled by the user", now: Self.now + 10 * M.minute,
                clearing: [Self.phone]) == .refused([PendingRefusal(id: "meeting:a@10m", reason: "delivered, not pending")]),
            "expired: nothing to take back")
        guard
            case .done(let rows) = try database.cancelPending(
                ids: ["meeting:a@10m"], reason: "cancelled by the user", now: Self.now, clearing: [Self.phone])
        else {
            Issue.record("refused")
            return
        }
        #expect(rows.map(\.state) == [.delivered])
        #expect(rows.first?.hold == [.user, .takenBack], "what tidings pending says of it is read from the hold")
        let claimed = try database.claimDueRetries(at: Self.now)
        #expect(claimed.map(\.clears) == [true])
    }

    @Test("An update still waiting is clearable only when named as being cancelled: its first version still shows")
    func waitingUpdate() throws {
        let database = try delivered(["a"], on: [Self.phone])
        var update = M.reminder("a", start: 120)
        update.revision = 1
        #expect(try database.applyPlan([update], now: Self.now).resent == 1)
        #expect(try database.notifications(ids: [update.id])[update.id]?.state == .pending)
        #expect(try database.clearableMeetingLegs(channels: [Self.phone], now: Self.now).isEmpty, "the update still goes out")
        let legs = try database.clearableMeetingLegs(channels: [Self.phone], now: Self.now, updates: [update.id])
        #expect(legs == [ClearableLeg(notificationId: update.id, channel: Self.phone)])
        // A first send still pending, never delivered, has nothing to take back.
        _ = try database.applyPlan([M.reminder("c", start: 60)], now: Self.now)
        #expect(try database.clearableMeetingLegs(channels: [Self.phone], now: Self.now, updates: ["meeting:c@10m"]).isEmpty)
    }
}
