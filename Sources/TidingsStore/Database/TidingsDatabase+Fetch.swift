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
        try snapshot("read source state") { db in try db.row("SELECT * FROM source WHERE name = ?", [name.storeValue]).map(SourceState.init(store:)) }
    }

    /// Records one fetch attempt and applies its result to the cache, in one transaction:
    /// a crash leaves either the old last-known-good or the new one, never a mix.
    public func recordFetch(url: String, attempt: FetchAttempt, update: FetchCacheUpdate) throws(StoreError) {
        try transaction("record fetch of \(attempt.source)") { db in
            var state =
                try db.row("SELECT * FROM source WHERE name = ?", [attempt.source.storeValue]).map(SourceState.init(store:))
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
                // `rowid` is the order the items came in (a column of its own on PostgreSQL).
                let old = try db.rows("SELECT * FROM content WHERE source = ? ORDER BY rowid", [attempt.source.storeValue])
                    .map(CachedContent.init(store:))
                let new = items.map { CachedContent(source: attempt.source, content: $0) }
                if old.map(\.comparable) != new.map(\.comparable) { state.changeSeq = try Self.nextChange(db) }
                try db.execute("DELETE FROM content WHERE source = ?", [attempt.source.storeValue])
                for row in new { try db.execute(CachedContent.insertSQL, row.storeValues) }
                state.etag = etag
                state.lastModified = lastModified
                state.lastSuccessAt = attempt.startedAt
            case .replaceCalendar(let text, let events, let withoutUID, let etag, let lastModified):
                let old = try db.value("SELECT ics FROM calendar WHERE source = ?", [attempt.source.storeValue], as: String.self)
                if old != text { state.changeSeq = try Self.nextChange(db) }
                try db.execute(
                    """
                    INSERT INTO calendar (source, ics, fetchTime, eventCount, withoutUID) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (source) DO UPDATE SET ics = excluded.ics, fetchTime = excluded.fetchTime,
                        eventCount = excluded.eventCount, withoutUID = excluded.withoutUID
                    """,
                    [attempt.source.storeValue, text.storeValue, attempt.startedAt.storeValue, events.storeValue, withoutUID.storeValue])
                state.etag = etag
                state.lastModified = lastModified
                state.lastSuccessAt = attempt.startedAt
            case .replaceSchedule(let text, let version, let etag, let lastModified):
                // The first sight of a version anchors its dates; the same version again only
                // replaces the text (an entry added, removed or reworded).
                let old = try db.row("SELECT json, version FROM schedule WHERE source = ?", [attempt.source.storeValue])
                let oldText = try old?.decode("json", as: String.self)
                let oldVersion = try old?.decode("version", as: String.self)
                if oldText != text || oldVersion != version { state.changeSeq = try Self.nextChange(db) }
                // The stored row's columns are named with the table's name: PostgreSQL finds a
                // bare `version` ambiguous beside `excluded.version`.
                try db.execute(
                    """
                    INSERT INTO schedule (source, json, version, versionSeenAt, fetchTime) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (source) DO UPDATE SET json = excluded.json, fetchTime = excluded.fetchTime,
                        versionSeenAt = CASE WHEN schedule.version = excluded.version THEN schedule.versionSeenAt ELSE excluded.versionSeenAt END,
                        version = excluded.version
                    """,
                    [
                        attempt.source.storeValue, text.storeValue, version.storeValue, attempt.startedAt.storeValue,
                        attempt.startedAt.storeValue,
                    ])
                state.etag = etag
                state.lastModified = lastModified
                state.lastSuccessAt = attempt.startedAt
            case .confirm:
                let confirmed = [attempt.startedAt.storeValue, attempt.source.storeValue]
                try db.execute("UPDATE content SET fetchTime = ? WHERE source = ?", confirmed)
                try db.execute("UPDATE calendar SET fetchTime = ? WHERE source = ?", confirmed)
                try db.execute("UPDATE schedule SET fetchTime = ? WHERE source = ?", confirmed)
                state.lastSuccessAt = attempt.startedAt
            case .keep:
                break
            }
            try db.execute(SourceState.saveSQL, state.storeValues)
            try db.execute(FetchAttempt.insertSQL, attempt.storeValues)
        }
    }

    /// The number of a new change to a source's cache: one more than the latest.
    private static func nextChange(_ db: any StoreConnection) throws -> Int64 {
        try db.value("SELECT COALESCE(MAX(changeSeq), 0) + 1 FROM source", as: Int64.self) ?? 1
    }

    /// The last-known-good calendar of every calendar source.
    public func cachedCalendars() throws(StoreError) -> [CachedCalendar] {
        try snapshot("read calendars") { db in
            try db.rows("SELECT source, ics, fetchTime, eventCount, withoutUID FROM calendar ORDER BY source").map { row in
                CachedCalendar(
                    source: try row.decode("source"), text: try row.decode("ics"), fetchTime: try row.decode("fetchTime"),
                    eventCount: try row.decode("eventCount"), withoutUID: try row.decode("withoutUID"))
            }
        }
    }

    /// Every cached calendar without its text: for doctor.
    public func calendarSummaries() throws(StoreError) -> [CachedCalendar] {
        try snapshot("read calendars") { db in
            try db.rows("SELECT source, fetchTime, eventCount, withoutUID FROM calendar ORDER BY source").map { row in
                CachedCalendar(
                    source: try row.decode("source"), text: "", fetchTime: try row.decode("fetchTime"),
                    eventCount: try row.decode("eventCount"), withoutUID: try row.decode("withoutUID"))
            }
        }
    }

    /// The last-known-good schedule of every schedule source.
    public func cachedSchedules() throws(StoreError) -> [CachedSchedule] {
        try snapshot("read schedules") { db in
            try db.rows("SELECT source, json, version, versionSeenAt, fetchTime FROM schedule ORDER BY source").map { row in
                CachedSchedule(
                    source: try row.decode("source"), text: try row.decode("json"), version: try row.decode("version"),
                    versionSeenAt: try row.decode("versionSeenAt"), fetchTime: try row.decode("fetchTime"))
            }
        }
    }

    /// Every cached content item of every source, in the order they came (the order SQLite's
    /// table scan gives, written out so that PostgreSQL gives it too).
    public func cachedContent() throws(StoreError) -> [CachedContent] {
        try snapshot("read content cache") { db in try db.rows("SELECT * FROM content ORDER BY rowid").map(CachedContent.init(store:)) }
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
