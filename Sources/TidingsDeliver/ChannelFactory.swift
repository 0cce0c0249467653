import TidingsCore
import TidingsStore

/// Builds the channels a run may use, each once, from the config and the environment.
public final class ChannelFactory {
    private let config: TidingsConfig
    private let databasePath: String
    private let localStem: String
    private let environment: [String: String]
    private let programFolder: String
    private let format: OutputFormat
    private let zone: Zone
    private let media: MediaAttachments?
    private var built: [ChannelName: any Channel] = [:]

    /// A factory for one run. `programFolder` holds the `tidings` program (the desktop waiter);
    /// `media`, when given, gives the desktop and ntfy webhooks the content images.
    public init(
        config: TidingsConfig, databasePath: String, localStem: String? = nil, environment: [String: String], programFolder: String,
        format: OutputFormat, zone: Zone, media: MediaAttachments? = nil
    ) {
        self.config = config
        self.databasePath = databasePath
        self.localStem = localStem ?? databasePath
        self.environment = environment
        self.programFolder = programFolder
        self.format = format
        self.zone = zone
        self.media = media
    }

    /// The channel named `name`, or nil when no webhook, e-mail target or command of that name is configured.
    public func make(_ name: ChannelName) -> (any Channel)? {
        if let channel = built[name] { return channel }
        let channel: (any Channel)?
        switch name {
        case .stdout:
            channel = StdoutChannel(format: format, zone: zone)
        case .inbox:
            channel = InboxChannel()
        case .desktop:
            channel = DesktopChannel(
                config: config.desktop,
                session: SessionEnvironment(
                    environment: environment, recorded: RecordedSession.read(RecordedSession.path(forDatabase: localStem))),
                databasePath: databasePath, waiterPath: programFolder + "/tidings", media: media)
        case .webhook(let webhook):
            channel = config.webhooks.first { $0.name == webhook }.map { target in
                var channel = WebhookChannel(target: target, environment: environment)
                channel.media = media
                return channel
            }
        case .email(let email):
            channel = config.emails.first { $0.name == email }.map { EmailChannel(target: $0, environment: environment, zone: zone) }
        case .command(let command):
            channel = config.commands.first { $0.name == command }.map { CommandChannel(command: $0, environment: environment, zone: zone) }
        }
        built[name] = channel
        return channel
    }

    /// What the channels built so far found when they were checked, for `--verbose`:
    /// `desktop: mako, do-not-disturb off`.
    public var notes: [String] {
        built.values.compactMap(\.stateNote).sorted()
    }

    /// Every channel the config can route to, in a fixed order, with the ones turned off.
    public func allConfigured() -> [(name: ChannelName, enabled: Bool)] {
        let names: [ChannelName] =
            [.stdout, .desktop, .inbox] + config.webhooks.map { .webhook($0.name) }
            + config.emails.map { .email($0.name) } + config.commands.map { .command($0.name) }
        return names.map { ($0, !config.isTurnedOff($0)) }
    }
}
