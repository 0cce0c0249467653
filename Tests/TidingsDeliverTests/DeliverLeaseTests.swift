import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// `deliver`'s leases in a run: renewed before every step on the run's monotonic time, so a
/// slow run keeps its claims; lost to another host once expired, after which the run sends no
/// further step and its late outcome is refused and counted.
@Suite struct DeliverLeaseTests {
    static let now = TestClock.at("2026-11-22T06:30:00Z")
    static let lease = TidingsDatabase.leaseLength
    /// Another host sharing the store: it can judge this process's claims by their leases only.
    static let other = Claimant(boot: Claimant.current.boot, namespace: "1", pid: 1, start: 1, host: "elsewhere")

    /// A webhook-like channel (at least once, 4 items a step) that runs `during` with the step's
    /// number before it answers each step, all delivered.
    final class SteppingChannel: Channel, Sendable {
        var guarantee: DeliveryGuarantee { .atLeastOnce }
        var chunkSize: Int { 4 }
        var name: ChannelName { .webhook("hook") }
        var reportsEngagement: Bool { false }
        var platformInfo: String { "{}" }
        let during: @Sendable (Int) throws -> Void
        let sent = Mutex<[String]>([])

        init(during: @escaping @Sendable (Int) throws -> Void) { self.during = during }

        func state() async -> ChannelState { .available }

        func send(_ messages: [Message], now: EpochMillis) async -> [ChannelResult] {
            let step = sent.withLock { sent in
                sent += messages.map(\.id)
                return sent.count / 4
            }
            do { try during(step) } catch { Issue.record("step \(step): \(error)") }
            return messages.map { ChannelResult(id: $0.id, outcome: .delivered) }
        }
    }

    func planned(_ count: Int) throws -> DeliverFixture {
        let f = try DeliverFixture()
        try f.plan((0..<count).map { DeliverFixture.item("n\($0)", due: Self.now - Int64($0)) })
        return f
    }

    @Test("A slow run renews its leases before every step: another host looking past the first lease finds nothing to take over")
    func slowRunKeepsClaims() async throws {
        let f = try planned(12)
        let elapsed = Mutex<Int64>(0)
        let database = f.db
        // Each step takes 90 s of the run's time: the third starts 180 s in, past the first lease.
        let channel = SteppingChannel { step in
            let passed = elapsed.withLock { elapsed in
                elapsed += 90_000
                return elapsed
            }
            let leases = try database.notifications(ids: (0..<12).map { "n\($0)" }).values.compactMap(\.leaseExpiresAt)
            #expect(leases.max() == Self.now + passed - 90_000 + Self.lease, "step \(step) renewed the leases as it began")
            #expect(try database.releaseAbandonedClaims(now: Self.now + passed, observer: Self.other) == ReleasedClaims())
        }
        let outcome = try await Deliverer(
            database: f.db, config: f.config, only: .webhook("hook"), elapsed: { elapsed.withLock { $0 } }, channels: { _ in channel }
        ).run(now: Self.now, zone: DeliverFixture.berlin)
        #expect(outcome.delivered == 12)
        #expect(outcome.takenOver == 0 && outcome.refused == 0)
        #expect(channel.sent.withLock { $0.count } == 12)
    }

    @Test("A run whose claims another host took over sends no further step; its late outcome is refused and counted in report")
    func takenOverMidRun() async throws {
        let f = try planned(12)
        let database = f.db
        let later = Self.now + 10 * Self.lease
        // During the first step the run stalls past its lease, and another host takes over.
        let channel = SteppingChannel { step in
            guard step == 1 else { return }
            let released = try database.releaseAbandonedClaims(now: later, observer: Self.other)
            #expect(released.items == 12)
            let taken = try database.claimDue(at: later, claimant: Self.other)
            #expect(taken.count == 12)
        }
        let outcome = try await Deliverer(
            database: f.db, config: f.config, only: .webhook("hook"), elapsed: { 0 }, channels: { _ in channel }
        ).run(now: Self.now, zone: DeliverFixture.berlin)
        #expect(channel.sent.withLock { $0.count } == 4, "the first step went; none after it")
        #expect(outcome.refused == 4)
        #expect(outcome.takenOver == 8)
        #expect(outcome.delivered == 4, "what this run sent, though its outcome was refused")
        let stored = try f.db.notifications(ids: (0..<12).map { "n\($0)" })
        #expect(stored.values.allSatisfy { $0.state == .delivering && $0.claimedBy == Self.other.description }, "the other host's claims stand")
        let counts = try f.db.reportCounts(from: Self.now - DeliverFixture.hour, until: Self.now + DeliverFixture.hour, engagementChannels: [])
        #expect(counts.suspectedDuplicates == 4)
        #expect(try f.deliverRuns().first?.summary.contains("8 taken over by another worker, 4 late outcomes refused") == true)
    }
}
