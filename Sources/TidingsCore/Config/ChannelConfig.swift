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

    /// Parses `stdout`, `desktop`, `inbox` or `webhook:NAME`.
    public init?(_ text: String) {
        switch text {
        case "stdout": self = .stdout
        case "desktop": self = .desktop
        case "inbox": self = .inbox
        default:
            guard text.hasPrefix("webhook:"), text.count > "webhook:".count else { return nil }
            self = .webhook(String(text.dropFirst("webhook:".count)))
        }
    }

    /// `stdout`, `desktop`, `inbox` or `webhook:NAME`, as stored in delivery rows.
    public var description: String {
        switch self {
        case .stdout: "stdout"
        case .desktop: "desktop"
        case .inbox: "inbox"
        case .webhook(let name): "webhook:\(name)"
        }
    }

    /// The channels that learn what the user did, as stored in delivery rows.
    public static let engagementChannels = ["desktop", "inbox"]

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

/// Where a secret comes from: never the config file itself, never the database.
public enum SecretSource: Sendable, Equatable {
    /// An environment variable of the `deliver` process.
    case environment(String)
    /// A file (its content, trailing white space trimmed).
    case file(String)
}

extension TidingsConfig {
    /// One webhook target.
    public struct Webhook: Sendable, Equatable {
        /// A unique name; routes say `webhook:NAME`.
        public var name: String
        /// `https:`, or `http:` to loopback only.
        public var url: String
        /// The body shape.
        public var format: WebhookFormat
        /// The bearer token (ntfy, json), app token (gotify); nil for none.
        public var token: SecretSource?
        /// The HMAC-SHA256 signing secret; nil sends no signature.
        public var secret: SecretSource?
        /// Time allowed for one request.
        public var timeout: Int64 = 10_000
        /// Requests in flight at once to this target.
        public var concurrency = 8
        /// Attempts before an item fails on this target.
        public var maxAttempts = 5
        /// Where an item goes when it finally fails here (stdout, desktop or inbox); nil: nowhere.
        public var fallback: ChannelName? = .inbox

        /// A target with defaults for the optional settings.
        public init(name: String, url: String, format: WebhookFormat) {
            self.name = name
            self.url = url
            self.format = format
        }
    }

    /// The desktop channel's settings.
    public struct Desktop: Sendable, Equatable {
        /// How long a popup stays before it expires (then it counts as ignored).
        public var expire: Int64 = 10_000
        /// A local icon file; nil for the daemon's default.
        public var icon: String?
        /// Longest a call to the notification daemon may take before the channel counts as unavailable.
        public var deadline: Int64 = 3_000
    }

    /// The default routing table.
    public static let defaultRoutes: [Category: [ChannelName]] = [
        .transactional: [.desktop, .inbox],
        .system: [.desktop, .inbox],
        .social: [.inbox],
        .marketing: [.desktop],
    ]
}
