import GRDB
import TidingsCore

// The clears' steps for the store functions still written against GRDB (planning's updates,
// `tidings pending cancel`): each runs the seam's statements on the GRDB connection it is
// given. They go once those functions are on the seam.
extension TidingsDatabase {
    /// `queueClears` on a GRDB connection.
    static func queueClears(_ legs: [ClearableLeg], reason: String, now: EpochMillis, db: Database) throws {
        try queueClears(legs, reason: reason, now: now, db: SQLiteStoreConnection(database: db))
    }

    /// `clearableLegs` on a GRDB connection.
    static func clearableLegs(of row: NotificationRecord, channels: [ChannelName], now: EpochMillis, db: Database) throws -> [ClearableLeg] {
        try clearableLegs(of: row, channels: channels, now: now, db: SQLiteStoreConnection(database: db))
    }

    /// `dropClears` on a GRDB connection.
    static func dropClears(of id: String, db: Database) throws {
        try dropClears(of: id, db: SQLiteStoreConnection(database: db))
    }
}
