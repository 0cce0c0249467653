import GRDB
import TidingsCore

/// A channel is stored as its name (`webhook:phone`), the text the columns held before they
/// were typed, so no migration was needed. A stored name that is none of the channel forms (a
/// row written by hand, or by a newer version) does not decode: a record reading it throws,
/// and the look-ups over many rows leave it out.
extension ChannelName: DatabaseValueConvertible {
    /// The name, as text.
    public var databaseValue: DatabaseValue { description.databaseValue }

    /// The channel a stored name names; nil for text that is none of the forms.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> ChannelName? {
        String.fromDatabaseValue(dbValue).flatMap(ChannelName.init)
    }
}
