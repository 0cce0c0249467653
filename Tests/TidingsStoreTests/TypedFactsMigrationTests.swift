import GRDB
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// `v22-typed-facts`: rows written before it carried their meeting occurrence and lead in
/// their id, their day in their id, and the facts `tidings next` shows in their fingerprint;
/// opened by this version, they are typed columns, and the next `plan --if-changed` plans.
@Suite(.sqliteFileOnly) struct TypedFactsMigrationTests {
    static let now = TestClock.at("2026-11-23T08:00:00Z")
    static let start = TestClock.at("2026-11-23T09:00:00Z")
    static let zoom = "https://zoom.us/j/81234567890"

    /// A database at v21 with rows as that version wrote them, then opened by this version.
    func migrated() throws -> (TemporaryDirectory, TidingsDatabase) {
        let directory = try TemporaryDirectory()
        let path = directory.file("tidings.sqlite")
        let old = try DatabaseQueue(path: path)
        try TidingsDatabase.migrator.migrate(old, upTo: "v21-typed-seam")
        try old.write { db in
            func insert(
                _ id: String, kind: String, state: String = "pending", fingerprint: String? = nil, deepLink: String? = nil,
                expiresAt: EpochMillis? = nil, isAllDay: Bool = false
            ) throws {
                try db.execute(
                    sql: """
                        INSERT INTO notification (id, kind, category, title, body, deepLink, dueAt, plannedLocal, plannedZone, staleness,
                            state, createdAt, updatedAt, expiresAt, fingerprint, isAllDay)
                        VALUES (?, ?, 'system', 'T', 'B', ?, ?, '2026-11-23T08:50', 'UTC', 'fresh', ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [id, kind, deepLink, Self.now + 600_000, state, Self.now, Self.now, expiresAt, fingerprint, isAllDay])
            }
            let facts = ["2026-11-23T09:00:00Z", "2026-11-23T09:30:00Z", "Client review", Self.zoom, ""].joined(separator: "\u{1f}")
            try insert("meeting:review@example.org@10m", kind: "meeting", fingerprint: facts, deepLink: "zoommtg://join", expiresAt: Self.start)
            try insert(
                "meeting:weekly@example.org:2026-11-23T08:00:00Z@1h30m", kind: "meeting",
                fingerprint: ["2026-11-23T10:00:00Z", "2026-11-23T10:15:00Z", "Weekly", "", "Room 4"].joined(separator: "\u{1f}"),
                expiresAt: Self.start + 3_600_000)
            try insert("meeting:offsite@example.org@all-day", kind: "meeting", isAllDay: true)
            try insert("meeting:legacy@example.org", kind: "meeting", state: "delivered")
            try insert("daily:2026-11-23", kind: "daily", fingerprint: "T\u{1f}B\u{1f}")
            try insert("weekly:2026-11-23", kind: "weekly")
            try insert("insight:2026-11-24", kind: "insight")
            try insert("digest:daily:2026-11-23", kind: "digest")
            try db.execute(sql: "INSERT INTO planInputs (id, plannedAt, fingerprint, changeSeq) VALUES (1, ?, 'inputs', 3)", arguments: [Self.now])
        }
        try old.close()
        return (directory, try TidingsDatabase(path: path))
    }

    func rows(_ database: TidingsDatabase) throws -> [String: NotificationRecord] {
        try database.writer.read { db in
            Dictionary(
                uniqueKeysWithValues: try SQLiteStoreConnection(database: db).rows("SELECT * FROM notification").map(NotificationRecord.init(store:))
                    .map { ($0.id, $0) })
        }
    }

    @Test("A meeting reminder's id gives its occurrence and lead; an all-day one has no lead; an id without a lead is its own occurrence")
    func occurrenceAndLead() throws {
        let (directory, database) = try migrated()
        let rows = try rows(database)
        #expect(rows["meeting:review@example.org@10m"]?.occurrence == "meeting:review@example.org")
        #expect(rows["meeting:review@example.org@10m"]?.lead == 600_000)
        let weekly = rows["meeting:weekly@example.org:2026-11-23T08:00:00Z@1h30m"]
        #expect(weekly?.occurrence == "meeting:weekly@example.org:2026-11-23T08:00:00Z" && weekly?.lead == 5_400_000)
        let offsite = rows["meeting:offsite@example.org@all-day"]
        #expect(offsite?.occurrence == "meeting:offsite@example.org" && offsite?.lead == nil)
        let legacy = rows["meeting:legacy@example.org"]
        #expect(legacy?.occurrence == "meeting:legacy@example.org" && legacy?.lead == nil, "the uid's own @ is not a lead")
        #expect(rows["daily:2026-11-23"]?.occurrence == nil && rows["daily:2026-11-23"]?.lead == nil)
        let found = try database.notifications(occurrences: ["meeting:legacy@example.org", "meeting:review@example.org"])
        #expect(found.keys.sorted() == ["meeting:legacy@example.org", "meeting:review@example.org@10m"])
        withExtendedLifetime(directory) {}
    }

    @Test("A daily update, weekly summary or insight gets the day of its id; a digest none")
    func day() throws {
        let (directory, database) = try migrated()
        let rows = try rows(database)
        #expect(rows["daily:2026-11-23"]?.day == LocalDate("2026-11-23"))
        #expect(rows["weekly:2026-11-23"]?.day == LocalDate("2026-11-23"))
        #expect(rows["insight:2026-11-24"]?.day == LocalDate("2026-11-24"))
        #expect(rows["digest:daily:2026-11-23"]?.day == nil)
        #expect(rows["daily:2026-11-23"]?.startsAt == nil, "only a meeting's fingerprint holds meeting facts")
        withExtendedLifetime(directory) {}
    }

    @Test("A meeting's fingerprint gives its start, end, title and join link, and tidings next reads them; the fingerprint stays")
    func meetingFacts() throws {
        let (directory, database) = try migrated()
        let rows = try rows(database)
        let review = rows["meeting:review@example.org@10m"]
        #expect(review?.startsAt == Self.start && review?.endsAt == Self.start + 1_800_000)
        #expect(review?.eventTitle == "Client review" && review?.joinURL == Self.zoom)
        #expect(review?.fingerprint?.hasPrefix("2026-11-23T09:00:00Z") == true)
        let weekly = rows["meeting:weekly@example.org:2026-11-23T08:00:00Z@1h30m"]
        #expect(weekly?.eventTitle == "Weekly" && weekly?.joinURL == nil, "no join link: nil, not empty")
        let next = try database.nextMeeting(at: Self.now)
        #expect(
            next
                == NextMeeting(
                    title: "Client review", start: Self.start, end: Self.start + 1_800_000, link: "zoommtg://join", url: Self.zoom,
                    reminderID: "meeting:review@example.org@10m"))
        withExtendedLifetime(directory) {}
    }

    @Test("The last plan's inputs are forgotten: the next plan --if-changed plans again")
    func planInputs() throws {
        let (directory, database) = try migrated()
        #expect(try database.planInputs() == nil)
        withExtendedLifetime(directory) {}
    }

    @Test("A row written now stores each typed fact and reads it back the same")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        var item = NotificationRecord(
            id: "meeting:x@10m", kind: .meeting, category: .transactional, title: "T", body: "B", deepLink: nil, dueAt: Self.now,
            plannedLocal: "2026-11-23T08:00", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: Self.now)
        item.occurrence = "meeting:x"
        item.lead = 600_000
        item.day = LocalDate("2026-11-23")
        item.startsAt = Self.start
        item.endsAt = Self.start + 1
        item.eventTitle = "Sync"
        item.joinURL = Self.zoom
        _ = try database.applyPlan([item], now: Self.now)
        #expect(try rows(database)["meeting:x@10m"] == item)
        let day = try database.writer.read { db in try String.fetchOne(db, sql: "SELECT day FROM notification") }
        #expect(day == "2026-11-23")
        withExtendedLifetime(directory) {}
    }
}
