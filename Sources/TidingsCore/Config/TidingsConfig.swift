/// Everything the user can set, with the built-in defaults for what the config file leaves out.
///
/// Each section's type, defaults and reader are in its `TidingsConfig+Section.swift`;
/// `parse(toml:file:directory:)` reads the sections in order.
public struct TidingsConfig: Sendable, Equatable {
    /// The daily update.
    public var daily = Daily()
    /// The window in which only transactional notifications are shown.
    public var quietHours = QuietHours.configDefault
    /// Delivery rules.
    public var delivery = Delivery()
    /// The fallback chain's settings.
    public var fallback = Fallback()
    /// Planning settings.
    public var plan = Plan()
    /// Meeting reminders from calendar sources.
    public var meetings = Meetings()
    /// The weekly summary.
    public var weekly = Weekly()
    /// The places `prefetch` fetches from, in config order.
    public var sources: [Source] = []
    /// Webhook targets.
    public var webhooks: [Webhook] = []
    /// E-mail targets (`[[email]]`).
    public var emails: [Email] = []
    /// Command targets (`[[commands]]`).
    public var commands: [Command] = []
    /// Which channels each category goes to; an empty list turns the category off.
    public var routes = TidingsConfig.defaultRoutes
    /// Channels turned off everywhere (`[channels] desktop = false`).
    public var disabledChannels: Set<String> = []
    /// The desktop channel's settings.
    public var desktop = Desktop()
    /// How often each stage should succeed, for `report --format nagios`.
    public var monitoring = Monitoring()
    /// The categories and kinds that nag until seen (`[nag]`).
    public var nag = Nag()
    /// How long history is kept.
    public var retention = Retention()
    /// Optional behaviour turned on by `[features]`.
    public var features = Features()
    /// The server `tidings listen` subscribes to (`[realtime]`), used when
    /// `features.realtime_push` is on.
    public var realtime: Realtime?
    /// The media cache's limits and where it is published.
    public var media = Media()
    /// Insights drawn from the user's history.
    public var insights = Insights()
    /// The chat-completions endpoint that may write notification text (`[llm]`); nil when not set.
    public var llm: LLM?
    /// Rules that merge items due close together into digests (`[[digests]]`).
    public var digests: [DigestRule] = []

    /// The defaults, with no sources.
    public init() {}

    /// The built-in configuration used when there is no config file: the defaults plus the
    /// bundled sample content, when its location is known.
    public static func builtIn(sampleContentURL: String?) -> TidingsConfig {
        var config = TidingsConfig()
        if let sampleContentURL {
            config.sources = [Source(name: "daily", url: sampleContentURL)]
        }
        return config
    }
}
