import Foundation
import GRDB
import TidingsCore

/// The last text of a config file that loaded: what `deliver` and the commands that only
/// read go on with while the file has an error.
public struct LastGoodConfig: Sendable, Equatable {
    /// The config file's path, absolute.
    public var path: String
    /// Its text as it loaded; nil when no file was there and the built-in defaults were in
    /// force (a file that then appears with an error leaves them in force).
    public var text: String?
    /// When a run that loaded it stored it first (the text changed then).
    public var loadedAt: EpochMillis

    /// A last good config.
    public init(path: String, text: String?, loadedAt: EpochMillis) {
        self.path = path
        self.text = text
        self.loadedAt = loadedAt
    }
}

/// The error a config file has now, as `deliver` recorded it.
public struct RecordedConfigError: Sendable, Equatable {
    /// The error, as the programs print it (file, line, key and what is wrong).
    public var message: String
    /// When a run first found it.
    public var since: EpochMillis

    /// A recorded error.
    public init(message: String, since: EpochMillis) {
        self.message = message
        self.since = since
    }
}

extension TidingsDatabase {
    /// The private file beside the database (mode 0600) that holds the last good text of the
    /// config file at `path`: `tidings.sqlite.config-1a2b3c4d5e6f.toml`. A config holds what
    /// its owner wrote, a token in a URL too, so its text stays out of the database, its WAL
    /// and its backups; the database keeps only its hash and time. Nil for a database in memory.
    public func lastGoodConfigFile(path configPath: String) -> String? {
        path == ":memory:" ? nil : "\(path).config-\(StableHash.hex(configPath).prefix(12)).toml"
    }

    /// The last good config of the file at `path` (absolute), nil when none was kept or its
    /// kept text is gone or is not the one recorded.
    public func lastGoodConfig(path: String) throws(StoreError) -> LastGoodConfig? {
        let kept = try read("read last good config") { db in
            try Row.fetchOne(db, sql: "SELECT hash, loadedAt FROM configState WHERE path = ?", arguments: [path])
        }
        if let kept, kept[0] as String == Self.builtInDefaultsHash { return LastGoodConfig(path: path, text: nil, loadedAt: kept[1]) }
        guard let kept, let file = lastGoodConfigFile(path: path),
            let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8),
            StableHash.hex(text) == kept[0] as String
        else { return nil }
        return LastGoodConfig(path: path, text: text, loadedAt: kept[1])
    }

    /// What the database records instead of a hash when no file was there: the built-in
    /// defaults were in force.
    static let builtInDefaultsHash = "built-in defaults"

    /// Keeps `text`, which just loaded from `path` (absolute), as its last good config (its
    /// file written first, then its hash and time recorded), and forgets the error recorded
    /// for it; `text` nil records that no file was there, so the built-in defaults were in
    /// force. One indexed read, and writes only when the text is not the one kept already
    /// (compared by hash) or its file is gone. Returns whether it wrote.
    @discardableResult
    public func keepLastGoodConfig(path: String, text: String?, now: EpochMillis) throws(StoreError) -> Bool {
        guard let file = lastGoodConfigFile(path: path) else { return false }
        let hash = text.map(StableHash.hex) ?? Self.builtInDefaultsHash
        let kept = try read("read last good config") { db in
            try Row.fetchOne(db, sql: "SELECT hash, error FROM configState WHERE path = ?", arguments: [path])
        }
        if let kept, kept[0] as String == hash, (kept[1] as String?) == nil, text == nil || access(file, R_OK) == 0 { return false }
        if let text {
            do {
                try AtomicFile.write(text, to: file, newFileMode: 0o600)
            } catch {
                throw StoreError(path: self.path, operation: "keep last good config", error: error)
            }
        }
        return try write("keep last good config") { db in
            try db.execute(
                sql: """
                    INSERT INTO configState (path, hash, loadedAt) VALUES (?, ?, ?)
                    ON CONFLICT (path) DO UPDATE SET
                        hash = excluded.hash,
                        loadedAt = CASE WHEN configState.hash = excluded.hash THEN configState.loadedAt ELSE excluded.loadedAt END,
                        error = NULL, errorSince = NULL, noticeId = NULL
                    """,
                arguments: [path, hash, now])
            return true
        }
    }

    /// The error recorded for the config file at `path`, nil when none is.
    public func recordedConfigError(path: String) throws(StoreError) -> RecordedConfigError? {
        try read("read config error") { db in
            try Row.fetchOne(db, sql: "SELECT error, errorSince FROM configState WHERE path = ? AND error IS NOT NULL", arguments: [path])
                .map { RecordedConfigError(message: $0[0], since: $0[1]) }
        }
    }

    /// Records `message`, the error the config file at `path` has now (it must have a last
    /// good config), and stores `notice`, the notification that tells the person, unless
    /// this error was told already: one read when it was, nothing written. Returns whether
    /// the notice was stored. Runs that overlap store it once (its id is the error's).
    @discardableResult
    public func recordConfigError(path: String, message: String, notice: NotificationRecord, now: EpochMillis) throws(StoreError) -> Bool {
        let told = try read("read config error") { db in
            try String.fetchOne(db, sql: "SELECT noticeId FROM configState WHERE path = ? AND error = ?", arguments: [path, message])
        }
        guard told != notice.id else { return false }
        return try write("record config error") { db in
            try db.execute(
                sql: """
                    UPDATE configState SET error = ?, noticeId = ?,
                        errorSince = CASE WHEN error IS ? THEN errorSince ELSE ? END
                    WHERE path = ?
                    """,
                arguments: [message, notice.id, message, now, path])
            guard db.changesCount > 0 else { return false }
            let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM notification WHERE id = ?)", arguments: [notice.id]) ?? false
            guard !exists else { return false }
            try notice.insert(db)
            return true
        }
    }
}
