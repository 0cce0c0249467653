import GRDB
import TidingsCore

// While the store moves onto the engine seam file by file (issue #25), a function already on
// the seam may need a helper still written for GRDB, or the other way round. These bridges
// call the one from the other on SQLite, so that neither is written twice; each goes when the
// file on its other side is ported (then the ported helper, with the same name, takes over).

/// A store function still written for GRDB's SQLite, called on another engine.
struct UnportedOnEngine: Error, CustomStringConvertible {
    /// The function.
    var function: String

    /// `dropClears(of:db:) runs on SQLite only, for now`.
    var description: String { "\(function) runs on SQLite only, for now" }
}

extension TidingsDatabase {
    /// GRDB's connection under `db`, for a helper not yet on the seam.
    private static func sqlite(_ db: any StoreConnection, for function: String) throws -> Database {
        guard let connection = db as? SQLiteStoreConnection else { throw UnportedOnEngine(function: function) }
        return connection.database
    }

    /// `dropClears(of:db:)` of TidingsDatabase+Clear.swift, from the seam.
    static func dropClears(of id: String, db: any StoreConnection) throws {
        try dropClears(of: id, db: sqlite(db, for: "dropClears(of:db:)"))
    }

    /// `clearableLegs(of:channels:now:db:)` of TidingsDatabase+Clear.swift, from the seam.
    static func clearableLegs(of row: NotificationRecord, channels: [ChannelName], now: EpochMillis, db: any StoreConnection) throws
        -> [ClearableLeg]
    {
        try clearableLegs(of: row, channels: channels, now: now, db: sqlite(db, for: "clearableLegs(of:channels:now:db:)"))
    }

    /// `queueClears(_:reason:now:db:)` of TidingsDatabase+Clear.swift, from the seam.
    static func queueClears(_ legs: [ClearableLeg], reason: String, now: EpochMillis, db: any StoreConnection) throws {
        try queueClears(legs, reason: reason, now: now, db: sqlite(db, for: "queueClears(_:reason:now:db:)"))
    }
}
