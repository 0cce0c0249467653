import TidingsCore

/// The stored rows a plan run compares its proposal with, read in one snapshot and looked up
/// by id without copying a record (a record copied is a retain for each of its strings): the
/// open rows, each found by its position, and `others`, the stored rows of the other ids
/// asked for. `applyPlan` takes them as they are when nothing was written to the store since
/// they were read (`StoreConnection.changeMark`), and reads them again otherwise.
public struct PlanRows: Sendable {
    /// The pending and backlog rows, earliest first.
    public let open: [NotificationRecord]
    /// The position in `open` of each id, the first row of an id kept.
    private let positions: [String: Int]
    /// Rows of the ids asked for that are not open, by id.
    private let others: [String: NotificationRecord]
    /// The ids asked for that are not open: each has its row in `others`, or none is stored.
    private let asked: Set<String>
    /// The store's state when they were read; nil where the engine gives no mark.
    let mark: ChangeMark?

    /// No rows, and no mark: `applyPlan` reads what it needs.
    public init() {
        self.init(open: [], others: [:], asked: [], mark: nil)
    }

    init(open: [NotificationRecord], others: [String: NotificationRecord], asked: Set<String>, mark: ChangeMark?) {
        self.open = open
        var positions: [String: Int] = [:]
        positions.reserveCapacity(open.count)
        for (position, row) in open.enumerated() where positions[row.id] == nil { positions[row.id] = position }
        self.positions = positions
        self.others = others
        self.asked = asked
        self.mark = mark
    }

    /// Whether a row of `id` is stored.
    public func contains(_ id: String) -> Bool {
        positions[id] != nil || others[id] != nil
    }

    /// Whether these rows say whether `id` is stored: an open id, or one asked for.
    func knows(_ id: String) -> Bool {
        positions[id] != nil || asked.contains(id)
    }

    /// What `body` makes of the stored row of `id`, or nil when there is none.
    public func with<T>(_ id: String, _ body: (NotificationRecord) throws -> T) rethrows -> T? {
        if let position = positions[id] { return try body(open[position]) }
        return try others[id].map(body)
    }
}

extension TidingsDatabase {
    /// The open rows, and the stored rows of those of `ids` that are not open, read in one
    /// snapshot with the store's change mark.
    public func planRows(for ids: [String]) throws(StoreError) -> PlanRows {
        try snapshot("read planned notifications") { db in
            let mark = try db.changeMark()
            let open = try Self.openNotifications(db: db)
            let openIDs = Set(open.map(\.id))
            let asked = ids.filter { !openIDs.contains($0) }
            let others = try Self.notifications(ids: asked, db: db)
            return PlanRows(open: open, others: others, asked: Set(asked), mark: mark)
        }
    }
}
