import TidingsCore

/// Keeps the pending set small and important: the `limit` first items are pending, the
/// rest wait in the backlog until room frees up. Items due soon (within `soon` of now) come
/// first, the most important of them first; then the rest, most important first. So an item
/// due this morning never waits behind important ones due weeks later. `plan` ranks every
/// open item this way, `tidings add` places a new reminder this way, and `deliver` fills each
/// place that frees up with the first of the backlog in this order (`fillPendingPlaces`).
public struct PendingCap: Sendable {
    /// Most pending items at once.
    public let limit: Int
    /// How far ahead an item counts as due soon: two days.
    public static let soon = CapState.soon

    /// A cap of `limit`.
    public init(limit: Int) { self.limit = limit }

    /// Why a backlogged item waits, in words for people (`stateReason`); code reads `Hold.cap`.
    public var backlogReason: String {
        "backlog: sooner or more important items fill the \(limit) pending places (plan.max_pending)"
    }

    /// Whether `a` takes a pending place before `b` at `now`: due soon first, then the more
    /// important, then the earlier, then by id.
    public static func ranks(_ a: NotificationRecord, before b: NotificationRecord, now: EpochMillis) -> Bool {
        let soon = now + Self.soon
        let aSoon = a.dueAt <= soon
        let bSoon = b.dueAt <= soon
        if aSoon != bSoon { return aSoon }
        if a.priority != b.priority { return a.priority > b.priority }
        if a.dueAt != b.dueAt { return a.dueAt < b.dueAt }
        return a.id < b.id
    }

    /// `candidates`, ranked, with their state set to pending or backlog as placed at `now`.
    public func assign(_ candidates: consuming [NotificationRecord], now: EpochMillis) -> [NotificationRecord] {
        var ranked = consume candidates
        ranked.sort { Self.ranks($0, before: $1, now: now) }
        // In place: a record copied is a retain for each of its strings.
        let backlogReason = backlogReason
        for index in ranked.indices {
            if index < limit {
                ranked[index].state = .pending
                if ranked[index].hold.contains(.cap) {
                    ranked[index].hold.remove(.cap)
                    ranked[index].stateReason = nil
                }
            } else {
                ranked[index].state = .backlog
                ranked[index].stateReason = backlogReason
                ranked[index].hold.insert(.cap)
            }
        }
        return ranked
    }
}
