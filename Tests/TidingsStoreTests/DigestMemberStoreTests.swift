import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// A digest's members take its end: delivered through it, or missed, failed and expired with
/// it; never left cancelled and uncounted.
@Suite struct DigestMemberStoreTests {
    static let now = TestClock.at("2026-11-23T07:00")
    static let minute: EpochMillis = 60_000

    func item(_ id: String, due: EpochMillis, category: TidingsCore.Category = .social) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: category, title: "Post \(id)", body: "Body", deepLink: nil, dueAt: due,
            plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: 0)
    }

    /// A database with social posts a, b (merged into digest:a) and c, and a system item s.
    func merged() throws -> (TemporaryDirectory, TidingsDatabase) {
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        _ = try database.applyPlan(
            [
                item("a", due: Self.now), item("b", due: Self.now + Self.minute), item("c", due: Self.now + 90 * Self.minute),
                item("s", due: Self.now, category: .system),
            ],
            now: 0)
        let merges = try database.mergePending(.rule(.category(.social)), now: 0) { candidates in
            #expect(candidates.map(\.id) == ["a", "b", "c"], "only the rule's category")
            var digest = candidates[0]
            digest.id = "digest:a"
            digest.kind = .digest
            return [DigestMerge(digest: digest, members: Array(candidates.prefix(2)))]
        }
        #expect(merges.map { $0.members.map(\.id) } == [["a", "b"]])
        return (directory, database)
    }

    func state(_ database: TidingsDatabase, _ id: String) throws -> (NotificationState, String?) {
        let row = try #require(try database.notifications(ids: [id])[id])
        return (row.state, row.stateReason)
    }

    @Test("Delivering the digest delivers its members in the same statement; other items keep their state")
    func deliveredThroughDigest() throws {
        let (directory, database) = try merged()
        defer { withExtendedLifetime(directory) {} }
        #expect(try state(database, "a") == (.cancelled, "merged into digest:a"))
        let claimed = try database.claimDue(at: Self.now, only: ["digest:a"])
        #expect(claimed.map(\.id) == ["digest:a"])
        try database.recordDeliveries(
            claimed.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: Self.now, contentAge: nil,
                    staleness: $0.staleness, channel: .stdout, outcome: .delivered)
            }, now: Self.now)
        #expect(try state(database, "digest:a").0 == .delivered)
        #expect(try state(database, "a") == (.delivered, "in digest:a"))
        #expect(try state(database, "b") == (.delivered, "in digest:a"))
        #expect(try state(database, "c").0 == .pending)
        #expect(try state(database, "s").0 == .pending)
    }

    @Test("A digest missed after the grace takes its members with it, counted as missed")
    func missedWithDigest() throws {
        let (directory, database) = try merged()
        defer { withExtendedLifetime(directory) {} }
        let missed = try database.markMissed(dueBefore: Self.now + 5 * Self.minute, now: Self.now + 60 * Self.minute) { _ in "late" }
        #expect(Set(missed.map(\.id)) == ["digest:a", "s"])
        #expect(try state(database, "a") == (.missed, "in digest:a"))
        #expect(try state(database, "b") == (.missed, "in digest:a"))
    }

    @Test("Cancelling the digest leaves its members cancelled, naming it")
    func cancelledDigest() throws {
        let (directory, database) = try merged()
        defer { withExtendedLifetime(directory) {} }
        _ = try database.cancelPending(ids: ["digest:a"], reason: "cancelled by the user", now: Self.now)
        #expect(try state(database, "a") == (.cancelled, "merged into digest:a"))
    }

    @Test("A rule leaves items the user changed as they are; by hand, they are merged too")
    func ruleSkipsUserItems() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        _ = try database.applyPlan([item("a", due: Self.now), item("b", due: Self.now + Self.minute)], now: 0)
        _ = try database.updatePending(id: "a", edit: PendingEdit(title: "Mine"), now: 0, zone: .utc)
        var seen: [String] = []
        _ = try database.mergePending(.rule(.category(.social)), now: 0) { candidates in
            seen = candidates.map(\.id)
            return []
        }
        #expect(seen == ["b"])
        _ = try database.mergePending(.kind(.daily), now: 0) { candidates in
            seen = candidates.map(\.id)
            return []
        }
        #expect(seen == ["a", "b"])
    }
}
