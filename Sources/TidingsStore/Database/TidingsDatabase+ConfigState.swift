import Foundation
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
    /// config file at `path`: `tidings.sqlite.config-1a2b3c4d5e6f.toml` (for a store on
    /// PostgreSQL beside this machine's `localStem`: each host keeps its own config's text). A config holds what
    /// its owner wrote, a token in a URL too, so its text stays out of the database, its WAL
    /// and its backups; the database keeps only its hash and time. Nil for a database in memory.
    public func lastGoodConfigFile(path configPath: String) -> String? {
        path == ":memory:" ? nil : "\(localStem).config-\(StableHash.hex(configPath).prefix(12)).toml"
    }

    /// The last good config of the file at `path` (absolute), nil when none was kept or its
    /// kept text is gone or is not the one recorded.
    public func lastGoodConfig(path: String) throws(StoreError) -> LastGoodConfig? {
        let kept = try snapshot("read last good config") { db in
            try db.row("SELECT hash, loadedAt FROM configState WHERE path = ?", [path.storeValue])
                .map { row in (hash: try row.decode(0, as: String.self), loadedAt: try row.decode(1, as: EpochMillis.self)) }
        }
        if let kept, kept.hash == Self.builtInDefaultsHash { return LastGoodConfig(path: path, text: nil, loadedAt: kept.loadedAt) }
        guard let kept, let file = lastGoodConfigFile(path: path),
            let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8),
            StableHash.hex(text) == kept.hash
        else { return nil }
        return LastGoodConfig(path: path, text: text, loadedAt: kept.loadedAt)
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
        let kept = try snapshot("read last good config") { db in
            try db.row("SELECT hash, error FROM configState WHERE path = ?", [path.storeValue])
                .map { row in (hash: try row.decode(0, as: String.self), error: try row.decode(1, as: String?.self)) }
        }
        if let kept, kept.hash == hash, kept.error == nil, text == nil || access(file, R_OK) == 0 { return false }
        if let text {
            do {
                try AtomicFile.write(text, to: file, newFileMode: 0o600)
            } catch {
                throw StoreError(path: self.path, operation: "keep last good config", error: error)
            }
        }
        return try transaction("keep last good config") { db in
            try db.execute(
                """
                INSERT INTO configState (path, hash, loadedAt) VALUES (?, ?, ?)
                ON CONFLICT (path) DO UPDATE SET
                    hash = excluded.hash,
                    loadedAt = CASE WHEN configState.hash = excluded.hash THEN configState.loadedAt ELSE excluded.loadedAt END,
                    error = NULL, errorSince = NULL, noticeId = NULL
                """,
                [path.storeValue, hash.storeValue, now.storeValue])
            return true
        }
    }

    /// The error recorded for the config file at `path`, nil when none is.
    public func recordedConfigError(path: String) throws(StoreError) -> RecordedConfigError? {
        try snapshot("read config error") { db in
            try db.row("SELECT error, errorSince FROM configState WHERE path = ? AND error IS NOT NULL", [path.storeValue])
                .map { row in RecordedConfigError(message: try row.decode(0, as: String.self), since: try row.decode(1, as: EpochMillis.self)) }
        }
    }

    /// Records `message`, the error the config file at `path` has now (it must have a last
    /// good config), and stores `notice`, the notification that tells the person, unless
    /// this error was told already: one read when it was, nothing written. Returns whether
    /// the notice was stored. Runs that overlap store it once (its id is the error's).
    @discardableResult
    public func recordConfigError(path: String, message: String, notice: NotificationRecord, now: EpochMillis) throws(StoreError) -> Bool {
        let told = try snapshot("read config error") { db in
            try db.value("SELECT noticeId FROM configState WHERE path = ? AND error = ?", [path.storeValue, message.storeValue], as: String.self)
        }
        guard told != notice.id else { return false }
        return try transaction("record config error") { db in
            // `error = ?` keeps the start of the same error: the message is never NULL, so it
            // is what SQLite's `error IS ?` was, in words both engines take.
            let changed = try db.execute(
                """
                UPDATE configState SET error = ?, noticeId = ?,
                    errorSince = CASE WHEN error = ? THEN errorSince ELSE ? END
                WHERE path = ?
                """,
                [message.storeValue, notice.id.storeValue, message.storeValue, now.storeValue, path.storeValue])
            guard changed > 0 else { return false }
            let exists = try db.value("SELECT EXISTS (SELECT 1 FROM notification WHERE id = ?)", [notice.id.storeValue], as: Bool.self) ?? false
            guard !exists else { return false }
            try db.execute(NotificationRecord.insertSQL, notice.storeValues)
            return true
        }
    }
}
