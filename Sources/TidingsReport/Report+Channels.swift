import Foundation
import TidingsCore
import TidingsStore

extension ChannelDeliveries {
    /// delivered / (delivered + failed): the sends that ended, retries aside; nil without any.
    public var deliveryRate: Double? {
        delivered + failed == 0 ? nil : Double(delivered) / Double(delivered + failed)
    }
}

extension Report {
    /// Most reasons listed under a channel in the table; JSON lists them all.
    static let reasonsShown = 10

    /// The table's section per channel: its delivery rate with the counts, then its failure
    /// reasons, most frequent first.
    static func channelSections(_ channels: [ChannelDeliveries]) -> [String] {
        var lines = ["By channel (sends of items due in the window; missed and expired items reach no channel)", ""]
        guard !channels.isEmpty else { return lines + ["No sends in the window."] }
        for entry in channels {
            let retried = entry.retried == 1 ? "1 retry" : "\(entry.retried) retries"
            lines.append(
                row(
                    entry.channel, entry.deliveryRate,
                    "\(entry.delivered) of \(entry.delivered + entry.failed) delivered, \(entry.failed) failed, \(retried)"))
            for reason in entry.reasons.prefix(reasonsShown) {
                lines.append("\(String(reason.count).leftPadded(to: 22))   \(TextSanitizer.clean(reason.reason))")
            }
            let rest = entry.reasons.dropFirst(reasonsShown)
            if !rest.isEmpty {
                let failures = rest.map(\.count).reduce(0, +)
                lines.append("\(String(failures).leftPadded(to: 22))   (\(rest.count) other reasons)")
            }
        }
        return lines
    }

    /// The `channels` array: `{"channel","delivered","failed","retried","reasons":[{"reason","count"}]}`.
    static func channelsJSON(_ channels: [ChannelDeliveries]) -> String {
        jsonArray(
            channels.map { entry in
                var json = JSONLine()
                json.add("channel", entry.channel)
                json.add("delivered", entry.delivered)
                json.add("failed", entry.failed)
                json.add("retried", entry.retried)
                json.add(
                    "reasons",
                    json: jsonArray(
                        entry.reasons.map { reason in
                            var item = JSONLine()
                            item.add("reason", reason.reason)
                            item.add("count", reason.count)
                            return item.string
                        }))
                return json.string
            })
    }

    /// `text` as a Prometheus label value: backslash, double quote and newline escaped.
    static func labelValue(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
