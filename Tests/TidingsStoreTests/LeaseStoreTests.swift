import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// Claims as leases between hosts, on both engines: a live worker renews its leases and keeps
/// its claims however slow; an expired lease of a host that cannot be checked is taken over;
/// the old holder's late outcome is refused, kept and counted as a suspected duplicate.
@Suite struct LeaseStoreTests {
    typealias Engine = PostgresStoreTests.Engine
    static let due = TestClock.at("2026-11-27T07:30:00Z")
    static let lease = TidingsDatabase.leaseLength

    /// A worker on another host (its own UTS and pid namespaces): nothing of it can be checked
    /// from here.
    static func worker(_ host: String, pid: Int32 = 1) -> Claimant {
        Claimant(boot: Claimant.current.boot, namespace: "40265\(pid)\(host.count)", pid: pid, start: 100, host: host)
    }

    static func seeded(_ engine: Engine, ids: [String] = ["a"]) throws -> (TemporaryDirectory, TidingsDatabase) {
        let (directory, database) = try PostgresStoreTests.open(engine)
        _ = try database.applyPlan(ids.map { BothEnginesPipelineTests.item($0) }, now: due - 3_600_000)
        return (directory, database)
    }

    static func delivered(_ item: NotificationRecord, on channel: ChannelName, at now: EpochMillis) -> DeliveryRecord {
        DeliveryRecord(
            notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: now, contentAge: nil, staleness: item.staleness,
            channel: channel, outcome: .delivered, revision: item.revision)
    }

    @Test("A slow worker that renews its lease keeps its claim past the first expiry", arguments: Engine.allCases)
    func renewalKeepsClaim(engine: Engine) throws {
        let (directory, database) = try Self.seeded(engine)
        defer { database.closeConnection() }
        let (slow, other) = (Self.worker("w1"), Self.worker("w2"))
        let claimed = try database.claimDue(at: Self.due, claimant: slow)
        #expect(claimed.map(\.leaseExpiresAt) == [Self.due + Self.lease])
        let fences = Fences(items: Dictionary(uniqueKeysWithValues: claimed.map { ($0.id, $0.claims) }))

        // Given the slow worker renews halfway through its lease,
        let held = try database.renewLeases(fences, claimant: slow, until: Self.due + Self.lease + 60_000, now: Self.due)
        #expect(held == fences, "nothing was taken over: every claim is still held")
        // When another host looks after the first expiry but before the renewed one,
        #expect(try database.releaseAbandonedClaims(now: Self.due + Self.lease + 30_000, observer: other) == ReleasedClaims())
        #expect(try database.claimDue(at: Self.due + Self.lease + 30_000, claimant: other).isEmpty)
        // Then the slow worker's outcome is recorded as its own.
        let recorded = try database.recordLegs(
            deliveries: [Self.delivered(claimed[0], on: .inbox, at: Self.due)], retries: [], settle: ["a"], fences: fences, claimant: slow,
            now: Self.due)
        #expect(recorded.refused == 0)
        #expect(try database.notifications(ids: ["a"])["a"]?.state == .delivered)
        withExtendedLifetime(directory) {}
    }

    @Test("An expired lease of another host is taken over, and counts one more attempt", arguments: Engine.allCases)
    func expiredLeaseTakenOver(engine: Engine) throws {
        let (directory, database) = try Self.seeded(engine)
        defer { database.closeConnection() }
        let (gone, other) = (Self.worker("w1"), Self.worker("w2"))
        #expect(try database.claimDue(at: Self.due, claimant: gone).map(\.claims) == [1])
        #expect(Claimant.liveness(of: gone.description, observer: other) == .unknown, "another host: only its lease can tell")

        #expect(try database.releaseAbandonedClaims(now: Self.due + Self.lease - 1, observer: other).items == 0, "its lease still runs")
        #expect(try database.releaseAbandonedClaims(now: Self.due + Self.lease + 1, observer: other).items == 1)
        let taken = try database.claimDue(at: Self.due + Self.lease + 1, claimant: other)
        #expect(taken.map(\.id) == ["a"])
        #expect(taken.first?.claims == 3, "the claim, the takeover, the claim again")
        #expect(taken.first?.claimedBy == other.description)
        #expect(taken.first?.leaseExpiresAt == Self.due + 2 * Self.lease + 1)
        // The old holder's renewal finds nothing of its own.
        #expect(try database.renewLeases(Fences(items: ["a": 1]), claimant: gone, until: Self.due + 3 * Self.lease, now: Self.due).isEmpty)
        withExtendedLifetime(directory) {}
    }

