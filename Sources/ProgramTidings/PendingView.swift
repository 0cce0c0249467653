import TidingsCore
import TidingsStore

/// How pending notifications and digests look on the terminal.
enum PendingView {
    /// `2026-11-23 08:50  pending     meeting  meeting:…@10m  Client review  (edited)`, or one
    /// JSON object. The state and kind columns are as wide as their longest word, and every
    /// column is followed by two spaces, so no two words run together.
    static func line(_ item: NotificationRecord, format: Tidings.Pending.PendingFormat, zone: Zone) -> String {
        switch format {
        case .json:
            var json = JSONLine(continuing: item.jsonLine(zone: zone))
            json.add("expiresAt", item.expiresAt.map { ISOTime.format($0, in: zone) })
            json.add("priority", item.priority)
            json.add("stateReason", item.stateReason)
            json.add("edited", item.isHeldByUser)
            // The channels chosen for the item alone (`tidings add --channel`); null: its category's route.
            json.add("channels", json: item.chosenChannels.map { jsonArray($0.map { JSONLine.quoted($0.description) }) } ?? "null")
            return json.string
        case .text:
            let state = column(item.state.description, width: stateWidth)
            let kind = column(item.kind.description, width: kindWidth)
            var line = "\(time(item.dueAt, zone: zone))  \(state)  \(kind)  \(item.id)  \(item.title)"
            if item.state == .cancelled, let reason = item.stateReason {
                line += "  (\(reason))"
            } else if item.isHeldByUser && item.kind != .digest {
                line += "  (edited)"
            }
            return line
        }
    }

    /// `2026-11-23 08:50  digest:meeting:…  3 meetings starting soon  (merged meeting:a, meeting:b, meeting:c)`,
    /// or the digest's JSON object with `members`, their ids.
    static func merged(_ merge: DigestMerge, format: Tidings.Pending.PendingFormat, zone: Zone) -> String {
        let ids = merge.members.map(\.id)
        switch format {
        case .json:
            var json = JSONLine(continuing: line(merge.digest, format: .json, zone: zone))
            json.add("members", json: jsonArray(ids.map(JSONLine.quoted)))
            return json.string
        case .text:
            return "\(time(merge.digest.dueAt, zone: zone))  \(merge.digest.id)  \(merge.digest.title)  (merged \(ids.joined(separator: ", ")))"
        }
    }

    /// `reminder:ab3k7q2m  weekdays at 09:55  next 2026-11-25 09:55  until 2026-11-30 23:59  Stand-up notes`
    /// (`no end` while it runs until stopped), or one JSON object.
    static func reminder(_ rule: ReminderRecord, next: NotificationRecord?, format: Tidings.Pending.PendingFormat, zone: Zone) -> String {
        let ruleZone = Zone(identifier: rule.zone) ?? zone
        let at = TidingsDatabase.wallTime(rule.firstAt, in: ruleZone)
        switch format {
        case .json:
            var json = JSONLine()
            json.add("id", rule.id)
            json.add("title", rule.title)
            json.add("category", rule.category)
            json.add("every", rule.every)
            json.add("at", at)
            json.add("zone", rule.zone)
            json.add("next", next.map { ISOTime.format($0.dueAt, in: zone) })
            json.add("until", rule.untilAt.map { ISOTime.format($0, in: zone) })
            json.add("channels", json: rule.channels.map { jsonArray($0.map { JSONLine.quoted($0.description) }) } ?? "null")
            return json.string
        case .text:
            let clock = String(at.suffix(5))
            let every =
                switch rule.repetition {
                case .daily?: "daily at \(clock)"
                case .weekdays?: "weekdays at \(clock)"
                case .every?: "every \(rule.every) from \(at.replacingOccurrences(of: "T", with: " "))"
                case nil: "every \(rule.every)"
                }
            let upcoming = next.map { "next \(time($0.dueAt, zone: zone))" } ?? "no next occurrence"
            let end = rule.untilAt.map { "until \(time($0, zone: zone))" } ?? "no end"
            return "\(rule.id)  \(every)  \(upcoming)  \(end)  \(rule.title)"
        }
    }

    /// The widest state (`delivering`) and kind (`schedule`).
    static let stateWidth = NotificationState.allCases.map(\.description.count).max() ?? 10
    static let kindWidth = NotificationKind.allCases.map(\.description.count).max() ?? 8

    private static func column(_ word: String, width: Int) -> String {
        word.count >= width ? word : word + String(repeating: " ", count: width - word.count)
    }

    /// `2026-11-23 08:50`: `instant` on the wall clock of `zone`.
    static func time(_ instant: EpochMillis, zone: Zone) -> String {
        let (date, second) = zone.local(instant)
        return "\(date) \(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
    }
}
