import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// The pending cap over many candidates, and promotion from the backlog.
@Suite struct PendingCapTests {
    static func reminder(_ index: Int, priority: Int) -> NotificationRecord {
        NotificationRecord(
            id: "meeting:event-\(index)", kind: .meeting, category: .transactional, title: "Meeting \(index)", body: "B",
            deepLink: nil, dueAt: 1_000_000 + Int64(index) * 60_000, plannedLocal: "", plannedZone: "UTC",
            staleness: .fresh, contentFetchTime: nil, priority: priority, now: 0)
    }

    @Test("100 candidate reminders, cap 64: the most important (then earliest) are pending, 36 wait")
    func hundredCandidates() {
        // Priorities 0...4 spread over the candidates; 20 of each.
        let candidates = (0..<100).map { Self.reminder($0, priority: $0 % 5) }
        let assigned = PendingCap(limit: 64).assign(candidates, now: 0)
        let pending = assigned.filter { $0.state == .pending }
        let backlog = assigned.filter { $0.state == .backlog }
        #expect(pending.count == 64)
        #expect(backlog.count == 36)
        // Every pending item is at least as important as every waiting one.
        #expect((pending.map(\.priority).min() ?? 0) >= (backlog.map(\.priority).max() ?? 0))
        // Priorities 4, 3 and 2 (60 items) all fit; 4 of the 20 with priority 1 do, the earliest.
        #expect(pending.filter { $0.priority == 1 }.map(\.id) == ["meeting:event-1", "meeting:event-6", "meeting:event-11", "meeting:event-16"])
        #expect(backlog.allSatisfy { $0.hold == .cap })
    }

    @Test("An item due within two days comes before important ones due weeks later; beyond that, importance decides")
    func soonFirst() {
        let day: Int64 = 86_400_000
        // 64 important reminders from day 3 to day 30, and one routine item due in an hour.
        var candidates = (0..<64).map { index in
            var item = Self.reminder(index, priority: 5)
            item.dueAt = 3 * day + Int64(index) * 10 * 3_600_000
            return item
        }
        var daily = Self.reminder(100, priority: Importance.routine)
        daily.dueAt = 3_600_000
        var tomorrow = Self.reminder(101, priority: 0)
        tomorrow.dueAt = day + 3_600_000
        candidates += [daily, tomorrow]
        let assigned = PendingCap(limit: 64).assign(candidates, now: 0)
        let pending = Set(assigned.filter { $0.state == .pending }.map(\.id))
        #expect(pending.contains(daily.id) && pending.contains(tomorrow.id))
        let waiting = assigned.filter { $0.state == .backlog }.map(\.id)
        #expect(waiting == ["meeting:event-62", "meeting:event-63"], "the latest of the important ones wait")
    }

    @Test("As pending items are delivered, the next plan promotes waiting ones")
    func promotion() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        let candidates = (0..<10).map { Self.reminder($0, priority: $0 % 2) }
        _ = try database.applyPlan(PendingCap(limit: 4).assign(candidates, now: 0), now: 0)
        #expect(try database.openNotifications().filter { $0.state == .pending }.count == 4)
        // Two pending items are delivered; the same candidates are planned again.
        let claimed = try database.claimDue(at: 2_000_000)
        try database.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: 2_000_000, contentAge: nil,
                    staleness: .fresh, channel: .stdout, outcome: .delivered)
            }, now: 2_000_000)
        let remaining = try database.openNotifications()
        _ = try database.applyPlan(PendingCap(limit: 4).assign(remaining, now: 2_000_000), now: 2_000_000)
        #expect(try database.openNotifications().filter { $0.state == .pending }.count == 4)
        #expect(try database.openNotifications().count == 10 - claimed.count)
    }

    @Test("Expired items take no pending place: the cap goes to what can still be sent")
    func expiredFirst() throws {
        let f = try PlanFixture()
        f.config.daily.enabled = false
        f.config.plan.maxPending = 2
        let now: EpochMillis = 5_000_000
        let items = (0..<4).map { index in
            var item = NotificationRecord(
                id: "test:\(index)", kind: .test, category: .system, title: "T\(index)", body: "B", deepLink: nil,
                dueAt: now + Int64(index) * 60_000, plannedLocal: "", plannedZone: "UTC", staleness: .fresh,
                contentFetchTime: nil, priority: index < 2 ? 9 : 1, now: 0)
            if index < 2 { item.expiresAt = now - 1 }  // the most important ones have expired
            return item
        }
        _ = try f.db.applyPlan(PendingCap(limit: 2).assign(items, now: 0), now: 0)
        #expect(try f.stored("test:2")?.state == .backlog)
        try f.run(now: now, zone: PlanFixture.berlin, horizon: PlanFixture.day)
        #expect(try f.stored("test:2")?.state == .pending)
        #expect(try f.stored("test:3")?.state == .pending)
    }

    @Test("deliver's fill: free places take the backlog's first items in the cap's order; nothing pending is moved back")
    func fillFreePlaces() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        let candidates = (0..<10).map { Self.reminder($0, priority: $0 % 2) }
        _ = try database.applyPlan(PendingCap(limit: 4).assign(candidates, now: 0), now: 0)
        #expect(try database.fillPendingPlaces(under: PendingCap(limit: 4), now: 0) == 0, "no place is free")
        // Two of the four pending ones are delivered.
        let claimed = try database.claimDue(at: 1_000_000 + 3 * 60_000)
        try database.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: $0.dueAt, contentAge: nil,
                    staleness: .fresh, channel: .stdout, outcome: .delivered)
            }, now: 1_000_000 + 3 * 60_000)
        #expect(claimed.map(\.id) == ["meeting:event-1", "meeting:event-3"])
        #expect(try database.fillPendingPlaces(under: PendingCap(limit: 4), now: 1_000_000 + 3 * 60_000) == 2)
        let open = try database.openNotifications()
        let pending = open.filter { $0.state == .pending }.map(\.id)
        // The more important (odd) ones came first; of the rest the earliest.
        #expect(Set(pending) == ["meeting:event-5", "meeting:event-7", "meeting:event-9", "meeting:event-0"])
        #expect(open.filter { $0.state == .pending }.allSatisfy { $0.stateReason == nil && $0.hold == [] })
        #expect(try database.hasDeliveryWork(at: 0, pendingLimit: 4) == false, "the places are full again")
        #expect(try database.hasDeliveryWork(at: 0, pendingLimit: 5), "a free place with a backlog is work")
    }

    @Test("Doctor's prediction: a backlog behind places that free in time is not at risk; one behind places held past its time is")
    func heldPastDue() {
        // 100 items one minute apart, 64 places: each delivery frees a place a minute before
        // the next waiting item is due, so none waits past its time.
        let placed = PendingCap(limit: 64).assign((0..<100).map { Self.reminder($0, priority: 1) }, now: 0)
        #expect(PendingCap(limit: 64).heldPastDue(placed, now: 0).isEmpty)
        // Two important items due late hold both places: a less important one due first waits
        // past its time; the one due between them takes the place the first of them frees.
        let late = [Self.reminder(50, priority: 4), Self.reminder(60, priority: 4), Self.reminder(1, priority: 0), Self.reminder(55, priority: 0)]
        let held = PendingCap(limit: 2).heldPastDue(PendingCap(limit: 2).assign(late, now: 0), now: 0)
        #expect(held.map(\.id) == ["meeting:event-1"])
        // With three places, the third takes the early one, and the place it frees takes the next.
        #expect(PendingCap(limit: 3).heldPastDue(PendingCap(limit: 3).assign(late, now: 0), now: 0).isEmpty)
    }
}