    @Test("A stale worker's late outcome is refused, kept, and counted in the report", arguments: Engine.allCases)
    func staleOutcomeRefused(engine: Engine) throws {
        let (directory, database) = try Self.seeded(engine, ids: ["a", "b"])
        defer { database.closeConnection() }
        let (stale, later) = (Self.worker("w1"), Self.worker("w2"))
        let first = try database.claimDue(at: Self.due, claimant: stale)
        let staleFences = Fences(items: Dictionary(uniqueKeysWithValues: first.map { ($0.id, $0.claims) }))
        // The stale worker stops past its lease; the later one takes over and delivers both.
        let takeover = Self.due + Self.lease + 1
        #expect(try database.releaseAbandonedClaims(now: takeover, observer: later).items == 2)
        let second = try database.claimDue(at: takeover, claimant: later)
        let laterFences = Fences(items: Dictionary(uniqueKeysWithValues: second.map { ($0.id, $0.claims) }))
        try database.recordLegs(
            deliveries: second.map { Self.delivered($0, on: .webhook("hook"), at: takeover) }, retries: [], settle: ["a", "b"],
            fences: laterFences, claimant: later, now: takeover)

        // When the stale worker wakes and records what it had sent,
        let recorded = try database.recordLegs(
            deliveries: first.map { Self.delivered($0, on: .webhook("hook"), at: Self.due) }, retries: [], settle: ["a", "b"],
            fences: staleFences, claimant: stale, now: takeover + 1)

        // Then nothing of it is written: the later outcome stands, and each refusal is kept.
        #expect(recorded.refused == 2)
        let rows = try database.snapshot("read") { db in
            try db.rows("SELECT notificationId, actualDeliveryTime FROM delivery WHERE channel = 'webhook:hook' ORDER BY notificationId")
        }
        #expect(try rows.map { try $0.decode("actualDeliveryTime", as: Int64.self) } == [takeover, takeover])
        let counts = try database.reportCounts(from: Self.due - 3_600_000, until: Self.due + 3_600_000, engagementChannels: [])
        #expect(counts.suspectedDuplicates == 2)
        #expect(counts.notificationStates[.delivered] == 2)
        // The same refusal again is one suspected duplicate, not two.
        try database.recordLegs(
            deliveries: first.map { Self.delivered($0, on: .webhook("hook"), at: Self.due) }, retries: [], settle: [],
            fences: staleFences, claimant: stale, now: takeover + 2)
        #expect(try database.reportCounts(from: Self.due - 3_600_000, until: Self.due + 3_600_000, engagementChannels: []).suspectedDuplicates == 2)
        // They go with the rest of the history.
        _ = try database.prune(before: Self.due + 1)
        #expect(try database.reportCounts(from: Self.due - 3_600_000, until: Self.due + 3_600_000, engagementChannels: []).suspectedDuplicates == 0)
        withExtendedLifetime(directory) {}
    }

    @Test("A leg in flight on a host whose lease expired fails as interrupted, and its holder can no longer mark one", arguments: Engine.allCases)
    func inFlightTakenOver(engine: Engine) throws {
        let (directory, database) = try Self.seeded(engine, ids: ["a", "b"])
        defer { database.closeConnection() }
        let (stale, later) = (Self.worker("w1"), Self.worker("w2"))
        let first = try database.claimDue(at: Self.due, claimant: stale)
        let fences = Fences(items: Dictionary(uniqueKeysWithValues: first.map { ($0.id, $0.claims) }))
        // It marks "a" on stdout and stops before printing.
        let held = try database.renewLeases(
            fences, claimant: stale, until: Self.due + Self.lease, marking: [("a", 0)], on: .stdout, now: Self.due)
        #expect(held == fences)

        let takeover = Self.due + Self.lease + 1
        let released = try database.releaseAbandonedClaims(now: takeover, observer: later)
        #expect(released == ReleasedClaims(items: 2, interrupted: 1))
        let second = try database.claimDue(at: takeover, claimant: later)
        let legs = try database.legStates(of: second)
        guard case .failed(let reason, _)? = legs["a"]?[.stdout] else {
            Issue.record("a's stdout leg should have failed as interrupted, found \(String(describing: legs["a"]?[.stdout]))")
            return
        }
        #expect(reason.hasPrefix("interrupted"))
        #expect(legs["b"]?[.stdout] == nil, "b was never marked: it is sent by the later worker")

        // Woken, the stale worker marks "b": its claim is gone, so nothing is marked (and it does not print).
        let after = try database.renewLeases(
            fences, claimant: stale, until: takeover + Self.lease, marking: [("b", 0)], on: .stdout, now: takeover)
        #expect(after.isEmpty)
        let marks = try database.snapshot("read") { db in try db.value("SELECT count(*) FROM inflight", as: Int.self) }
        #expect(marks == 0)
        withExtendedLifetime(directory) {}
    }

