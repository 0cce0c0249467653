import TidingsCore

extension NotificationRecord {
    /// What starts the `fingerprint` of an item the user edited, cancelled or merged into a
    /// digest (`tidings pending`). `plan` leaves such an item as the user left it: it does not
    /// change its text or time, revive it, cancel it, or send it again as an update.
    public static let userMark = "user:"

    /// Whether the user took this item over (see `userMark`).
    public var isHeldByUser: Bool { fingerprint?.hasPrefix(Self.userMark) == true }

    /// Marks the item as taken over by the user, keeping the planner's fingerprint after the mark.
    public mutating func holdForUser() {
        if !isHeldByUser { fingerprint = Self.userMark + (fingerprint ?? "") }
    }

    /// Whether it still waits to be sent: pending, or in the backlog.
    public var isOpen: Bool {
        state == .pending || state == .backlog
    }
}

extension NotificationRecord {
    /// The channels chosen for this item alone (`channels`), or nil to follow its category's route.
    public var chosenChannels: [ChannelName]? {
        channels.map { $0.split(separator: ",").compactMap { ChannelName(String($0)) } }
    }
}
