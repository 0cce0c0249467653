import Foundation
import GRDB
import GRDBSQLite
import TidingsCore
import TidingsPostgres

/// The one database every program shares, in WAL mode, migrated on open, with methods
/// named after what the pipeline does.
///
/// Each program is a short batch run that needs one connection, so this is a GRDB
/// `DatabaseQueue` in WAL mode rather than a `DatabasePool`: SQLite's own locking serializes
/// the programs' writes and lets their reads run beside them, and a pool would write to the
/// database on every open (GRDB makes sure a non-empty WAL exists), which an idle `deliver`
/// run once a minute must not do.
public struct TidingsDatabase: Sendable {
    /// The connection; only this module's methods use it. On PostgreSQL an empty database
    /// in memory that nothing reaches (`write` and `read` refuse to run there).
    let writer: DatabaseQueue
    /// The PostgreSQL session, when the store is on PostgreSQL.
    let postgres: PostgresStore?
    /// The file's path; on PostgreSQL, the server as errors name it (no password).
    public let path: String
    /// The program run this database serves, when a program opened it: a write that a full
    /// disk stops even after old history went is logged as a failed run of it, when there is
    /// room for the row.
    public var loggedRun: StageTimer?
    /// Where this machine keeps its own files of the store (`<stem>.wake`, lock files): the
    /// database file, or for a store on PostgreSQL the place the program sets (see
    /// `RunContext.localStem`; until then the server's name, which is no file).
    public var localStem: String
    /// The media cache folder: when a full disk stops a write and the folder is on the same
    /// file system, its images go before any history.
    public var mediaFolder: String?

    /// What an open does when there is no file at the path.
    public enum OpenMode: Sendable {
        /// Create the database, its folder (0700) and its reserve file: the stages that
        /// write (`prefetch`, `plan`, `deliver`, `tidings init`).
        case createIfMissing
        /// Throw a `StoreError` whose `isMissingDatabase` is true, and create nothing, not
        /// even the reserve file: the programs that change what is there but create nothing
        /// (`report`, which logs its run, `tidings inbox read`, `pending cancel`). An
        /// existing file is still migrated when it is older than this version: only
        /// creation is left to the stages.
        case existingOnly
        /// Open an existing file on a read-only connection that never migrates it: the runs
        /// that only look (`tidings log`, `next`, `join`, the inbox and pending lists,
        /// `doctor`, `plan --dry-run`). A missing file is `isMissingDatabase`; a schema older
        /// than this version is an error naming the programs that bring it up to date.
        case readOnly
    }

