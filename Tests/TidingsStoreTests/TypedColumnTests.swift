import GRDB
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// The typed columns: the same text as when they were strings, a clear error for a word this
/// version does not know, and counts that keep such words.
@Suite(.sqliteFileOnly) struct TypedColumnTests {
    static let now = TestClock.at("2026-11-22T12:00:00Z")

    func item(_ id: String) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .meeting, category: .transactional, title: "T", body: "B", deepLink: nil, dueAt: Self.now,
            plannedLocal: "2026-11-22T12:00", plannedZone: "UTC", staleness: .stale, contentFetchTime: nil, now: Self.now)
    }

    func text(_ database: TidingsDatabase, _ sql: String) throws -> [String] {
        try database.writer.read { db in try String.fetchAll(db, sql: sql) }
    }

    @Test("Each word is stored as its raw value, the text the columns held before")
    func storedText() throws {
        let database = try TemporaryDirectory().database()
        _ = try database.applyPlan([item("a")], now: Self.now)
        try database.recordDeliveries(
            [
                DeliveryRecord(
                    notificationId: "a", scheduledTime: Self.now, actualDeliveryTime: nil, contentAge: nil, staleness: .stale,
                    channel: .webhook("phone"), outcome: .retry)
            ], now: Self.now)
        try database.recordFetch(
            url: "https://x/a", attempt: FetchAttempt(source: "s", startedAt: 1, durationMs: 1, outcome: .notModified), update: .keep)
        try database.recordStageRun(StageRun(stage: .prefetch, startedAt: 1, endedAt: 2, outcome: .degraded, summary: ""))

        #expect(
            try text(database, "SELECT kind || ' ' || category || ' ' || staleness || ' ' || state FROM notification")
                == ["meeting transactional stale pending"])
        #expect(try text(database, "SELECT staleness || ' ' || outcome FROM delivery") == ["stale retry"])
        #expect(try text(database, "SELECT outcome FROM fetchAttempt") == ["not_modified"])
        #expect(try text(database, "SELECT lastOutcome FROM source") == ["not_modified"])
        #expect(try text(database, "SELECT stage || ' ' || outcome FROM stageRun") == ["prefetch degraded"])
    }

    @Test("A state this version does not know fails the read, naming the type, the value and the column")
    func unknownState() throws {
        let database = try TemporaryDirectory().database()
        _ = try database.applyPlan([item("a")], now: Self.now)
        try database.writer.write { db in try db.execute(sql: "UPDATE notification SET state = 'snoozed'") }
        do {
            _ = try database.notifications(ids: ["a"])
            Issue.record("an unknown state was read")
        } catch {
            #expect(error.message.contains("NotificationState"), "\(error)")
            #expect(error.message.contains("snoozed"), "\(error)")
            #expect(error.message.contains("column: \"state\""), "\(error)")
        }
    }

    @Test("report counts a fetch outcome this version does not know among the attempts, never as a success")
    func unknownFetchOutcome() throws {
        let database = try TemporaryDirectory().database()
        try database.recordFetch(
            url: "https://x/a", attempt: FetchAttempt(source: "s", startedAt: 1, durationMs: 1, outcome: .ok), update: .keep)
        try database.writer.write { db in
            try db.execute(sql: "INSERT INTO fetchAttempt (source, startedAt, durationMs, outcome) VALUES ('s', 2, 1, 'tls_error')")
        }
        let counts = try database.reportCounts(from: 0, until: 10, engagementChannels: [])
        #expect(counts.fetchOutcomes == [.ok: 1])
        #expect(counts.unknownFetchOutcomes == 1)
    }
}
