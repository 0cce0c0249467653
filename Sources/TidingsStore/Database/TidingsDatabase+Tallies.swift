import TidingsCore

/// A report's window cut at UTC midnights: the whole days whose totals `ReportTally` keeps,
/// and the partial days at either end, counted from the rows.
struct TallyWindow: Equatable {
    /// The whole days (`ReportTally` day numbers), nil when the window holds none.
    var days: Range<Int64>?
    /// The parts of the window outside `days`, as `from ..< until` in milliseconds.
    var edges: [Range<EpochMillis>]

    /// `from ..< until` cut. Day 0 is never taken whole (its rows may be negative times,
    /// which the totals' integer division puts in day 0 too), so everything before day 1 is
    /// counted from the rows.
    init(from: EpochMillis, until: EpochMillis) {
        let day = ReportTally.dayMillis
        guard from < until else {
            self.init(days: nil, edges: [])
            return
        }
        let first = from <= day ? 1 : (from > Int64.max - day ? Int64.max / day : (from + day - 1) / day)
        let last = until < 0 ? 0 : until / day
        guard first < last else {
            self.init(days: nil, edges: [from ..< until])
            return
        }
        let start = first * day
        let end = last * day
        self.init(days: first ..< last, edges: [from ..< start, end ..< until].filter { !$0.isEmpty })
    }

    private init(days: Range<Int64>?, edges: [Range<EpochMillis>]) {
        self.days = days
        self.edges = edges
    }
}

/// One key of the notification totals and its count.
struct NotificationTally {
    var state: NotificationState
    var staleness: Staleness
    /// The generator, nil for none.
    var generator: String?
    /// Whether the pending cap held it.
    var capped: Bool
    var count: Int
}

/// One key of the delivery totals and its count.
struct DeliveryTally {
    var channel: String
    var outcome: DeliveryOutcome
    /// A failed send's reason, trimmed and cut to one more character than the report shows;
    /// '' for none or for other outcomes.
    var reason: String
    var count: Int
}

extension TidingsDatabase {
    /// The notifications due in `from ..< until` by key: the whole days from the totals, the
    /// partial ones from the rows (through `notification_state_due`). Keys of states or
    /// stalenesses this version does not know are left out, as the report always did.
    func notificationTallies(_ db: any StoreConnection, from: EpochMillis, until: EpochMillis) throws -> [NotificationTally] {
        let window = TallyWindow(from: from, until: until)
        var rows: [StoreRow] = []
        if let days = window.days {
            rows += try db.rows(
                "SELECT state, staleness, generator, capped, CAST(sum(n) AS BIGINT) FROM notificationTally WHERE day >= ? AND day < ? GROUP BY 1, 2, 3, 4",
                [.integer(days.lowerBound), .integer(days.upperBound)])
        }
        let key = ReportTally.notificationKey("notification").dropFirst().map(\.value).joined(separator: ", ")
        let states = NotificationState.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        for edge in window.edges {
            rows += try db.rows(
                """
                SELECT \(key), count(*) FROM notification
                WHERE state IN (\(states)) AND dueAt >= ? AND dueAt < ? GROUP BY 1, 2, 3, 4
                """, [edge.lowerBound.storeValue, edge.upperBound.storeValue])
        }
        return try rows.compactMap { row throws -> NotificationTally? in
            guard let state = NotificationState(rawValue: try row.decode(0, as: String.self)),
                let staleness = Staleness(rawValue: try row.decode(1, as: String.self))
            else { return nil }
            let generator = try row.decode(2, as: String.self)
            let count = try row.decode(4, as: Int.self)
            guard count != 0 else { return nil }
            return NotificationTally(
                state: state, staleness: staleness, generator: generator.isEmpty ? nil : generator,
                capped: try row.decode(3, as: Int.self) != 0, count: count)
        }
    }

    /// The sends of items scheduled in `from ..< until` that named a channel and were
    /// delivered, failed or retried, by key: the whole days from the totals, the partial ones
    /// from the rows (through `delivery_scheduled`).
    func deliveryTallies(_ db: any StoreConnection, from: EpochMillis, until: EpochMillis) throws -> [DeliveryTally] {
        let window = TallyWindow(from: from, until: until)
        var rows: [StoreRow] = []
        if let days = window.days {
            rows += try db.rows(
                "SELECT channel, outcome, reason, CAST(sum(n) AS BIGINT) FROM deliveryTally WHERE day >= ? AND day < ? GROUP BY 1, 2, 3",
                [.integer(days.lowerBound), .integer(days.upperBound)])
        }
        let key = ReportTally.deliveryKey("delivery").dropFirst().map(\.value).joined(separator: ", ")
        for edge in window.edges {
            rows += try db.rows(
                """
                SELECT \(key), count(*) FROM delivery
                WHERE scheduledTime >= ? AND scheduledTime < ? AND \(ReportTally.deliveryCounted("delivery")) GROUP BY 1, 2, 3
                """, [edge.lowerBound.storeValue, edge.upperBound.storeValue])
        }
        return try rows.compactMap { row throws -> DeliveryTally? in
            guard let outcome = DeliveryOutcome(rawValue: try row.decode(1, as: String.self)) else { return nil }
            let count = try row.decode(3, as: Int.self)
            guard count != 0 else { return nil }
            return DeliveryTally(
                channel: try row.decode(0, as: String.self), outcome: outcome, reason: try row.decode(2, as: String.self),
                count: count)
        }
    }
}
