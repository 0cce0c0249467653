import TidingsDeliver
import TidingsStore

extension Array where Element == NotificationRecord {
    /// The messages these rows become for a channel, as `deliver` makes them.
    var messages: [Message] { map { Message(record: $0) } }

    /// The messages these rows become for a channel, each with the platform info `previous`
    /// keeps for its id (the last delivered version's).
    func messages(previous: [String: String]) -> [Message] {
        map { Message(record: $0, previous: previous[$0.id]) }
    }
}