    @Test("A retry leg taken over after its lease expired refuses its old holder's outcome", arguments: Engine.allCases)
    func retryLegFenced(engine: Engine) throws {
        let (directory, database) = try Self.seeded(engine)
        defer { database.closeConnection() }
        let (stale, later) = (Self.worker("w1"), Self.worker("w2"))
        let item = try #require(try database.claimDue(at: Self.due, claimant: stale).first)
        var retry = Self.delivered(item, on: .webhook("hook"), at: Self.due)
        retry.outcome = .retry
        try database.recordLegs(
            deliveries: [retry],
            retries: [
                ScheduledRetry(notificationId: "a", channel: .webhook("hook"), attempts: 1, nextAttemptAt: Self.due + 60_000, lastError: "503")
            ], settle: ["a"], fences: Fences(items: ["a": item.claims]), claimant: stale, now: Self.due)

        let leg = try #require(try database.claimDueRetries(at: Self.due + 60_000, claimant: stale).first)
        #expect(leg.claim == 1)
        let takeover = Self.due + 60_000 + Self.lease + 1
        #expect(try database.releaseAbandonedClaims(now: takeover, observer: later).retries == 1)
        let again = try #require(try database.claimDueRetries(at: takeover, claimant: later).first)
        #expect(again.claim == 3)

        let staleFences = Fences(legs: [Fences.Leg(id: "a", channel: .webhook("hook")): leg.claim])
        let refused = try database.recordLegs(
            deliveries: [Self.delivered(item, on: .webhook("hook"), at: Self.due + 60_000)], retries: [], settle: ["a"],
            fences: staleFences, claimant: stale, now: takeover + 1)
        #expect(refused.refused == 1)
        #expect(try database.notifications(ids: ["a"])["a"]?.state == .delivering, "the later worker's leg is still open")
        let laterFences = Fences(legs: [Fences.Leg(id: "a", channel: .webhook("hook")): again.claim])
        let accepted = try database.recordLegs(
            deliveries: [Self.delivered(item, on: .webhook("hook"), at: takeover)], retries: [], settle: ["a"], fences: laterFences,
            claimant: later, now: takeover + 2)
        #expect(accepted.refused == 0)
        #expect(try database.notifications(ids: ["a"])["a"]?.state == .delivered)
        withExtendedLifetime(directory) {}
    }

    @Test("A claim on this host is still judged through /proc: a live holder keeps it past its lease")
    func sameHostJudgedByProc() throws {
        let (directory, database) = try Self.seeded(.sqlite)
        defer { database.closeConnection() }
        _ = try database.claimDue(at: Self.due)
        #expect(try database.releaseAbandonedClaims(now: Self.due + 10 * Self.lease) == ReleasedClaims(), "this process runs")
        withExtendedLifetime(directory) {}
    }

    @Test("A token names the host; one from before hosts still reads")
    func tokenHost() {
        let claimant = Self.worker("w1")
        #expect(Claimant(claimant.description) == claimant)
        #expect(Claimant("boot/4026531836/12/345")?.host == nil)
        #expect(Claimant.current.host != nil)
        let elsewhere = Claimant(boot: "other-boot", namespace: "1", pid: 1, start: 1, host: "elsewhere")
        #expect(Claimant.liveness(of: elsewhere.description) == .unknown, "another host's boot id is no sign it restarted")
    }
}
