extension TidingsConfig {
    /// The default routing table.
    public static let defaultRoutes: [Category: [ChannelName]] = [
        .transactional: [.desktop, .inbox],
        .system: [.desktop, .inbox],
        .social: [.inbox],
        .marketing: [.desktop],
    ]

    /// The channels a notification of `category` goes to: its route, less the channels
    /// turned off (`webhook = false` turns off every webhook).
    public func channels(for category: Category) -> [ChannelName] {
        (routes[category] ?? []).filter { channel in
            if disabledChannels.contains(channel.description) { return false }
            if case .webhook = channel, disabledChannels.contains("webhook") { return false }
            return true
        }
    }

    /// Reads `[routes]`: for each category it names, its channels in order, each once, a
    /// webhook only when one of `webhooks` has its name. The rest keep `defaultRoutes`.
    static func parseRoutes(_ table: inout TOMLReader, webhooks: [Webhook]) throws(ConfigError) -> [Category: [ChannelName]] {
        let webhookNames = Set(webhooks.map(\.name))
        var routes = defaultRoutes
        for category in Category.allCases {
            guard let entries = try table.strings(category.rawValue) else { continue }
            var channels: [ChannelName] = []
            for (index, entry) in entries.enumerated() {
                guard let channel = ChannelName(entry) else {
                    throw table.error(
                        "\(category.rawValue)[\(index)]",
                        "unknown channel \(ConfigError.quoted(entry)); use stdout, desktop, inbox or webhook:NAME")
                }
                if case .webhook(let name) = channel, !webhookNames.contains(name) {
                    throw table.error("\(category.rawValue)[\(index)]", "no [[webhooks]] entry is named \(ConfigError.quoted(name))")
                }
                if !channels.contains(channel) { channels.append(channel) }
            }
            routes[category] = channels
        }
        return routes
    }

    /// Reads `[channels]`: the channels set to false (`stdout`, `desktop`, `inbox`, `webhook`
    /// or `webhook:NAME` of one of `webhooks`), which no route reaches.
    static func parseDisabledChannels(_ table: inout TOMLReader, webhooks: [Webhook]) throws(ConfigError) -> Set<String> {
        var disabled = Set<String>()
        for name in ["stdout", "desktop", "inbox", "webhook"] + webhooks.map({ "webhook:\($0.name)" }) {
            if try table.bool(name) == false { disabled.insert(name) }
        }
        return disabled
    }
}
