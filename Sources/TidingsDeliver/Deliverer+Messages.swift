import TidingsCore
import TidingsStore

extension Deliverer {
    /// The messages `items` become on the channel named `channel`: each update carries the
    /// platform info of its last version delivered there (`Message.previous`). When that
    /// cannot be read, the updates go as new messages (a new popup, a new Discord post, never
    /// none), and `unread` says why, for their delivery rows (see `noting`).
    func messages(_ items: [NotificationRecord], on channel: ChannelName) -> (messages: [Message], unread: String?) {
        let updates = items.filter { $0.revision > 0 }.map(\.id)
        guard !updates.isEmpty else { return (items.map { Message(record: $0) }, nil) }
        do {
            let previous = try database.lastDeliveredPlatformInfo(ids: updates, channel: channel)
            return (items.map { Message(record: $0, previous: previous[$0.id]) }, nil)
        } catch {
            return (items.map { Message(record: $0) }, "sent as a new message: the delivery of the version it updates could not be read: \(error)")
        }
    }

    /// The platform info `info` of an update's delivery row with `note` (why it went as a new
    /// message) added; `info` itself for a first send or without a note.
    static func noting(_ note: String?, for item: NotificationRecord, in info: String) -> String {
        guard let note, item.revision > 0 else { return info }
        var json = JSONLine(continuing: info)
        json.add("note", note)
        return json.string
    }
}
