import Foundation
import TidingsCore

/// Prints notifications on standard output: text for people, JSON lines for scripts.
public struct StdoutChannel: Channel {
    public let name: ChannelName = .stdout
    public let reportsEngagement = false
    /// 256 lines a step: one write each, and a backlog of thousands commits a few dozen
    /// steps rather than hundreds. A kill can leave one step's outcome unrecorded.
    public var chunkSize: Int { 256 }
    public var platformInfo: String {
        var json = JSONLine()
        json.add("channel", name.description)
        json.add("format", format.rawValue)
        return json.string
    }

    /// The output format.
    public let format: OutputFormat
    /// The zone timestamps are shown in.
    public let zone: Zone
    private let write: @Sendable (String) -> (written: Int, error: String?)

    /// A channel writing to this process's standard output.
    public init(format: OutputFormat, zone: Zone) {
        self.init(format: format, zone: zone, writeCounting: StdoutChannel.writeToStandardOutput)
    }

    /// A channel handing its text to `write`, which returns nil on success or the reason it
    /// failed (having written nothing).
    public init(format: OutputFormat, zone: Zone, write: @escaping @Sendable (String) -> String?) {
        self.init(format: format, zone: zone) { text in
            let error = write(text)
            return (error == nil ? text.utf8.count : 0, error)
        }
    }

    /// A channel handing its text to `write`, which returns how many bytes it wrote, and why
    /// it stopped when that is not all of them.
    public init(format: OutputFormat, zone: Zone, writeCounting write: @escaping @Sendable (String) -> (written: Int, error: String?)) {
        self.format = format
        self.zone = zone
        self.write = write
    }

    public func send(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        let zone = zone.resolved()
        var text = ""
        text.reserveCapacity(items.count * 256)
        var ends: [Int] = []
        ends.reserveCapacity(items.count)
        for item in items {
            text += format == .json ? item.jsonLine(zone: zone, deliveredAt: now) : item.textLine(zone: zone)
            text += "\n"
            ends.append(text.utf8.count)
        }
        // One write for the step: a step of lines costs one system call, not one each.
        let (written, error) = write(text)
        // A pipe that closed halfway took the lines written in full; the rest were not shown
        // (or shown cut off) and are due again.
        return zip(items, ends).map { item, end in
            ChannelResult(id: item.id, outcome: end <= written ? .delivered : .notSent(error ?? "standard output stopped"))
        }
    }

    public func state() async -> ChannelState { .available }

    @Sendable static func writeToStandardOutput(_ text: String) -> (written: Int, error: String?) {
        let (written, error) = StandardStreams.writeCounting(text, to: STDOUT_FILENO)
        return (written, error.map { "standard output: \($0)" })
    }
}