    /// Opens the database at `path`, creating it when `mode` allows: its folder mode 0700,
    /// the file 0600, WAL mode, a busy timeout so that programs running at once wait for
    /// each other. Refuses a database written by a newer Tidings. A `postgresql://` URL
    /// opens the store on that server instead (see `init(postgres:mode:)`).
    public init(path: String, mode: OpenMode = .createIfMissing) throws(StoreError) {
        if Self.isServer(path) {
            self = try TidingsDatabase(postgres: path, mode: mode)
            return
        }
        self.path = path
        localStem = path
        postgres = nil
        switch mode {
        case .createIfMissing:
            try Self.prepareFiles(folder: (path as NSString).deletingLastPathComponent, path: path)
        case .existingOnly:
            try Self.requireFile(path: path, flags: O_RDWR)
        case .readOnly:
            try Self.requireFile(path: path, flags: O_RDONLY)
        }
        var configuration = Configuration()
        // SQLite opens the file read-only: a read-only connection writes neither the file nor
        // its WAL (only the -shm index, as every reader does), and it cannot checkpoint on close.
        configuration.readonly = mode == .readOnly
        configuration.busyMode = .timeout(10)
        configuration.label = "tidings"
        configuration.prepareDatabase { db in
            // Keep the -wal and -shm files when the last connection closes, truncated to zero
            // bytes: an idle run then finds no frames to recover and checkpoints nothing, where
            // SQLite's default would create, checkpoint, fsync and delete both files every time.
            var persist: Int32 = 1
            sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA journal_size_limit = 0")
            // In WAL mode NORMAL loses no committed data on a crash, only on power loss.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Statement journals in memory: a multi-row statement with triggers inside a
            // transaction (a step's claim, its delivery rows) keeps the pages it changes until it
            // ends, and past 64 KiB SQLite spilled them into a temporary file of its own in
            // /var/tmp, created and deleted for every such statement. The bulk deletes whose
            // journal grows with the store (prune, VACUUM) still use files (`withTemporaryFiles`).
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        try Self.refuseTruncated(path: path)
        writer = try Self.openQueue(path: path, configuration: configuration)
        if mode == .readOnly {
            try refuseOtherSchema()
        } else {
            try migrateIfNeeded()
        }
        if mode == .createIfMissing { keepReserve() }
    }

    /// Closes the connection now (at the end of a run: see `OpenDatabases` in TidingsCLI).
    public func closeConnection() {
        try? writer.close()
        postgres?.close()
    }

    /// Throws when the file is shorter than its own header says and no WAL could make up for
    /// it: a truncated copy, a disk that lost the tail. SQLite itself would only notice when
    /// a query reaches a missing page, perhaps never in this run. Costs one 100-byte read.
    static func refuseTruncated(path: String) throws(StoreError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        var info = stat()
        guard pread(descriptor, &header, 100, 0) == 100, fstat(descriptor, &info) == 0,
            header.starts(with: Array("SQLite format 3\u{0}".utf8))
        else { return }
        func number(_ offset: Int, _ width: Int) -> Int { header[offset..<offset + width].reduce(0) { $0 << 8 | Int($1) } }
        let pageSize = number(16, 2) == 1 ? 65_536 : number(16, 2)
        let pages = number(28, 4)
        // The header's page count holds only when the change counter matches version-valid-for;
        // and frames in the WAL (a checkpoint under way, a crash before one) may add the rest.
        guard pages > 0, number(24, 4) == number(92, 4) else { return }
        var wal = stat()
        if stat(path + "-wal", &wal) == 0, wal.st_size > 0 { return }
        let expected = pages * pageSize
        guard Int(info.st_size) < expected else { return }
        throw StoreError(
            path: path,
            message:
                "open failed: the file is truncated (\(info.st_size) of \(expected) bytes): restore a copy made by `tidings backup`, or move it away to start afresh",
            sqliteCode: 11)  // SQLITE_CORRUPT
    }

    /// An empty database in memory, for runs that must not create a file (`plan --dry-run`
    /// before the first real run).
    public static func inMemory() throws(StoreError) -> TidingsDatabase {
        do {
            return try TidingsDatabase(queue: DatabaseQueue(), path: ":memory:")
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(path: ":memory:", operation: "open", error: error)
        }
    }

    private init(queue: DatabaseQueue, path: String) throws(StoreError) {
        self.path = path
        localStem = path
        postgres = nil
        writer = queue
        try migrateIfNeeded()
    }

    private static func prepareFiles(folder: String, path: String) throws(StoreError) {
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try PrivateFolder.create(folder)
            } catch {
                throw StoreError(path: path, message: "cannot create the folder \(folder): \(error.message)")
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

    /// Throws unless a file is at `path` that this process may open with `flags` (`O_RDWR`
    /// for a reader that still logs its run there and may migrate it, `O_RDONLY` for a
    /// read-only one). Opening without `O_CREAT` creates nothing, whatever happens to the
    /// path meanwhile.
    private static func requireFile(path: String, flags: Int32) throws(StoreError) {
        let descriptor = open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw StoreError.missingDatabase(path: path) }
            throw StoreError(path: path, message: "cannot open: \(String(cString: strerror(code)))")
        }
        close(descriptor)
    }

    /// Programs started together on a new file race to create it: the loser of a race
    /// finds the work done, or the database briefly locked, and simply looks again.
    private func migrateIfNeeded() throws(StoreError) {
        var attempt = 0
        while true {
            do {
                return try migrateOnce()
            } catch {
                attempt += 1
                guard attempt < 5, error.sqliteCode != nil else { throw error }
                // GRDB caches what it learnt of the schema; the winner has changed it since.
                writer.writeWithoutTransaction { db in db.clearSchemaCache() }
                usleep(UInt32(50_000 * attempt))
            }
        }
    }

    private func migrateOnce() throws(StoreError) {
        let migrator = Self.migrator
        do {
            // WAL is a property of the file: set once, read back on every later open. (GRDB's
            // own WAL set-up writes a transaction on every open to make the WAL non-empty.)
            if path != ":memory:", try writer.read({ db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }) != "wal" {
                try writer.writeWithoutTransaction { db in
                    // A new file can still give its free pages back to the file system
                    // (retention deletes a lot); the mode must be set before the first table.
                    if try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 {
                        try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                    }
                    guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                        throw StoreError(path: path, message: "cannot switch the database to WAL mode")
                    }
                }
            }
            let (current, superseded) = try writer.read { db in
                (try migrator.hasCompletedMigrations(db), try migrator.hasBeenSuperseded(db))
            }
            if superseded { throw Self.newerSchemaError(path: path) }
            if !current { try migrator.migrate(writer) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(path: path, operation: "migrate", error: error)
        }
    }

