import GRDB
import TidingsCore

/// What a fetch attempt leaves in the cache.
public enum FetchCacheUpdate: Sendable {
    /// A valid payload: it becomes the source's last-known-good.
    case replace([NotificationContent], etag: String?, lastModified: String?)
    /// A valid calendar: its text becomes the source's last-known-good.
    /// `withoutUID` of the events have no UID (they were given one from their content).
    case replaceCalendar(String, events: Int, withoutUID: Int = 0, etag: String?, lastModified: String?)
    /// A valid remote schedule: its text becomes the source's last-known-good. A new
    /// `version` restarts the sequence from the attempt's time.
    case replaceSchedule(String, version: String, etag: String?, lastModified: String?)
    /// 304 Not Modified: the cached content is confirmed current as of the attempt.
    case confirm
    /// A failed attempt: the cache stays as it was.
    case keep
}

extension TidingsDatabase {
    /// The stored state of the source `name`, or nil before its first attempt.
    public func sourceState(named name: String) throws(StoreError) -> SourceState? {
        try read("read source state") { db in try SourceState.fetchOne(db, key: name) }
    }

    /// Records one fetch attempt and applies its result to the cache, in one transaction:
    /// a crash leaves either the old last-known-good or the new one, never a mix.
    public func recordFetch(url: String, attempt: FetchAttempt, update: FetchCacheUpdate) throws(StoreError) {
        try write("record fetch of \(attempt.source)") { db in
            var state =
                try SourceState.fetchOne(db, key: attempt.source)
                ?? SourceState(name: attempt.source, url: url, firstSeenAt: attempt.startedAt)
            if state.url != url {
                // Validators belong to the URL that issued them.
                state.url = url
                state.etag = nil
                state.lastModified = nil
            }
            state.lastAttemptAt = attempt.startedAt
            state.lastOutcome = attempt.outcome
            switch update {
            case .replace(let items, let etag, let lastModified):
                let old = try CachedContent.filter(Column("source") == attempt.source).order(Column("rowid")).fetchAll(db)
                let new = items.map { CachedContent(source: attempt.source, content: $0) }
                if old.map(\.comparable) != new.map(\.comparable) { state.changeSeq = try Self.nextChange(db) }
                try CachedContent.filter(Column("source") == attempt.source).deleteAll(db)
                for row in new { try row.insert(db) }
                state.etag = etag
                state.lastModified = lastModified
                state.lastSuccessAt = attempt.startedAt
            case .replaceCalendar(let text, let events, let withoutUID, let etag, let lastModified):
                let old = try String.fetchOne(db, sql: "SELECT ics FROM calendar WHERE source = ?", arguments: [attempt.source])
                if old != text { state.changeSeq = try Self.nextChange(db) }
                try db.execute(
                    sql: """
                        INSERT INTO calendar (source, ics, fetchTime, eventCount, withoutUID) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (source) DO UPDATE SET ics = excluded.ics, fetchTime = excluded.fetchTime,
                            eventCount = excluded.eventCount, withoutUID = excluded.withoutUID
                        """,
                    arguments: [attempt.source, text, attempt.startedAt, events, withoutUID])
                state.etag = etag
                state.lastModified = lastModified
                state.lastSuccessAt = attempt.startedAt
            case .replaceSchedule(let text, let version, let etag, let lastModified):
                // The first sight of a version anchors its dates; the same version again only
                // replaces the text (an entry added, removed or reworded).
                let old = try Row.fetchOne(db, sql: "SELECT json, version FROM schedule WHERE source = ?", arguments: [attempt.source])
                if old?["json"] != text || old?["version"] != version { state.changeSeq = try Self.nextChange(db) }
                try db.execute(
                    sql: """
                        INSERT INTO schedule (source, json, version, versionSeenAt, fetchTime) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (source) DO UPDATE SET json = excluded.json, fetchTime = excluded.fetchTime,
                            versionSeenAt = CASE WHEN version = excluded.version THEN versionSeenAt ELSE excluded.versionSeenAt END,
                            version = excluded.version
                        """,
                    arguments: [attempt.source, text, version, attempt.startedAt, attempt.startedAt])
                state.etag = etag
                state.lastModified = lastModified
                state.lastSuccessAt = attempt.startedAt
            case .confirm:
                try db.execute(
                    sql: "UPDATE content SET fetchTime = ? WHERE source = ?", arguments: [attempt.startedAt, attempt.source])
                try db.execute(
                    sql: "UPDATE calendar SET fetchTime = ? WHERE source = ?", arguments: [attempt.startedAt, attempt.source])
                try db.execute(
                    sql: "UPDATE schedule SET fetchTime = ? WHERE source = ?", arguments: [attempt.startedAt, attempt.source])
                state.lastSuccessAt = attempt.startedAt
            case .keep:
                break
            }
            try state.save(db)
            try attempt.insert(db)
        }
    }

