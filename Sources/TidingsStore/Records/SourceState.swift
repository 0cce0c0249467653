import GRDB
import TidingsCore

/// What is known of one source between runs: its validators for conditional GET and how
/// its last attempt went.
public struct SourceState: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "source"

    /// The source's name from the config.
    public var name: String
    /// The URL last fetched.
    public var url: String
    /// The ETag of the content in the cache, sent back as If-None-Match.
    public var etag: String?
    /// The Last-Modified of the content in the cache, sent back as If-Modified-Since.
    public var lastModified: String?
    /// When the source was first fetched (first seen by this install).
    public var firstSeenAt: EpochMillis
    /// When the last attempt started.
    public var lastAttemptAt: EpochMillis?
    /// When an attempt last succeeded (ok or not modified).
    public var lastSuccessAt: EpochMillis?
    /// How the last attempt ended.
    public var lastOutcome: FetchOutcome?
    /// The number of the last change to its cached content (numbered across all sources, see
    /// `latestChange`); nil before the first.
    public var changeSeq: Int64?

    /// The table's columns.
    public enum Columns {
        public static let name = Column(CodingKeys.name)
    }
}

/// One fetch attempt: the measurement behind the fetch success rate.
public struct FetchAttempt: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "fetchAttempt"

    /// The source's name.
    public var source: String
    /// When the attempt started.
    public var startedAt: EpochMillis
    /// How long it took.
    public var durationMs: Int64
    /// How it ended.
    public var outcome: FetchOutcome
    /// The final HTTP status, when one was received.
    public var httpStatus: Int?
    /// Body bytes received.
    public var bytes: Int
    /// Why it failed, for people.
    public var reason: String?

    /// Creates an attempt row.
    public init(
        source: String, startedAt: EpochMillis, durationMs: Int64, outcome: FetchOutcome,
        httpStatus: Int? = nil, bytes: Int = 0, reason: String? = nil
    ) {
        self.source = source
        self.startedAt = startedAt
        self.durationMs = durationMs
        self.outcome = outcome
        self.httpStatus = httpStatus
        self.bytes = bytes
        self.reason = reason
    }
}

extension SourceState {
    /// Reads a `source` row from either engine, by column name.
    init(store row: StoreRow) throws(StoreDecodingError) {
        self.init(
            name: try row.decode("name"), url: try row.decode("url"), etag: try row.decode("etag"),
            lastModified: try row.decode("lastModified"), firstSeenAt: try row.decode("firstSeenAt"),
            lastAttemptAt: try row.decode("lastAttemptAt"), lastSuccessAt: try row.decode("lastSuccessAt"),
            lastOutcome: try row.decode("lastOutcome"), changeSeq: try row.decode("changeSeq"))
    }

    /// Inserts the state, or replaces every column of the stored one (its name is the key).
    static let saveSQL = """
        INSERT INTO source (name, url, etag, lastModified, firstSeenAt, lastAttemptAt, lastSuccessAt, lastOutcome, changeSeq)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET url = excluded.url, etag = excluded.etag, lastModified = excluded.lastModified,
            firstSeenAt = excluded.firstSeenAt, lastAttemptAt = excluded.lastAttemptAt, lastSuccessAt = excluded.lastSuccessAt,
            lastOutcome = excluded.lastOutcome, changeSeq = excluded.changeSeq
        """

    /// The values of `saveSQL`, in its order.
    var storeValues: [StoreValue] {
        [
            name.storeValue, url.storeValue, etag.storeValue, lastModified.storeValue, firstSeenAt.storeValue,
            lastAttemptAt.storeValue, lastSuccessAt.storeValue, lastOutcome.storeValue, changeSeq.storeValue,
        ]
    }
}

extension FetchAttempt {
    /// Reads a `fetchAttempt` row from either engine, by column name.
    init(store row: StoreRow) throws(StoreDecodingError) {
        self.init(
            source: try row.decode("source"), startedAt: try row.decode("startedAt"), durationMs: try row.decode("durationMs"),
            outcome: try row.decode("outcome"), httpStatus: try row.decode("httpStatus"), bytes: try row.decode("bytes"),
            reason: try row.decode("reason"))
    }

    /// Inserts an attempt (its id is the table's own).
    static let insertSQL =
        "INSERT INTO fetchAttempt (source, startedAt, durationMs, outcome, httpStatus, bytes, reason) VALUES (?, ?, ?, ?, ?, ?, ?)"

    /// The values of `insertSQL`, in its order.
    var storeValues: [StoreValue] {
        [
            source.storeValue, startedAt.storeValue, durationMs.storeValue, outcome.storeValue, httpStatus.storeValue,
            bytes.storeValue, reason.storeValue,
        ]
    }
}

/// One run of one program, for `tidings log`.
public struct StageRun: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "stageRun"

    /// Which program.
    public var stage: Stage
    /// When it started.
    public var startedAt: EpochMillis
    /// When it ended.
    public var endedAt: EpochMillis
    /// How it ended.
    public var outcome: StageOutcome
    /// A one-line account of what it did (counts, and the first failure).
    public var summary: String

    /// Creates a run row.
    public init(stage: Stage, startedAt: EpochMillis, endedAt: EpochMillis, outcome: StageOutcome, summary: String) {
        self.stage = stage
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.outcome = outcome
        self.summary = summary
    }

    /// The table's columns.
    public enum Columns {
        public static let startedAt = Column(CodingKeys.startedAt)
    }
}

extension StageRun {
    /// Reads a `stageRun` row from either engine, by column name.
    init(store row: StoreRow) throws(StoreDecodingError) {
        self.init(
            stage: try row.decode("stage"), startedAt: try row.decode("startedAt"), endedAt: try row.decode("endedAt"),
            outcome: try row.decode("outcome"), summary: try row.decode("summary"))
    }

    /// The values of `stage`, `startedAt`, `endedAt`, `outcome` and `summary`.
    var storeValues: [StoreValue] {
        [stage.storeValue, startedAt.storeValue, endedAt.storeValue, outcome.storeValue, summary.storeValue]
    }
}
