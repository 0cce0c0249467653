import GRDB
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// `v23-delivery-unavailable`: a failed leg's "could take nothing" was the reason's words
/// (`desktop unavailable: …`); opened by this version it is the `unavailable` column, which
/// a resumed run reads to give the desktop's fallback only what the desktop could not take.
@Suite struct DeliveryUnavailableMigrationTests {
    static let now = TestClock.at("2026-11-22T12:00:00Z")

    /// A database at v21 with a delivering item and its desktop and webhook rows as that
    /// version wrote them, then opened by this version.
    func migrated() throws -> (TemporaryDirectory, TidingsDatabase) {
        let directory = try TemporaryDirectory()
        let path = directory.file("tidings.sqlite")
        let old = try DatabaseQueue(path: path)
        try TidingsDatabase.migrator.migrate(old, upTo: "v21-typed-seam")
        try old.write { db in
            for id in ["headless", "refused", "webhook"] {
                try db.execute(
                    sql: """
                        INSERT INTO notification (id, kind, category, title, body, dueAt, plannedLocal, plannedZone, staleness,
                            state, createdAt, updatedAt, claims)
                        VALUES (?, 'daily', 'system', 'T', 'B', ?, '2026-11-22T12:00', 'UTC', 'fresh', 'delivering', ?, ?, 2)
                        """,
                    arguments: [id, Self.now, Self.now, Self.now])
            }
            func failed(_ id: String, _ channel: String, _ reason: String) throws {
                try db.execute(
                    sql: """
                        INSERT INTO delivery (notificationId, scheduledTime, actualDeliveryTime, staleness, channel, outcome, failureReason)
                        VALUES (?, ?, ?, 'fresh', ?, 'failed', ?)
                        """,
                    arguments: [id, Self.now, Self.now, channel, reason])
            }
            try failed("headless", "desktop", "desktop unavailable: no session bus")
            try failed("refused", "desktop", "the daemon refused the call")
            try failed("webhook", "webhook:phone", "webhook:phone unavailable: its token file is missing")
        }
        try old.close()
        return (directory, try TidingsDatabase(path: path))
    }

    @Test("A failed row whose reason starts with its channel's \"unavailable: \" becomes unavailable; a refusal does not")
    func filled() throws {
        let (directory, database) = try migrated()
        let items = try database.snapshot("read") { try $0.rows("SELECT * FROM notification ORDER BY id").map(NotificationRecord.init(store:)) }
        let legs = try database.legStates(of: items)
        #expect(legs["headless"]?[.desktop] == .failed("desktop unavailable: no session bus", unavailable: true))
        #expect(legs["refused"]?[.desktop] == .failed("the daemon refused the call", unavailable: false))
        #expect(legs["webhook"]?[.webhook("phone")] == .failed("webhook:phone unavailable: its token file is missing", unavailable: true))
        withExtendedLifetime(directory) {}
    }

    @Test("A retry naming none of the channel forms leaves the outbox as a failed leg, and its item is settled")
    func unknownRetryChannel() throws {
        let directory = try TemporaryDirectory()
        let database = try TidingsDatabase(path: directory.file("tidings.sqlite"))
        let item = NotificationRecord(
            id: "a", kind: .daily, category: .system, title: "T", body: "B", deepLink: nil, dueAt: Self.now,
            plannedLocal: "2026-11-22T12:00", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: Self.now - 60_000)
        _ = try database.applyPlan([item], now: Self.now - 60_000)
        #expect(try database.claimDue(at: Self.now).count == 1)
        try database.recordLegs(
            deliveries: [], retries: [ScheduledRetry(notificationId: "a", channel: .stdout, attempts: 1, nextAttemptAt: Self.now, lastError: "busy")],
            settle: ["a"], now: Self.now)
        try database.writer.write { try $0.execute(sql: "UPDATE outbox SET channel = 'pager:night'") }

        #expect(try database.claimDueRetries(at: Self.now).isEmpty)
        let (state, outbox, reasons) = try database.writer.read { db in
            (
                try String.fetchOne(db, sql: "SELECT state FROM notification WHERE id = 'a'"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox") ?? -1,
                try String.fetchAll(db, sql: "SELECT failureReason FROM delivery WHERE outcome = 'failed' AND channel IS NULL")
            )
        }
        #expect(state == "failed")
        #expect(outbox == 0)
        #expect(reasons == ["its retry names \"pager:night\", none of the channel forms"])
        withExtendedLifetime(directory) {}
    }
}
