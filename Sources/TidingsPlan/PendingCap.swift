import TidingsCore
import TidingsStore

/// Keeps the pending set small and important: the `limit` first items are pending, the
/// rest wait in the backlog until room frees up. Items due soon (within `soon` of the plan)
/// come first, the most important of them first; then the rest, most important first. So
/// an item due this morning never waits behind important ones due weeks later: every plan
/// run (at least daily) gives the coming two days their places first.
public struct PendingCap: Sendable {
    /// Most pending items at once.
    public let limit: Int
    /// How far ahead an item counts as due soon: two days.
    public static let soon = CapState.soon

    /// A cap of `limit`.
    public init(limit: Int) { self.limit = limit }

    /// `candidates`, ranked, with their state set to pending or backlog as planned at `now`.
    public func assign(_ candidates: [NotificationRecord], now: EpochMillis) -> [NotificationRecord] {
        var ranked = candidates
        let soon = now + Self.soon
        ranked.sort { a, b in
            let aSoon = a.dueAt <= soon
            let bSoon = b.dueAt <= soon
            if aSoon != bSoon { return aSoon }
            if a.priority != b.priority { return a.priority > b.priority }
            if a.dueAt != b.dueAt { return a.dueAt < b.dueAt }
            return a.id < b.id
        }
        // In place: a record copied is a retain for each of its strings.
        let backlogReason = "backlog: sooner or more important items fill the \(limit) pending places (plan.max_pending)"
        for index in ranked.indices {
            if index < limit {
                ranked[index].state = .pending
                if ranked[index].stateReason?.hasPrefix("backlog") == true { ranked[index].stateReason = nil }
            } else {
                ranked[index].state = .backlog
                ranked[index].stateReason = backlogReason
            }
        }
        return ranked
    }
}
