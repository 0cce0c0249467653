import GRDB
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// `v21-typed-seam`: a database written before it keeps its meaning. Its facts were text
/// (the `backlog:` reason, the `user:` mark of the fingerprint, the `@all-day` id, the
/// `llm-fallback: reason` generator, the digest member's `merged into` reason); opened by
/// this version, they are typed columns.
@Suite(.sqliteFileOnly) struct TypedSeamMigrationTests {
    static let now = TestClock.at("2026-11-22T12:00:00Z")

    /// A database at v20 with rows as that version wrote them, then opened by this version.
    func migrated() throws -> (TemporaryDirectory, TidingsDatabase) {
        let directory = try TemporaryDirectory()
        let path = directory.file("tidings.sqlite")
        let old = try DatabaseQueue(path: path)
        try TidingsDatabase.migrator.migrate(old, upTo: "v20-reminder-anchor")
        try old.write { db in
            func insert(
                _ id: String, kind: String = "daily", state: String, reason: String?, fingerprint: String? = nil,
                generator: String? = nil, channels: String? = nil
            ) throws {
                try db.execute(
                    sql: """
                        INSERT INTO notification (id, kind, category, title, body, dueAt, plannedLocal, plannedZone, staleness,
                            state, stateReason, createdAt, updatedAt, fingerprint, generator, channels)
                        VALUES (?, ?, 'system', 'T', 'B', ?, '2026-11-22T13:00', 'UTC', 'fresh', ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [id, kind, Self.now + 3_600_000, state, reason, Self.now, Self.now, fingerprint, generator, channels])
            }
            try insert("waiting", state: "backlog", reason: "backlog: sooner or more important items fill the 2 pending places (plan.max_pending)")
            try insert("capped", state: "missed", reason: "missed: held back by the pending cap (plan.max_pending = 2): due …")
            try insert("expiredCapped", state: "expired", reason: "expired at 2026-11-22T13:00:00+00:00, held back by the pending cap")
            try insert("late", state: "missed", reason: "missed: due 2026-11-22T07:00:00+01:00, 3h late, grace is 2h")
            try insert("edited", state: "pending", reason: nil, fingerprint: "user:facts")
            try insert("editedBare", state: "pending", reason: nil, fingerprint: "user:")
            try insert("planned", state: "pending", reason: nil, fingerprint: "facts", generator: "template")
            try insert("meeting:offsite@all-day", kind: "meeting", state: "pending", reason: nil)
            try insert("meeting:standup@10m", kind: "meeting", state: "pending", reason: nil)
            try insert("fellBack", state: "pending", reason: nil, generator: "llm-fallback: timeout after 5 s")
            try insert("fellBackBare", state: "pending", reason: nil, generator: "llm-fallback")
            try insert("written", state: "pending", reason: nil, generator: "llm")
            try insert("chosen", state: "pending", reason: nil, channels: "stdout,webhook:phone,nonsense")
            try insert("digest:a", kind: "digest", state: "pending", reason: nil, fingerprint: "user:")
            try insert("member", state: "cancelled", reason: "merged into digest:a", fingerprint: "user:m")
            try insert("other", state: "cancelled", reason: "cancelled by the user", fingerprint: "user:o")
            try db.execute(sql: "INSERT INTO digestMember (digestId, memberId) VALUES ('digest:a', 'member'), ('digest:a', 'other')")
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

    @Test("The pending cap's backlog reason, and its misses and expiries, become Hold.cap; other misses do not")
    func capHold() throws {
        let (directory, database) = try migrated()
        let rows = try rows(database)
        #expect(rows["waiting"]?.hold == .cap)
        #expect(rows["capped"]?.hold == .cap && rows["expiredCapped"]?.hold == .cap)
        #expect(rows["late"]?.hold == [])
        #expect(rows["planned"]?.hold == [])
        #expect(
            try database.capState(PendingCap(limit: 2), now: Self.now, soon: Self.now, since: 0).missed == 2,
            "the cap's misses are counted from the column")
        withExtendedLifetime(directory) {}
    }

    @Test("The user: mark of the fingerprint becomes Hold.user, and the planner's fingerprint stays without it")
    func userHold() throws {
        let (directory, database) = try migrated()
        let rows = try rows(database)
        #expect(rows["edited"]?.hold == .user && rows["edited"]?.fingerprint == "facts")
        #expect(rows["editedBare"]?.hold == .user && rows["editedBare"]?.fingerprint == nil)
        #expect(rows["edited"]?.isHeldByUser == true && rows["planned"]?.isHeldByUser == false)
        #expect(rows["planned"]?.fingerprint == "facts")
        withExtendedLifetime(directory) {}
    }

    @Test("An @all-day id becomes isAllDay; a timed reminder's does not")
    func allDay() throws {
        let (directory, database) = try migrated()
        let rows = try rows(database)
        #expect(rows["meeting:offsite@all-day"]?.isAllDay == true)
        #expect(rows["meeting:standup@10m"]?.isAllDay == false)
        withExtendedLifetime(directory) {}
    }

    @Test("llm-fallback: reason becomes the generator llm-fallback and its reason; other generators stay")
    func generator() throws {
        let (directory, database) = try migrated()
        let rows = try rows(database)
        #expect(rows["fellBack"]?.generator == .llmFallback && rows["fellBack"]?.generatorReason == "timeout after 5 s")
        #expect(rows["fellBackBare"]?.generator == .llmFallback && rows["fellBackBare"]?.generatorReason == nil)
        #expect(rows["written"]?.generator == .llm && rows["planned"]?.generator == .template)
        let window = (from: Self.now, until: Self.now + 86_400_000)
        #expect(try database.generatorCounts(from: window.from, until: window.until) == [.template: 1, .llm: 1, .llmFallback: 2])
        #expect(try database.fallbackReasons(from: window.from, until: window.until) == ["timeout after 5 s": 1, "": 1])
        withExtendedLifetime(directory) {}
    }

    @Test("The chosen channels read back typed; a name this version does not know is left out")
    func chosenChannels() throws {
        let (directory, database) = try migrated()
        #expect(try rows(database)["chosen"]?.chosenChannels == [.stdout, .webhook("phone")])
        withExtendedLifetime(directory) {}
    }

    @Test("A member merged into a digest before v21 still takes the digest's end; one cancelled apart does not")
    func digestMembers() throws {
        let (directory, database) = try migrated()
        #expect(try rows(database)["member"]?.hold == [.user, .digest])
        #expect(try rows(database)["other"]?.hold == .user)
        try database.writer.write { db in
            try db.execute(sql: "UPDATE notification SET state = 'delivered', updatedAt = ? WHERE id = 'digest:a'", arguments: [Self.now + 1])
        }
        let rows = try rows(database)
        #expect(rows["member"]?.state == .delivered && rows["member"]?.stateReason == "in digest:a")
        #expect(rows["other"]?.state == .cancelled)
        withExtendedLifetime(directory) {}
    }

    @Test("A row written now stores each typed value and reads it back the same")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        var item = NotificationRecord(
            id: "meeting:x@all-day", kind: .meeting, category: .system, title: "T", body: "B", deepLink: nil, dueAt: Self.now,
            plannedLocal: "2026-11-22T12:00", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: Self.now)
        item.hold = [.cap, .user]
        item.isAllDay = true
        item.generator = .llmFallback
        item.generatorReason = "refused"
        item.channels = [.desktop, .command("beep")]
        item.state = .backlog
        _ = try database.applyPlan([item], now: Self.now)
        #expect(try rows(database)["meeting:x@all-day"] == item)
        let text = try database.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT hold, isAllDay, generator, generatorReason, channels FROM notification")
        }
        let (hold, allDay): (Int?, Int?) = (text?["hold"], text?["isAllDay"])
        let words: [String?] = [text?["generator"], text?["generatorReason"], text?["channels"]]
        #expect(hold == 3 && allDay == 1)
        #expect(words == ["llm-fallback", "refused", "desktop,command:beep"])
        withExtendedLifetime(directory) {}
    }
}
