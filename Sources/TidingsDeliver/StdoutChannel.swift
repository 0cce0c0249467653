import Foundation
import TidingsCore
import TidingsStore

/// Prints notifications on standard output: text for people, JSON lines for scripts.
public struct StdoutChannel: Channel {
    public let name = "stdout"
    public let reportsEngagement = false
    public var platformInfo: String {
        var json = JSONLine()
        json.add("channel", name)
        json.add("format", format.rawValue)
        return json.string
    }

    /// The output format.
    public let format: OutputFormat
    /// The zone timestamps are shown in.
    public let zone: Zone
    private let write: @Sendable (String) -> String?

    /// A channel writing to this process's standard output.
    public init(format: OutputFormat, zone: Zone) {
        self.init(format: format, zone: zone, write: StdoutChannel.writeToStandardOutput)
    }

    /// A channel handing its text to `write`, which returns nil on success or the reason it failed.
    public init(format: OutputFormat, zone: Zone, write: @escaping @Sendable (String) -> String?) {
        self.format = format
        self.zone = zone
        self.write = write
    }

    public func send(_ items: [NotificationRecord], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        let zone = zone.resolved()
        var text = ""
        text.reserveCapacity(items.count * 256)
        for item in items {
            text += format == .json ? item.jsonLine(zone: zone, deliveredAt: now) : item.textLine(zone: zone)
            text += "\n"
        }
        // One write for the batch: ten thousand lines cost one system call, not ten thousand.
        let outcome: ChannelResult.Outcome = write(text).map { .failed($0) } ?? .delivered
        return items.map { ChannelResult(id: $0.id, outcome: outcome) }
    }

    public func state() async -> ChannelState { .available }

    @Sendable static func writeToStandardOutput(_ text: String) -> String? {
        StandardStreams.write(text, to: STDOUT_FILENO).map { "standard output: \($0)" }
    }
}
