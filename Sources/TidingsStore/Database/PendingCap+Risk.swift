import TidingsCore

extension PendingCap {
    /// Of `open` (the pending and backlogged items at `now`), the backlogged ones that would
    /// still wait when their time comes, were nothing else to change: `deliver` fills each
    /// place a delivery frees with the first of the backlog in the cap's order, so an item
    /// waits past its time only when every place holds something due later or ranked before
    /// it. `tidings doctor` warns about these, not about every item in the backlog.
    public func heldPastDue(_ open: [NotificationRecord], now: EpochMillis) -> [NotificationRecord] {
        // Due times of what holds a place, earliest first.
        var placed = open.filter { $0.state == .pending }.map(\.dueAt).sorted()
        var waiting = open.filter { $0.state == .backlog }.sorted { Self.ranks($0, before: $1, now: now) }
        var late: [NotificationRecord] = []
        // Each due time in turn, as the runs of deliver meet them: fill the free places,
        // see what is due and still waits, then send what is due and free its places.
        for moment in Set(open.map(\.dueAt)).sorted() {
            while placed.count < limit, !waiting.isEmpty {
                let item = waiting.removeFirst()
                placed.insert(item.dueAt, at: placed.firstIndex { $0 > item.dueAt } ?? placed.endIndex)
            }
            late += waiting.filter { $0.dueAt <= moment }
            waiting.removeAll { $0.dueAt <= moment }
            placed.removeAll { $0 <= moment }
        }
        return late
    }
}
