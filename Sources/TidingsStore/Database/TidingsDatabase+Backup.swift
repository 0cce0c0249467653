import Foundation
import GRDB

extension TidingsDatabase {
    /// Copies the database to `destination`, a new file, while other programs go on using it
    /// (SQLite's backup API). The copy is written to a temporary file beside `destination`
    /// (mode 0600), checked with `PRAGMA quick_check`, then renamed into place; an existing
    /// file is never overwritten. Returns the copy's size in pages. A full disk is said as
    /// such: `backup failed: the disk is full (312 KiB free on /mnt); …`.
    public func backup(to destination: String) throws(StoreError) -> Int {
        let temporary = destination + ".tmp-\(getpid())"
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) } }
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError(path: destination, message: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        let pages: Int
        do {
            let copy = try DatabaseQueue(path: temporary)
            try writer.backup(to: copy)
            let (check, count) = try copy.read { db in
                (try String.fetchOne(db, sql: "PRAGMA quick_check"), try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0)
            }
            try copy.close()
            guard check == "ok" else { throw StoreError(path: destination, message: "the copy failed its check: \(check ?? "no answer")") }
            pages = count
        } catch  where Self.isShortOfSpace(error, folder: Self.folder(of: destination)) {
            // The backup API leaves its error on neither connection: GRDB's message for it is
            // "not an error", so the disk's own state says what happened.
            throw Self.diskFullError(path: destination, operation: "backup", freed: nil)
        } catch {
            throw StoreError(path: destination, operation: "back up \(path)", error: error)
        }
        // link(2) fails when `destination` exists, so a file there is never replaced.
        guard link(temporary, destination) == 0 else {
            let reason = errno == EEXIST ? "exists already: choose a new file name" : String(cString: strerror(errno))
            throw StoreError(path: destination, message: reason)
        }
        return pages
    }
}