    /// The number of a new change to a source's cache: one more than the latest.
    private static func nextChange(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(changeSeq), 0) + 1 FROM source") ?? 1
    }

    /// The last-known-good calendar of every calendar source.
    public func cachedCalendars() throws(StoreError) -> [CachedCalendar] {
        try read("read calendars") { db in
            try Row.fetchAll(db, sql: "SELECT source, ics, fetchTime, eventCount, withoutUID FROM calendar ORDER BY source").map { row in
                CachedCalendar(
                    source: row["source"], text: row["ics"], fetchTime: row["fetchTime"], eventCount: row["eventCount"],
                    withoutUID: row["withoutUID"])
            }
        }
    }

    /// Every cached calendar without its text: for doctor.
    public func calendarSummaries() throws(StoreError) -> [CachedCalendar] {
        try read("read calendars") { db in
            try Row.fetchAll(db, sql: "SELECT source, fetchTime, eventCount, withoutUID FROM calendar ORDER BY source").map { row in
                CachedCalendar(
                    source: row["source"], text: "", fetchTime: row["fetchTime"], eventCount: row["eventCount"],
                    withoutUID: row["withoutUID"])
            }
        }
    }

    /// The last-known-good schedule of every schedule source.
    public func cachedSchedules() throws(StoreError) -> [CachedSchedule] {
        try read("read schedules") { db in
            try Row.fetchAll(db, sql: "SELECT source, json, version, versionSeenAt, fetchTime FROM schedule ORDER BY source").map { row in
                CachedSchedule(
                    source: row["source"], text: row["json"], version: row["version"], versionSeenAt: row["versionSeenAt"],
                    fetchTime: row["fetchTime"])
            }
        }
    }

    /// Every cached content item of every source.
    public func cachedContent() throws(StoreError) -> [CachedContent] {
        try read("read content cache") { db in try CachedContent.fetchAll(db) }
    }
}

/// A calendar source's last-known-good ICS text.
public struct CachedCalendar: Sendable, Equatable {
    /// The source's name.
    public var source: String
    /// The whole VCALENDAR.
    public var text: String
    /// When it was fetched, or last confirmed unchanged.
    public var fetchTime: EpochMillis
    /// How many VEVENTs it holds.
    public var eventCount: Int
    /// How many of them have no UID (given one from their content).
    public var withoutUID: Int = 0
}

/// A schedule source's last-known-good document.
public struct CachedSchedule: Sendable, Equatable {
    /// The source's name.
    public var source: String
    /// The whole JSON document, as fetched.
    public var text: String
    /// Its `config.version`.
    public var version: String
    /// When this version was first fetched: its entries' days count from then.
    public var versionSeenAt: EpochMillis
    /// When it was fetched, or last confirmed unchanged.
    public var fetchTime: EpochMillis

    /// A cached schedule.
    public init(source: String, text: String, version: String, versionSeenAt: EpochMillis, fetchTime: EpochMillis) {
        self.source = source
        self.text = text
        self.version = version
        self.versionSeenAt = versionSeenAt
        self.fetchTime = fetchTime
    }
}
