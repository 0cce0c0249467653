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
        let ranked = candidates.sorted { ($1.priority, $0.dueAt, $0.id) < ($0.priority, $1.dueAt, $1.id) }
        return ranked.enumerated().map { index, item in
            var item = item
            item.state = (index < limit ? NotificationState.pending : .backlog).rawValue
            if index < limit, item.stateReason?.hasPrefix("backlog") == true { item.stateReason = nil }
            if index >= limit { item.stateReason = "backlog: more important items fill the \(limit) pending places" }
            return item
        }
    }
}
