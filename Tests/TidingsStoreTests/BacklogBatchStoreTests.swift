import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// `deliver`'s work over a backlog larger than one batch: settled as missed `unsentBatch` rows a
/// statement, and read a page at a time for free pending places, with the same result as all
/// at once.
@Suite struct BacklogBatchStoreTests {
    /// More than two batches, so that a batch ends exactly nowhere.
    static let count = 2 * TidingsDatabase.unsentBatch + 234

    /// Item `n`: four items share each due time, and one in three is more important.
    func item(_ n: Int) -> NotificationRecord {
        NotificationRecord(
            id: "n\(n)", kind: .daily, category: .system, title: "T \(n)", body: "B", deepLink: nil, dueAt: 1_000_000 + Int64(n / 4) * 1000,
            plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, priority: n % 3 == 0 ? 5 : 1, now: 0)
    }

    @Test("A backlog of more than two batches past its grace: every item is missed once, with its delivery row, and counted")
    func missedInBatches() throws {
        let database = try TemporaryDirectory().database()
        _ = try database.applyPlan((0..<Self.count).map(item), now: 0)
        var seen: [String] = []
        let tally = try database.markMissed(dueBefore: 10_000_000, now: 20_000_000, each: { seen.append($0.id) }, reason: { _ in "too late" })
        #expect(tally == UnsentTally(count: Self.count, capped: 0))
        #expect(seen.count == Self.count && Set(seen) == Set((0..<Self.count).map { "n\($0)" }))
        let stored = try database.notifications(ids: seen)
        #expect(stored.values.allSatisfy { $0.state == .missed && $0.stateReason == "too late" })
        let counts = try database.reportCounts(from: 0, until: 30_000_000, engagementChannels: [])
        #expect(counts.notificationStates[.missed] == Self.count)
        #expect(try database.markMissed(dueBefore: 10_000_000, now: 20_000_000, each: { _ in }, reason: { _ in "again" }) == UnsentTally())
    }

    @Test("Free places are filled from a backlog of several pages with the first items in the cap's order, as from all of it at once")
    func fillFromPages() throws {
        let database = try TemporaryDirectory().database()
        let items = (0..<Self.count).map(item)
        _ = try database.applyPlan(PendingCap(limit: 2).assign(items, now: 0), now: 0)
        let backlog = try database.openNotifications().filter { $0.state == .backlog }
        #expect(backlog.count == Self.count - 2)
        let expected = backlog.sorted { PendingCap.ranks($0, before: $1, now: 0) }.prefix(38).map(\.id)

        #expect(try database.fillPendingPlaces(under: PendingCap(limit: 40), now: 0) == 38)
        let pending = try database.openNotifications().filter { $0.state == .pending }.map(\.id)
        #expect(pending.count == 40)
        #expect(Set(expected).isSubset(of: Set(pending)), "\(Set(expected).subtracting(pending).sorted().prefix(5))")
    }
}
