import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Nag until seen in `deliver`: repeats wait in the outbox and are claimed like retries, so a
/// run that dies during a repeat leaves it to the next run, which sends that repeat again with
/// the same key once the dead run's lease has expired, and nothing more; the count and the
/// rates stay those of one delivery.
@Suite struct DeliverNagTests {
    static let now = TestClock.at("2026-11-22T06:30:00Z")
    static let minute: Int64 = 60_000

    /// A webhook-like channel (at least once) that keeps the key of every message it takes.
    final class KeyChannel: Channel, Sendable {
        var guarantee: DeliveryGuarantee { .atLeastOnce }
        var chunkSize: Int { 4 }
        var name: ChannelName { .webhook("hook") }
        var reportsEngagement: Bool { false }
        var platformInfo: String { "{}" }
        let keys = Mutex<[String]>([])

        func state() async -> ChannelState { .available }

        func send(_ messages: [Message], now: EpochMillis) async -> [ChannelResult] {
            keys.withLock { $0 += messages.map(\.idempotencyKey) }
            return messages.map { ChannelResult(id: $0.id, outcome: .delivered) }
        }
    }

    @Test("A repeat claimed by a run that died is sent again once, with the same key, after its lease; then the rest, at most times")
    func deadRunRepeatsOneStep() async throws {
        var f = try DeliverFixture()
        f.config.nag.categories[.system] = 5 * Self.minute
        try f.plan([DeliverFixture.item("n0", due: Self.now)])
        let channel = KeyChannel()
        func run(_ at: EpochMillis) async throws -> DeliverOutcome {
            try await Deliverer(database: f.db, config: f.config, only: .webhook("hook"), elapsed: { 0 }, channels: { _ in channel })
                .run(now: at, zone: DeliverFixture.berlin)
        }
        #expect(try await run(Self.now).delivered == 1)
        #expect(try await run(Self.now + 4 * Self.minute).idle, "nothing before the interval")

        // A run on another host claims the first repeat and dies before sending it.
        let repeatAt = Self.now + 5 * Self.minute
        let taken = try f.db.claimDueRetries(at: repeatAt, claimant: DeliverLeaseTests.other)
        #expect(taken.map(\.nags) == [true])
        #expect(try await run(repeatAt + 1000).repeated == 0, "its lease still holds")
        let resumed = try await run(repeatAt + TidingsDatabase.leaseLength + 1000)
        #expect(resumed.repeated == 1 && resumed.resumed == 1)
        for step in 1...3 { _ = try await run(repeatAt + TidingsDatabase.leaseLength + Int64(step) * 5 * Self.minute + 1000) }
        #expect(channel.keys.withLock { $0 } == ["n0", "n0!1", "n0!2", "n0!3"])
        #expect(try f.stored("n0").state == .delivered)

        let counts = try f.db.reportCounts(from: Self.now - DeliverFixture.hour, until: Self.now + DeliverFixture.hour, engagementChannels: [])
        #expect(counts.nagRepeats == 3)
        #expect(counts.notificationStates[.delivered] == 1)
    }
}
