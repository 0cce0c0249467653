import GRDB
import TidingsCore

// Each word is stored as its raw value: the same text the columns held when they were plain
// strings, so the typed columns needed no migration (GRDB's
// `DatabaseValueConvertible+RawRepresentable`).
//
// A record whose column holds a text this version does not know (a row written by hand, or
// by a newer version) does not decode: GRDB's `RowDecodingError` names the type, the value,
// the column and the row, and the store throws it as that operation's `StoreError`. Counts
// and look-ups over many rows (report's fetch outcomes, when each stage last succeeded, the
// insight history, the earlier legs of a resumed delivery) read such a column as text
// instead, and count or skip what they do not know.

extension NotificationKind: DatabaseValueConvertible {}
extension Category: DatabaseValueConvertible {}
extension NotificationState: DatabaseValueConvertible {}
extension Staleness: DatabaseValueConvertible {}
extension Engagement: DatabaseValueConvertible {}
extension DeliveryOutcome: DatabaseValueConvertible {}
extension FetchOutcome: DatabaseValueConvertible {}
extension StageOutcome: DatabaseValueConvertible {}
extension Stage: DatabaseValueConvertible {}
extension TimeAnchor: DatabaseValueConvertible {}
extension Generator: DatabaseValueConvertible {}

/// A local date is stored as its `YYYY-MM-DD` text; text that is not a date reads as nil.
extension LocalDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalDate? {
        String.fromDatabaseValue(dbValue).flatMap { LocalDate($0) }
    }
}
