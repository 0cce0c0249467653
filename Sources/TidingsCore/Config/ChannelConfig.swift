/// The channels `deliver` can send to, as routes name them.
public enum ChannelName: Hashable, Sendable, CustomStringConvertible {
    /// Standard output.
    case stdout
    /// The desktop, through notify-send.
    case desktop
    /// The inbox in the database, read with `tidings inbox`.
    case inbox
    /// The webhook target with this name.
    case webhook(String)
    /// The e-mail target with this name.
    case email(String)
    /// The `[[commands]]` entry with this name.
    case command(String)

    /// Parses `stdout`, `desktop`, `inbox`, `webhook:NAME`, `email:NAME` or `command:NAME`.
    public init?(_ text: String) {
        switch text {
        case "stdout": self = .stdout
        case "desktop": self = .desktop
        case "inbox": self = .inbox
        default:
            if text.hasPrefix("webhook:"), text.count > "webhook:".count {
                self = .webhook(String(text.dropFirst("webhook:".count)))
            } else if text.hasPrefix("email:"), text.count > "email:".count {
                self = .email(String(text.dropFirst("email:".count)))
            } else if text.hasPrefix("command:"), text.count > "command:".count {
                self = .command(String(text.dropFirst("command:".count)))
            } else {
                return nil
            }
        }
    }

    /// `stdout`, `desktop`, `inbox`, `webhook:NAME`, `email:NAME` or `command:NAME`, as stored in delivery rows.
    public var description: String {
        switch self {
        case .stdout: "stdout"
        case .desktop: "desktop"
        case .inbox: "inbox"
        case .webhook(let name): "webhook:\(name)"
        case .email(let name): "email:\(name)"
        case .command(let name): "command:\(name)"
        }
    }

    /// The channels that learn what the user did.
    public static let engagementChannels: [ChannelName] = [.desktop, .inbox]

    /// Whether the channel learns what the user did with a notification.
    public var reportsEngagement: Bool { self == .desktop || self == .inbox }
}

/// The request body a webhook target expects.
public enum WebhookFormat: String, Sendable, CaseIterable {
    /// A documented JSON object.
    case json
    /// ntfy's publish API.
    case ntfy
    /// Gotify's POST /message.
    case gotify
    /// A Slack incoming webhook.
    case slack
    /// A Discord webhook.
    case discord
}

extension ChannelName: Codable {
    /// Reads a channel's name (`webhook:ops`); a name that is none of the forms throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let name = ChannelName(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a channel: \(text)")
        }
        self = name
    }

    /// Writes the channel's name (`description`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension ChannelName: Comparable {
    /// Orders channels by name, as lists and reports show them.
    public static func < (lhs: ChannelName, rhs: ChannelName) -> Bool { lhs.description < rhs.description }
}
