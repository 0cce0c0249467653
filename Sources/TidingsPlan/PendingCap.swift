import TidingsCore
import TidingsStore

/// Keeps the pending set small and important: the `limit` most important items (then the
/// earliest) are pending, the rest wait in the backlog until room frees up.
public struct PendingCap: Sendable {
    /// Most pending items at once.
    public let limit: Int

    /// A cap of `limit`.
    public init(limit: Int) { self.limit = limit }

    /// `candidates` with their state set to pending or backlog.
    public func assign(_ candidates: [NotificationRecord]) -> [NotificationRecord] {
        var ranked = candidates
        ranked.sort { a, b in
            if a.priority != b.priority { return a.priority > b.priority }
            if a.dueAt != b.dueAt { return a.dueAt < b.dueAt }
            return a.id < b.id
        }
        // In place: a record copied is a retain for each of its strings.
        let backlogReason = "backlog: more important items fill the \(limit) pending places"
        for index in ranked.indices {
            if index < limit {
                ranked[index].state = NotificationState.pending.rawValue
                if ranked[index].stateReason?.hasPrefix("backlog") == true { ranked[index].stateReason = nil }
            } else {
                ranked[index].state = NotificationState.backlog.rawValue
                ranked[index].stateReason = backlogReason
            }
        }
        return ranked
    }
}
