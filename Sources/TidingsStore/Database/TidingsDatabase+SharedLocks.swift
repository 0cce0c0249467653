import TidingsCore
import TidingsPostgres

extension TidingsDatabase {
    /// Takes the lock `name` that keeps the hosts sharing a PostgreSQL store apart (`plan`:
    /// one host plans at a time; `source <name>`: one host fetches a source at a time): a
    /// session advisory lock, held until `unlock(_:)` or the end of the session, so that a
    /// host that dies or is cut off lets go of it when the server ends its session. True when
    /// it is held; false when another session holds it. On SQLite, where only the programs of
    /// one machine share the file and the lock file beside it keeps them apart, always true.
    public func tryLock(_ name: String) throws(StoreError) -> Bool {
        guard let postgres else { return true }
        do {
            return try postgres.withConnection { connection in try connection.tryAdvisoryLock(Self.lockKey(name)) }
        } catch {
            throw StoreError(path: path, operation: "take the lock \(name)", error: error)
        }
    }

    /// Lets go of the lock `name` taken by `tryLock(_:)`; nothing on SQLite.
    public func unlock(_ name: String) throws(StoreError) {
        guard let postgres else { return }
        do {
            _ = try postgres.withConnection { connection in try connection.advisoryUnlock(Self.lockKey(name)) }
        } catch {
            throw StoreError(path: path, operation: "release the lock \(name)", error: error)
        }
    }

    /// `PostgreSQL 15.8` for a store on PostgreSQL, `SQLite 3.46.1` for a file.
    public func serverDescription() throws(StoreError) -> String {
        let engine = postgres == nil ? "SQLite" : "PostgreSQL"
        let query = postgres == nil ? "SELECT sqlite_version() AS version" : "SELECT current_setting('server_version') AS version"
        let version: String = try snapshot("read the server version") { db in try db.rows(query).first?.decode("version") ?? "" }
        return "\(engine) \(version.prefix { $0 != " " })"
    }

    /// The advisory lock key of `name`: its 64-bit FNV-1a hash,
    /// which every host computes alike, kept apart from the migration lock.
    static func lockKey(_ name: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ("tidings lock " + name).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let key = Int64(bitPattern: hash)
        return key == PostgresSchema.lockKey ? key &+ 1 : key
    }
}
