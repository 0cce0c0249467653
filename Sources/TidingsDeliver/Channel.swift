import TidingsCore
import TidingsStore

/// How a channel formats what it shows, where that is a choice (stdout).
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One line per notification, for people.
    case text
    /// One JSON object per line.
    case json
}

/// The result of handing one notification to a channel.
public struct ChannelResult: Sendable {
    /// The notification's id.
    public var id: String
    /// nil when delivered; the reason when not.
    public var failure: String?
}

/// A place notifications are shown. Sends a batch, reporting each item's fate.
public protocol Channel {
    /// The channel's name, as in the config and the delivery rows (`stdout`).
    var name: String { get }
    /// Whether the channel learns what the user did (taps, dismissals).
    var reportsEngagement: Bool { get }
    /// JSON describing the receiving side, kept with each delivery.
    var platformInfo: String { get }
    /// Sends `items`, delivered at `now`, and says how each went.
    func send(_ items: [NotificationRecord], now: EpochMillis) -> [ChannelResult]
}
