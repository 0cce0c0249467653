import Foundation
import GRDB
import GRDBSQLite
import TidingsCore

/// What making room on a full disk did.
struct Eviction: Sendable {
    /// Rows of old history deleted.
    var rows = 0
    /// Whether the reserve file was given up.
    var reserveReleased = false
    /// Cached images deleted.
    var mediaFiles = 0
}

extension TidingsDatabase {
    /// The size of the reserve file beside the database.
    static let reserveBytes: Int64 = 1 << 20
    /// The most rows one eviction transaction deletes from each table of history.
    static let evictionChunk = 200

    /// The reserve file beside the database (`tidings.sqlite.reserve`): 1 MiB of allocated
    /// space that is given up when the disk is full, so that deleting old history, which
    /// itself must write to the WAL, can start. Nil for a database in memory.
    public var reservePath: String? { path == ":memory:" || postgres != nil ? nil : path + ".reserve" }

    /// Whether this process may write the file (a read-only open does not show it).
    public var isWritable: Bool { path == ":memory:" || access(path, W_OK) == 0 }

    /// The folder holding the database.
    var folder: String { Self.folder(of: path) }

    /// The folder holding the file at `path`.
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Opens the connection. Opening in WAL mode creates the -shm file when it is missing,
    /// which a full disk refuses: then the reserve file makes room, and the open is tried
    /// once more.
    static func openQueue(path: String, configuration: Configuration) throws(StoreError) -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            guard isShortOfSpace(error, folder: folder(of: path)) else {
                throw StoreError(path: path, operation: "open", error: error)
            }
            unlink(path + ".reserve")
            do {
                return try DatabaseQueue(path: path, configuration: configuration)
            } catch {
                throw isShortOfSpace(error, folder: folder(of: path))
                    ? diskFullError(path: path, operation: "open", freed: nil)
                    : StoreError(path: path, operation: "open", error: error)
            }
        }
    }

    /// Whether an error from a connection that cannot be asked for its errno comes from a
    /// full disk: SQLITE_FULL, or an I/O error while less than a reserve's worth is free.
    static func isShortOfSpace(_ error: any Error, folder: String) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_FULL: return true
        case .SQLITE_IOERR, .SQLITE_CANTOPEN: return (DiskSpace(of: folder)?.available ?? .max) < reserveBytes
        default: return false
        }
    }

    /// Creates the reserve file when it is missing (a new database, or one whose reserve a
    /// full disk took): 1 MiB when the disk has room to spare (eight times that), else half
    /// of what is free, so that even a database first opened on a nearly full disk has
    /// something to give up. Allocated with `posix_fallocate`, so its blocks are really
    /// taken. Best effort: a failure only means no reserve until a later run (`tidings
    /// doctor` says so). Costs one `access` call when the file is there.
    func keepReserve() {
        guard let file = reservePath, access(file, F_OK) != 0 else { return }
        guard let space = DiskSpace(of: folder) else { return }
        let size = Self.reserveSize(available: space.available)
        guard size > 0 else { return }
        let temporary = file + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let allocated = posix_fallocate(descriptor, 0, off_t(size)) == 0
        close(descriptor)
        if !allocated || rename(temporary, file) != 0 { unlink(temporary) }
    }

    /// The size of a new reserve with `available` bytes free: 1 MiB, or half of what is free
    /// below 8 MiB, in whole 4 KiB blocks; 0 when not even a block can be spared.
    static func reserveSize(available: Int64) -> Int64 {
        if available >= 8 * reserveBytes { return reserveBytes }
        return min(reserveBytes, available / 2) / 4096 * 4096
    }

    /// The size of the reserve file now: nil when there is none.
    public func reserveFileSize() -> Int64? {
        guard let file = reservePath else { return nil }
        var info = stat()
        return stat(file, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// Whether `error` means the disk, or the database's size limit, is full: SQLITE_FULL,
    /// or an I/O error caused by ENOSPC or EDQUOT (growing the -shm file fails that way).
    func isDiskFull(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_FULL:
            return true
        case .SQLITE_IOERR:
            let code = writer.writeWithoutTransaction { db in sqlite3_system_errno(db.sqliteConnection) }
            return code == ENOSPC || code == EDQUOT
        default:
            return false
        }
    }

    /// Makes room after a write failed for want of space. In this order, each step best
    /// effort: deletes cached images, least recently used first, until 8 MiB are free, when
    /// the media cache shares the database's file system (`evictMedia`); gives up the
    /// reserve file when the disk itself is still short; empties the WAL into
    /// the database (`wal_checkpoint(TRUNCATE)`); deletes the oldest history in chunks (see
    /// `evictOldest`), letting the WAL start over after each, until a tenth of the file (at
    /// least 1 MiB) is free; gives the free pages back to the file system when the file
    /// allows it (`incremental_vacuum`, a chunk at a time); empties the WAL again. Deleted
    /// pages that are not given back are reused by the next insert.
    func makeRoom() -> Eviction {
        var eviction = Eviction()
        eviction.mediaFiles = evictMedia(untilFree: 8 * Self.reserveBytes)
        if let file = reservePath, let space = DiskSpace(of: folder), space.available < 2 * Self.reserveBytes {
            eviction.reserveReleased = unlink(file) == 0
        }
        writer.writeWithoutTransaction { db in
            func pragma(_ sql: String) -> Int? { try? Int.fetchOne(db, sql: sql) }
            _ = try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let pageSize = pragma("PRAGMA page_size") ?? 4096
            let target = max(Int(Self.reserveBytes) / pageSize, (pragma("PRAGMA page_count") ?? 0) / 10)
            let freeBefore = pragma("PRAGMA freelist_count") ?? 0
            while (pragma("PRAGMA freelist_count") ?? 0) - freeBefore < target {
                var removed = 0
                do {
                    try db.inTransaction {
                        removed = try evictOldest(db, limit: Self.evictionChunk)
                        return .commit
                    }
                } catch {
                    break
                }
                guard removed > 0 else { break }
                eviction.rows += removed
                // Once every frame is copied back, the next chunk starts the WAL over.
                _ = try? db.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)")
            }
            if pragma("PRAGMA auto_vacuum") == 2 {
                while let free = pragma("PRAGMA freelist_count"), free > 0,
                    (try? db.execute(sql: "PRAGMA incremental_vacuum(64)")) != nil,
                    (pragma("PRAGMA freelist_count") ?? free) < free
                {
                    // The checkpoint copies the moved pages back and cuts the file to its new end.
                    _ = try? db.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)")
                }
            }
            _ = try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return eviction
    }

    /// Deletes the oldest history that retention would let go (see `history`) in one
    /// transaction, at most `limit` rows per table: everything dated before the time at
    /// which the first table reaches `limit` rows, so that the oldest rows go first whatever
    /// table they are in. Only the past goes: a notification due later (one the user
    /// cancelled, a digest's member) stays, or the next plan would bring it back. Returns the
    /// rows deleted, 0 when nothing may go.
    func evictOldest(_ db: Database, limit: Int, now: EpochMillis = EpochMillis(Date().timeIntervalSince1970 * 1000)) throws -> Int {
        var cutoff: EpochMillis?
        for table in Self.history {
            let rows = "FROM \(table.name) WHERE \(table.evictable)"
            let bound =
                try EpochMillis.fetchOne(db, sql: "SELECT \(table.time) \(rows) ORDER BY \(table.time) LIMIT 1 OFFSET ?", arguments: [limit - 1])
                ?? EpochMillis.fetchOne(db, sql: "SELECT max(\(table.time)) \(rows)")
            if let bound, bound < .max { cutoff = min(cutoff ?? .max, bound + 1) }
        }
        guard let cutoff = cutoff.map({ min($0, now) }) else { return 0 }
        var removed = 0
        for table in Self.history {
            try db.execute(
                sql: """
                    DELETE FROM \(table.name) WHERE rowid IN (
                        SELECT rowid FROM \(table.name) WHERE \(table.time) < ? AND \(table.evictable) ORDER BY \(table.time) LIMIT ?)
                    """,
                arguments: [cutoff, limit])
            removed += db.changesCount
        }
        return removed
    }

    /// The error of a write that failed again after `makeRoom`: what could not be saved, the
    /// free space and where, what was freed, and the way out.
    func diskFullError(_ operation: String, eviction: Eviction) -> StoreError {
        var freed = eviction.rows > 0 ? "freed what history could go (\(eviction.rows) old rows deleted)" : "no old history was left to delete"
        if eviction.mediaFiles > 0 { freed += ", \(eviction.mediaFiles) cached image\(eviction.mediaFiles == 1 ? "" : "s") deleted" }
        return Self.diskFullError(path: path, operation: operation, freed: freed)
    }

    /// `<operation> failed: the disk is full (3.2 MiB free on /home); <freed>; free space and run again`.
    static func diskFullError(path: String, operation: String, freed: String?) -> StoreError {
        let space = DiskSpace(of: folder(of: path)).map { "\($0.availableText) free on \($0.mountPoint)" } ?? "free space unknown"
        return StoreError(
            path: path, message: "\(operation) failed: the disk is full (\(space)); \(freed.map { $0 + "; " } ?? "")free space and run again",
            sqliteCode: SQLITE_FULL)
    }

    /// Logs the run this database serves (`loggedRun`) as failed with `error`, when there is
    /// room for one more row.
    func logFailedRun(_ error: StoreError) {
        guard let loggedRun else { return }
        let run = loggedRun.finish(outcome: .failed, summary: error.message)
        _ = try? writer.write { db in try run.insert(db) }
    }

    /// Caps the database at its current size plus `pages` (`PRAGMA max_page_count`, for this
    /// connection): a full disk without filling one, for tests.
    func limitSize(toCurrentPlus pages: Int) throws {
        try writer.writeWithoutTransaction { db in
            let count = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(count + pages)")
        }
    }
}

extension StoreError {
    /// Whether the disk (or the database's size limit) was full.
    public var isDiskFull: Bool { sqliteCode == SQLITE_FULL }
}
