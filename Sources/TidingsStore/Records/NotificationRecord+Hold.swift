import GRDB
import TidingsCore

extension Hold: DatabaseValueConvertible {}

extension NotificationRecord {
    /// Whether the user took this item over (`Hold.user`). `plan` leaves such an item as the
    /// user left it: it does not change its text or time, revive it, cancel it, or send it
    /// again as an update.
    public var isHeldByUser: Bool { hold.contains(.user) }

    /// Marks the item as taken over by the user (edited, cancelled, snoozed, merged into a digest).
    public mutating func holdForUser() {
        hold.insert(.user)
    }

    /// Whether the pending cap kept it in the backlog (`Hold.cap`), now or until it was missed
    /// or expired.
    public var isHeldByCap: Bool { hold.contains(.cap) }

    /// Whether it still waits to be sent: pending, or in the backlog.
    public var isOpen: Bool {
        state == .pending || state == .backlog
    }
}

extension NotificationRecord {
    /// The channels chosen for this item alone (`channels`), or nil to follow its category's route.
    public var chosenChannels: [ChannelName]? { channels }

    /// The stored text of `channels`: their names, comma-separated; nil for none chosen.
    static func channelText(_ channels: [ChannelName]?) -> String? {
        channels.map { $0.map(\.description).joined(separator: ",") }
    }

    /// The channels a stored `channels` text names (parsed once, as the row is read); a name
    /// this version does not know is left out.
    static func channelList(_ text: String?) -> [ChannelName]? {
        text.map { $0.split(separator: ",").compactMap { ChannelName(String($0)) } }
    }
}
