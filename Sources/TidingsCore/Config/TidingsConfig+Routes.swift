extension TidingsConfig {
    /// The default routing table.
    public static let defaultRoutes: [Category: [ChannelName]] = [
        .transactional: [.desktop, .inbox],
        .system: [.desktop, .inbox],
        .social: [.inbox],
        .marketing: [.desktop],
    ]

    /// The channels a notification of `category` goes to: its route, less the channels
    /// turned off (`webhook = false` turns off every webhook, `email = false` every e-mail target,
    /// `command = false` every command).
    public func channels(for category: Category) -> [ChannelName] {
        channels(for: category, chosen: nil)
    }

    /// The channels of one notification: those chosen for it alone (`tidings add --channel`)
    /// or else its category's route, less the channels turned off either way (and chosen
    /// targets the config no longer has).
    public func channels(for category: Category, chosen: [ChannelName]?) -> [ChannelName] {
        (chosen ?? routes[category] ?? []).filter { channel in
            !isTurnedOff(channel) && (chosen == nil || missingTarget(of: channel) == nil)
        }
    }

    /// The channels on that can take back what they showed (`WebhookFormat.clearsDelivered`).
    public var clearingChannels: [ChannelName] {
        webhooks.filter(\.format.clearsDelivered).map { ChannelName.webhook($0.name) }.filter { !isTurnedOff($0) }
    }

    /// The ntfy targets on that are handed items ahead of their time (`schedule_ahead`), with
    /// how far ahead each is.
    public var handOverTargets: [(channel: ChannelName, ahead: Int64)] {
        webhooks.compactMap { webhook in
            guard webhook.format == .ntfy, let ahead = webhook.scheduleAhead, !isTurnedOff(.webhook(webhook.name)) else { return nil }
            return (ChannelName.webhook(webhook.name), ahead)
        }
    }

    /// How far ahead the farthest hand-over reaches; nil when no target hands over.
    public var handOverReach: Int64? { handOverTargets.map(\.ahead).max() }

    /// Whether `[channels]` turns `channel` off, by its name or by its kind (`webhook = false`
    /// turns off every webhook, `email = false` every e-mail target, `command = false` every
    /// command).
    public func isTurnedOff(_ channel: ChannelName) -> Bool {
        if disabledChannels.contains(channel.description) { return true }
        switch channel {
        case .webhook: return disabledChannels.contains("webhook")
        case .email: return disabledChannels.contains("email")
        case .command: return disabledChannels.contains("command")
        case .stdout, .desktop, .inbox: return false
        }
    }

    /// Why `channel` cannot be used with this config (a webhook, e-mail target or command no
    /// entry names), or nil when it can.
    public func missingTarget(of channel: ChannelName) -> String? {
        switch channel {
        case .webhook(let name) where !webhooks.contains { $0.name == name }: "no [[webhooks]] entry is named \"\(name)\""
        case .email(let name) where !emails.contains { $0.name == name }: "no [[email]] entry is named \"\(name)\""
        case .command(let name) where !commands.contains { $0.name == name }: "no [[commands]] entry is named \"\(name)\""
        default: nil
        }
    }

    /// Reads `[routes]`: for each category it names, its channels in order, each once, a
    /// webhook only when one of `webhooks` has its name, an e-mail target only when one of
    /// `emails` has, a command only when one of `commands` has. The rest keep `defaultRoutes`.
    static func parseRoutes(
        _ table: inout TOMLReader, webhooks: [Webhook], emails: [Email] = [], commands: [Command] = []
    ) throws(ConfigError) -> [Category: [ChannelName]] {
        let webhookNames = Set(webhooks.map(\.name))
        let emailNames = Set(emails.map(\.name))
        let commandNames = Set(commands.map(\.name))
        var routes = defaultRoutes
        for category in Category.allCases {
            guard let entries = try table.strings(category.rawValue) else { continue }
            var channels: [ChannelName] = []
            for (index, entry) in entries.enumerated() {
                guard let channel = ChannelName(entry) else {
                    throw table.error(
                        "\(category.rawValue)[\(index)]",
                        "unknown channel \(ConfigError.quoted(entry)); use stdout, desktop, inbox, webhook:NAME, email:NAME or command:NAME")
                }
                if case .webhook(let name) = channel, !webhookNames.contains(name) {
                    throw table.error("\(category.rawValue)[\(index)]", "no [[webhooks]] entry is named \(ConfigError.quoted(name))")
                }
                if case .email(let name) = channel, !emailNames.contains(name) {
                    throw table.error("\(category.rawValue)[\(index)]", "no [[email]] entry is named \(ConfigError.quoted(name))")
                }
                if case .command(let name) = channel, !commandNames.contains(name) {
                    throw table.error("\(category.rawValue)[\(index)]", "no [[commands]] entry is named \(ConfigError.quoted(name))")
                }
                if !channels.contains(channel) { channels.append(channel) }
            }
            routes[category] = channels
        }
        return routes
    }

    /// Reads `[channels]`: the channels set to false (`stdout`, `desktop`, `inbox`, `webhook`,
    /// `webhook:NAME` of one of `webhooks`, `email` or `email:NAME` of one of `emails`,
    /// `command` or `command:NAME` of one of `commands`), which no route reaches.
    static func parseDisabledChannels(
        _ table: inout TOMLReader, webhooks: [Webhook], emails: [Email] = [], commands: [Command] = []
    ) throws(ConfigError) -> Set<String> {
        var disabled = Set<String>()
        let names =
            ["stdout", "desktop", "inbox", "webhook", "email", "command"] + webhooks.map({ "webhook:\($0.name)" })
            + emails.map({ "email:\($0.name)" }) + commands.map({ "command:\($0.name)" })
        for name in names {
            if try table.bool(name) == false { disabled.insert(name) }
        }
        return disabled
    }
}