    /// Runs `body` in a write transaction, turning database errors into `StoreError`. When
    /// the disk is full, old history makes room (`makeRoom`) and `body` runs once more; if
    /// that fails too, the error says so, and the run is logged as failed when there is room.
    /// A failed transaction is rolled back whole, so nothing stored is lost either way.
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        try refuseOnPostgres(operation)
        do {
            return try writer.write(body)
        } catch  where isDiskFull(error) {
            let eviction = makeRoom()
            do {
                return try writer.write(body)
            } catch  where isDiskFull(error) {
                let failure = diskFullError(operation, eviction: eviction)
                logFailedRun(failure)
                throw failure
            } catch {
                throw StoreError(path: path, operation: operation, error: error)
            }
        } catch {
            throw StoreError(path: path, operation: operation, error: error)
        }
    }

    /// Runs `body` on a snapshot (one deferred transaction), turning database errors into
    /// `StoreError`. GRDB's own `read` marks the connection read-only with `PRAGMA
    /// query_only` around it, and setting that pragma expires every prepared statement of the
    /// connection: each read made the next write prepare all its statements again (2,400
    /// times in a run of 10,000 items). A count of changes keeps the rule instead: a read
    /// that wrote is rolled back and fails.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        try refuseOnPostgres(operation)
        do {
            return try writer.inDatabase { db in
                let changes = db.totalChangesCount
                try db.beginTransaction(.deferred)
                do {
                    let value = try body(db)
                    guard db.totalChangesCount == changes else {
                        throw StoreError(path: path, message: "\(operation) wrote to the store while it was to read only")
                    }
                    try db.commit()
                    return value
                } catch {
                    try? db.rollback()
                    throw error
                }
            }
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
    /// Whether there is no database at `path` (an open that may not create one).
    public var isMissingDatabase = false
    /// Whether the file's schema is older than this build's, for a read-only open, which
    /// never migrates: a run that writes brings it up to date.
    public var isOlderSchema = false
    /// Whether the PostgreSQL server could not be reached or went away (refused, shut down,
    /// cut off): the store is out of reach, not wrong, and what was not committed is still
    /// to do.
    public var isUnreachable = false

    /// Creates an error with a message.
    public init(path: String, message: String, sqliteCode: Int32? = nil) {
        self.path = path
        self.message = message
        self.sqliteCode = sqliteCode
    }

    /// No database at `path`, which a program that only reads may not create.
    public static func missingDatabase(path: String) -> StoreError {
        var error = StoreError(path: path, message: "no database at \(path)")
        error.isMissingDatabase = true
        return error
    }

    init(path: String, operation: String, error: any Error) {
        if let error = error as? StoreError {
            self = error
        } else if let error = error as? DatabaseError {
            // An error SQLite left on another handle (the backup API's) reads "not an error"
            // on this one: the result code's own text says more.
            let said = error.message.flatMap { $0 == "not an error" ? nil : $0 }
            var message = "\(operation) failed: \(said ?? String(cString: sqlite3_errstr(error.extendedResultCode.rawValue)))"
            switch error.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                message +=
                    " (the file is damaged or not a Tidings database: restore a copy made by `tidings backup`, or move it away to start afresh)"
            case .SQLITE_FULL:
                message += " (the disk is full)"
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                message += " (another program held the database for too long)"
            default: break
            }
            self.init(path: path, message: message, sqliteCode: error.resultCode.primaryResultCode.rawValue)
        } else if let error = error as? PostgresError {
            self.init(path: path, message: "\(operation) failed: \(error.storeMessage)")
            isUnreachable = error.isServerGone
        } else if let error = error as? StoreDecodingError {
            // Named as GRDB's decoding error named it before the store moved onto the seam:
            // `column: "state"`.
            self.init(path: path, message: "\(operation) failed: \(error) - column: \"\(error.column)\"")
        } else {
            self.init(path: path, message: "\(operation) failed: \(error)")
        }
    }

    /// `database /path/tidings.sqlite: open failed: …`; `no database at /path/tidings.sqlite`.
    public var description: String { isMissingDatabase ? message : "database \(path): \(message)" }
}
