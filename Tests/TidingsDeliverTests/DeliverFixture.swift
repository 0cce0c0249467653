import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// A real database in a temporary folder with planned notifications, and a stdout channel
/// whose output is captured instead of printed.
final class DeliverFixture {
    let directory: TemporaryDirectory
    let db: TidingsDatabase
    var config = TidingsConfig()
    let output = Output()

    static let berlin = Zone.named("Europe/Berlin")
    static let newYork = Zone.named("America/New_York")
    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000

    init() throws {
        directory = try TemporaryDirectory()
        db = try directory.database()
    }

    /// A pending daily notification `id` due at `due`, planned at `planned`.
    static func item(
        _ id: String, due: EpochMillis, title: String = "Morning news", body: String = "Today's headline.",
        staleness: Staleness = .fresh, deepLink: String? = nil, fetched: EpochMillis? = nil,
        priority: Int = 0, planned: EpochMillis = TestClock.at("2026-11-21T12:00:00Z")
    ) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: .system, title: title, body: body, deepLink: deepLink, dueAt: due,
            plannedLocal: "2026-11-22T07:30", plannedZone: "Europe/Berlin", staleness: staleness,
            contentFetchTime: fetched, priority: priority, now: planned)
    }

    /// Stores `items` as `plan` would.
    func plan(_ items: [NotificationRecord]) throws {
        let changes = try db.applyPlan(items, now: TestClock.at("2026-11-21T12:00:00Z"))
        #expect(changes.created == items.count)
    }

    /// A stdout channel writing into `output`.
    func channel(_ format: OutputFormat, zone: Zone = DeliverFixture.berlin) -> StdoutChannel {
        let output = output
        return StdoutChannel(format: format, zone: zone, writeCounting: { text in output.write(text) })
    }

    /// One deliver run through `channel` (a capturing text channel by default).
    @discardableResult
    func run(now: EpochMillis, channel: (any Channel)? = nil, zone: Zone = DeliverFixture.berlin) async throws -> DeliverOutcome {
        let channel = channel ?? self.channel(.text)
        return try await Deliverer(database: db, config: config, only: .stdout, channels: { _ in channel }).run(now: now, zone: zone)
    }

    /// The stored notification `id`.
    func stored(_ id: String) throws -> NotificationRecord {
        try #require(try db.notifications(ids: [id])[id])
    }

    /// The stage runs of `deliver`, newest first.
    func deliverRuns() throws -> [StageRun] {
        try db.recentStageRuns(limit: 50, stage: .deliver)
    }
}

/// Text a channel wrote, and how many writes it took; a writer may be told to fail.
final class Output: Sendable {
    private struct State {
        var text = ""
        var writes = 0
        var failure: String?
        /// Bytes still taken before the failure starts; nil: it fails at once.
        var room: Int?
    }

    private let state = Mutex(State())

    /// Records `text`, returning the configured failure (nil: success).
    func append(_ text: String) -> String? {
        state.withLock { state in
            state.writes += 1
            if state.failure == nil { state.text += text }
            return state.failure
        }
    }

    /// Records what fits of `text` and says how much that was (a pipe that closes halfway).
    func write(_ text: String) -> (written: Int, error: String?) {
        state.withLock { state in
            state.writes += 1
            guard let failure = state.failure else {
                state.text += text
                return (text.utf8.count, nil)
            }
            let taken = min(text.utf8.count, state.room ?? 0)
            state.text += String(decoding: Array(text.utf8.prefix(taken)), as: UTF8.self)
            state.room = (state.room ?? 0) - taken
            return (taken, taken == text.utf8.count ? nil : failure)
        }
    }

    /// Makes every later write fail with `reason`, after `room` more bytes.
    func fail(with reason: String, after room: Int = 0) {
        state.withLock {
            $0.failure = reason
            $0.room = room
        }
    }

    /// Lets writes succeed again.
    func heal() { state.withLock { $0.failure = nil } }

    var text: String { state.withLock { $0.text } }
    var writes: Int { state.withLock { $0.writes } }
    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// `TestClock.at` for instants written in UTC.
func utc(_ text: String) -> EpochMillis { TestClock.at(text) }
