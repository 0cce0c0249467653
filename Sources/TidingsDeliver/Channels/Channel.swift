import TidingsCore

/// How a channel formats what it shows, where that is a choice (stdout).
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One line per notification, for people.
    case text
    /// One JSON object per line.
    case json
}

/// The fate of one notification handed to a channel.
public struct ChannelResult: Sendable, Equatable {
    /// What happened.
    public enum Outcome: Sendable, Equatable {
        /// The channel took it.
        case delivered
        /// It will never go through this channel (a 4xx, a refused body): the reason.
        case failed(String)
        /// It may go through later (a timeout, 429, 5xx): the reason, and how long the
        /// receiver asked to wait (Retry-After), in milliseconds, when it said.
        case transient(String, retryAfter: Int64?)
        /// The channel cannot take anything now (no session bus, no daemon): the reason.
        /// The item goes to the inbox instead.
        case unavailable(String)
        /// The desktop found no desktop session at all (no session bus): the reason. A state
        /// of the machine, not a failure: the item goes to the inbox instead.
        case noSession(String)
        /// Nothing of it reached the channel (a pipe closed before its line): the reason.
        /// It is due again for the next run.
        case notSent(String)
    }

    /// The notification's id.
    public var id: String
    /// What happened.
    public var outcome: Outcome
    /// JSON describing the receiving side for this item, when it differs from the channel's.
    public var platformInfo: String?

    /// A result.
    public init(id: String, outcome: Outcome, platformInfo: String? = nil) {
        self.id = id
        self.outcome = outcome
        self.platformInfo = platformInfo
    }
}

/// What `tidings doctor` and every `deliver` run know of a channel.
public enum ChannelState: Sendable, Equatable {
    /// Never checked.
    case notDetermined
    /// Ready.
    case available
    /// Cannot deliver: why, and the one-line fix.
    case unavailable(reason: String, fix: String)
    /// No desktop session at all on this machine (no session bus; a server, nobody logged
    /// in): a state of the machine, not a failure. Why, and the one-line fix.
    case noSession(reason: String, fix: String)
    /// Delivers without popup or sound (do-not-disturb, a paused daemon): why.
    case quiet(reason: String)

    /// `available`, `unavailable`, `quiet` or `not determined`.
    public var label: String {
        switch self {
        case .notDetermined: "not determined"
        case .available: "available"
        case .unavailable, .noSession: "unavailable"
        case .quiet: "quiet"
        }
    }

}

/// What a channel promises when a run dies, or the disk fills, in the middle of a send.
public enum DeliveryGuarantee: String, Sendable {
    /// A send whose outcome was not recorded is made again, so a receiver may see it twice
    /// (with the same idempotency key): webhooks.
    case atLeastOnce = "at least once"
    /// The entry and the item's state are one transaction: the inbox.
    case exactlyOnce = "exactly once"
    /// A send that may have happened is never repeated: stdout and the desktop. A kill
    /// loses the outcome of the items in flight (`chunkSize` at most), which count as failed.
    case atMostOnce = "at most once"
}

/// A place notifications are shown. Sends a batch, reporting each item's fate.
public protocol Channel {
    /// What the channel promises when a run dies in the middle of a send.
    var guarantee: DeliveryGuarantee { get }
    /// How many items one send hands over before their outcomes are committed: what a kill
    /// can leave unrecorded.
    var chunkSize: Int { get }
    /// The channel's name, as in routes and delivery rows (`stdout`, `webhook:phone`).
    var name: ChannelName { get }
    /// Whether the channel learns what the user did (taps, dismissals).
    var reportsEngagement: Bool { get }
    /// JSON describing the receiving side, kept with each delivery.
    var platformInfo: String { get }
    /// Checks whether the channel can deliver now. Cheap channels answer at once.
    func state() async -> ChannelState
    /// What the last check found besides the state, for `tidings doctor` and `--verbose`
    /// (the desktop: which desktop, and its do-not-disturb); nil when there is nothing to say.
    var stateNote: String? { get }
    /// Sends `messages` at `now` and says how each went, one result per message, by its id.
    /// An update (`Message.isUpdate`) replaces what the channel showed of its last version
    /// where the channel can (`Message.previous` holds that version's platform info), and is
    /// sent like any other message where it cannot.
    func send(_ messages: [Message], now: EpochMillis) async -> [ChannelResult]
    /// Takes back what the channel showed of `messages` (a cancelled meeting's reminder), one
    /// result per message; `Message.previous` holds the platform info of the last delivery.
    func clear(_ messages: [Message], now: EpochMillis) async -> [ChannelResult]
}

extension Channel {
    /// At most once, unless the channel says otherwise.
    public var guarantee: DeliveryGuarantee { .atMostOnce }
    /// 64 items a step.
    public var chunkSize: Int { 64 }
    /// Nothing to say besides the state.
    public var stateNote: String? { nil }

    /// Channels that cannot take back what they showed say so for each message.
    public func clear(_ messages: [Message], now: EpochMillis) async -> [ChannelResult] {
        messages.map { ChannelResult(id: $0.id, outcome: .failed("\(name) cannot take back what it showed")) }
    }
}
