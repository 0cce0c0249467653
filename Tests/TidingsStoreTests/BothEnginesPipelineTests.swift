import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsPostgres
import TidingsTestSupport

@testable import TidingsStore

/// The store's business rules on both engines: the same plan, claims, outcomes, retries,
/// inbox and report on a SQLite file and on a PostgreSQL database, and claims that two
/// connections make at once never share an item.
@Suite struct BothEnginesPipelineTests {
    typealias Engine = PostgresStoreTests.Engine
    static let due = TestClock.at("2026-11-27T07:30:00Z")

    static func item(_ id: String, due: EpochMillis = due, priority: Int = 0) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: .system, title: "Title \(id)", body: "Body ünïcode", deepLink: nil, dueAt: due,
            plannedLocal: "2026-11-27T08:30", plannedZone: "Europe/Berlin", staleness: .fresh, contentFetchTime: nil,
            priority: priority, now: due - 3_600_000)
    }

    /// What a run of the pipeline left, in a form both engines must give alike.
    struct Outcome: Equatable {
        var planned: Int
        var claimed: [String]
        var retried: [String]
        var states: [String: NotificationState]
        var inbox: [String]
        var delivered: Int
        var failed: Int
        var stillWork: Bool
    }

    func run(_ engine: Engine) throws -> Outcome {
        let (directory, database) = try PostgresStoreTests.open(engine)
        defer { database.closeConnection() }
        let items = (0..<6).map { Self.item("n\($0)", priority: $0 % 2) } + [Self.item("later", due: Self.due + 3_600_000)]
        let changes = try database.applyPlan(items, now: Self.due - 3_600_000)
        #expect(try database.hasDeliveryWork(at: Self.due))
        let claimed = try database.claimDue(at: Self.due)
        #expect(try database.claimDue(at: Self.due).isEmpty, "an item is claimed once")
        // The inbox takes every item; the webhook takes the even ones and asks to retry the odd.
        var deliveries: [DeliveryRecord] = []
        var retries: [ScheduledRetry] = []
        for (index, item) in claimed.enumerated() {
            deliveries.append(
                DeliveryRecord(
                    notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: Self.due, contentAge: nil,
                    staleness: item.staleness, channel: .inbox, outcome: .delivered, revision: item.revision))
            var hook = DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: Self.due, contentAge: nil, staleness: item.staleness,
                channel: .webhook("hook"), outcome: index % 2 == 0 ? .delivered : .retry, revision: item.revision)
            if index % 2 == 1 {
                hook.failureReason = "HTTP 503"
                retries.append(
                    ScheduledRetry(
                        notificationId: item.id, channel: .webhook("hook"), attempts: 1, nextAttemptAt: Self.due + 60_000, lastError: "HTTP 503"))
            }
            deliveries.append(hook)
        }
        try database.recordLegs(deliveries: deliveries, retries: retries, settle: Set(claimed.map(\.id)), now: Self.due)
        let legs = try database.claimDueRetries(at: Self.due + 60_000)
        try database.recordLegs(
            deliveries: legs.map { leg in
                var row = DeliveryRecord(
                    notificationId: leg.notification.id, scheduledTime: leg.notification.dueAt, actualDeliveryTime: Self.due + 60_000,
                    contentAge: nil, staleness: leg.notification.staleness, channel: leg.channel, outcome: .failed,
                    revision: leg.notification.revision)
                row.failureReason = "gave up after 2 attempts: HTTP 503"
                return row
            }, retries: [], settle: Set(legs.map(\.notification.id)), now: Self.due + 60_000)
        let stored = try database.notifications(ids: items.map(\.id))
        let counts = try database.reportCounts(from: Self.due - 86_400_000, until: Self.due + 86_400_000, engagementChannels: [.inbox])
        let outcome = Outcome(
            planned: changes.created, claimed: claimed.map(\.id), retried: legs.map(\.notification.id).sorted(),
            states: stored.mapValues(\.state),
            inbox: try database.inboxItems(includeRead: false, limit: 100, at: Self.due + 120_000).map(\.notification.id).sorted(),
            delivered: counts.notificationStates[.delivered] ?? 0, failed: counts.notificationStates[.failed] ?? 0,
            stillWork: try database.hasDeliveryWork(at: Self.due + 120_000))
        withExtendedLifetime(directory) {}
        return outcome
    }

    @Test("Plan, claims, outcomes on two channels, a retry that fails for good, the inbox and the report: alike on both engines")
    func sameOutcome() throws {
        let sqlite = try run(.sqlite)
        let postgresql = try run(.postgresql)
        #expect(sqlite == postgresql)
        #expect(sqlite.planned == 7)
        #expect(sqlite.claimed == ["n1", "n3", "n5", "n0", "n2", "n4"], "earliest, then most important, then by id")
        #expect(sqlite.retried == ["n0", "n3", "n4"])
        #expect(sqlite.inbox.count == 6)
        #expect(sqlite.states["later"] == .pending)
        #expect(sqlite.states.values.filter { $0 == .delivered }.count == 6, "the inbox took each: delivered, whatever the webhook did")
        #expect(sqlite.stillWork == false)
    }

    @Test("Two connections claiming at once on PostgreSQL: every item claimed, none twice")
    func concurrentClaims() throws {
        let url = try PostgresTestCluster.shared().createDatabase().absoluteString
        let planner = try TidingsDatabase(postgres: url)
        // Due a minute apart in 20 groups, so that each connection's claims of the minutes one
        // after the other meet the other's.
        _ = try planner.applyPlan(
            (0..<400).map { Self.item(String(format: "c%03d", $0), due: Self.due + Int64($0 % 20) * 60_000) }, now: Self.due - 3_600_000)
        planner.closeConnection()
        let first = try TidingsDatabase(postgres: url)
        let second = try TidingsDatabase(postgres: url)
        defer {
            first.closeConnection()
            second.closeConnection()
        }
        let claims = Mutex<[[String]]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let database = index == 0 ? first : second
            var mine: [String] = []
            do {
                for minute in 0..<20 {
                    mine += try database.claimDue(at: Self.due + Int64(minute) * 60_000).map(\.id)
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
            claims.withLock { $0.append(mine) }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let all = claims.withLock { $0 }.flatMap { $0 }
        #expect(all.count == 400, "every item claimed")
        #expect(Set(all).count == 400, "none twice")
    }

    @Test("A claim on PostgreSQL skips the items another host holds at that moment, and takes them once it lets go")
    func claimsSkipLockedRows() throws {
        let url = try PostgresTestCluster.shared().createDatabase().absoluteString
        let database = try TidingsDatabase(postgres: url)
        defer { database.closeConnection() }
        _ = try database.applyPlan((0..<10).map { Self.item("s\($0)") }, now: Self.due - 3_600_000)
        // Another host in the middle of its claim: it holds three rows, uncommitted.
        let other = try PostgresConnection(url)
        defer { other.close() }
        try other.execute("BEGIN")
        let held = try other.execute("SELECT id FROM notification WHERE id IN ('s0', 's1', 's2') FOR UPDATE")
        #expect(held.rows.count == 3)
        // A claim that waited for those rows would hit this and fail instead of passing.
        try database.postgres?.withConnection { connection in _ = try connection.execute("SET lock_timeout = '5s'") }

        let first = try database.claimDue(at: Self.due).map(\.id)
        #expect(first == (3..<10).map { "s\($0)" }, "the held rows are skipped, not waited for")
        try other.execute("COMMIT")
        let second = try database.claimDue(at: Self.due).map(\.id)
        #expect(second == ["s0", "s1", "s2"], "and claimed once let go")
    }
}
