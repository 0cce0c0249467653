import Foundation
import GRDB
import TidingsCore

/// The one database every program shares: a GRDB `DatabasePool` in WAL mode, migrated on
/// open, with methods named after what the pipeline does.
public struct TidingsDatabase: Sendable {
    /// The connection pool; only this module's methods use it for writing.
    let writer: DatabasePool
    /// The file's path.
    public let path: String

    /// Opens (creating when needed) the database at `path`: its folder mode 0700, the file
    /// 0600, WAL mode, a busy timeout so that programs running at once wait for each other.
    /// Refuses a database written by a newer Tidings.
    public init(path: String) throws(StoreError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        try Self.prepareFiles(folder: folder, path: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "tidings"
        do {
            writer = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StoreError(path: path, operation: "open", error: error)
        }
        try migrateIfNeeded()
    }

    private static func prepareFiles(folder: String, path: String) throws(StoreError) {
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError(path: path, message: "cannot create the folder \(folder): \(error.localizedDescription)")
            }
        }
        // Create the file ourselves so that it is private from its first byte; SQLite
        // gives the -wal and -shm files the same mode as the database.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StoreError(path: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        close(fd)
    }

    private func migrateIfNeeded() throws(StoreError) {
        let migrator = Self.migrator
        do {
            let (current, superseded) = try writer.read { db in
                (try migrator.hasCompletedMigrations(db), try migrator.hasBeenSuperseded(db))
            }
            if superseded {
                throw StoreError(
                    path: path,
                    message: "was written by a newer version of Tidings (its schema has migrations this version does not know); upgrade Tidings")
            }
            if !current { try migrator.migrate(writer) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(path: path, operation: "migrate", error: error)
        }
    }

    /// Runs `body` in a write transaction, turning database errors into `StoreError`.
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.write(body)
        } catch {
            throw StoreError(path: path, operation: operation, error: error)
        }
    }

    /// Runs `body` on a snapshot, turning database errors into `StoreError`.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw StoreError(path: path, operation: operation, error: error)
        }
    }
}

/// A database failure: which file, what was being done, and SQLite's word for it.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// What went wrong, lower-case.
    public var message: String
    /// SQLite's primary result code, when SQLite reported the error.
    public var sqliteCode: Int32?

    /// Creates an error with a message.
    public init(path: String, message: String, sqliteCode: Int32? = nil) {
        self.path = path
        self.message = message
        self.sqliteCode = sqliteCode
    }

    init(path: String, operation: String, error: any Error) {
        if let error = error as? StoreError {
            self = error
        } else if let error = error as? DatabaseError {
            var message = "\(operation) failed: \(error.message ?? "SQLite error \(error.resultCode.rawValue)")"
            switch error.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                message += " (the file is damaged or not a Tidings database: restore a backup, or move it away to start afresh)"
            case .SQLITE_FULL:
                message += " (the disk is full)"
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                message += " (another program held the database for too long)"
            default: break
            }
            self.init(path: path, message: message, sqliteCode: error.resultCode.primaryResultCode.rawValue)
        } else {
            self.init(path: path, message: "\(operation) failed: \(error)")
        }
    }

    /// `database /path/tidings.sqlite: open failed: …`.
    public var description: String { "database \(path): \(message)" }
}
