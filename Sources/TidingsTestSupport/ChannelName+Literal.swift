import TidingsCore

/// Tests name channels as the config does (`"webhook:phone"`); a literal that is none of the
/// forms stops the test at once.
extension ChannelName: ExpressibleByStringLiteral {
    /// The channel `value` names.
    public init(stringLiteral value: String) {
        guard let name = ChannelName(value) else { preconditionFailure("not a channel name: \(value)") }
        self = name
    }
}
