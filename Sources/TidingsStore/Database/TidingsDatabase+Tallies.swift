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
            self.init(days: nil, edges: [from..<until])
            return
        }
        let start = first * day
        let end = last * day
        self.init(days: first..<last, edges: [from..<start, end..<until].filter { !$0.isEmpty })
    }

    private init(days: Range<Int64>?, edges: [Range<EpochMillis>]) {
        self.days = days
        self.edges = edges
    }
}

/// What the report counts of the notifications due in a window.
struct NotificationFigures {
    /// By state, then staleness.
    var states: [NotificationState: [Staleness: Int]] = [:]
    /// Of those not cancelled whose text a generator wrote, by generator.
    var generators: [String: Int] = [:]
    /// Of the missed and expired ones, those the pending cap held.
    var capped = 0
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
    /// The notifications due in `from ..< until`: the whole days from the totals, the
    /// partial ones from the rows, each figure through an index: states and stalenesses by
    /// `notification_state_due`, reading the rows of at most two partial days (v26 dropped the
    /// covering index, which every claim and settle wrote), generators from the covering
    /// `notification_state_due_generator`; only missed and expired rows are read for the cap.
    /// States and stalenesses this version does not know are left out, as the report always did.
    func notificationFigures(_ db: any StoreConnection, from: EpochMillis, until: EpochMillis) throws -> NotificationFigures {
        var figures = NotificationFigures()
        let window = TallyWindow(from: from, until: until)
        func add(_ state: String, _ staleness: String, _ n: Int) {
            guard let state = NotificationState(rawValue: state), let staleness = Staleness(rawValue: staleness) else { return }
            figures.states[state, default: [:]][staleness, default: 0] += n
        }
        if let days = window.days {
            for row in try db.rows(
                "SELECT state, staleness, generator, capped, CAST(sum(n) AS BIGINT) FROM notificationTally WHERE day >= ? AND day < ? GROUP BY 1, 2, 3, 4",
                [.integer(days.lowerBound), .integer(days.upperBound)])
            {
                let state = try row.decode(0, as: String.self)
                let n = try row.decode(4, as: Int.self)
                add(state, try row.decode(1, as: String.self), n)
                guard let known = NotificationState(rawValue: state) else { continue }
                let generator = try row.decode(2, as: String.self)
                if !generator.isEmpty, known != .cancelled { figures.generators[generator, default: 0] += n }
                if try row.decode(3, as: Int.self) != 0, known == .missed || known == .expired { figures.capped += n }
            }
        }
        let generated = NotificationState.allCases.filter { $0 != .cancelled }.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        for edge in window.edges {
            let range = [edge.lowerBound.storeValue, edge.upperBound.storeValue]
            for row in try db.rows(Self.partialDayStatesSQL, range) {
                add(try row.decode(0, as: String.self), try row.decode(1, as: String.self), try row.decode(2, as: Int.self))
            }
            for row in try db.rows(
                """
                SELECT generator, count(*) FROM notification
                WHERE state IN (\(generated)) AND dueAt >= ? AND dueAt < ? AND generator IS NOT NULL GROUP BY 1
                """, range)
            {
                figures.generators[try row.decode(0, as: String.self), default: 0] += try row.decode(1, as: Int.self)
            }
            figures.capped +=
                try db.value(
                    """
                    SELECT count(*) FROM notification WHERE state IN ('missed', 'expired') AND dueAt >= ? AND dueAt < ?
                      AND \(ReportTally.notificationKey("notification")[4].value) <> 0
                    """, range, as: Int.self) ?? 0
        }
        figures.generators = figures.generators.filter { $0.value != 0 }
        return figures
    }

    /// The notifications of a partial day (`dueAt >= ? AND dueAt < ?`) by state and staleness,
    /// counted from the rows (its query plan is tested).
    public static let partialDayStatesSQL = """
        SELECT state, staleness, count(*) FROM notification
        WHERE state IN (\(NotificationState.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
          AND staleness IN (\(Staleness.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
          AND dueAt >= ? AND dueAt < ? GROUP BY 1, 2
        """

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
        // Delivered and retried sends from `delivery_scheduled` alone; only failed rows are
        // read, for their reason.
        let reason = ReportTally.deliveryKey("delivery")[3].value
        for edge in window.edges {
            let range = [edge.lowerBound.storeValue, edge.upperBound.storeValue]
            rows += try db.rows(
                """
                SELECT channel, outcome, '', count(*) FROM delivery
                WHERE scheduledTime >= ? AND scheduledTime < ? AND channel IS NOT NULL AND outcome IN ('delivered', 'retry') GROUP BY 1, 2
                """, range)
            rows += try db.rows(
                """
                SELECT channel, outcome, \(reason), count(*) FROM delivery
                WHERE scheduledTime >= ? AND scheduledTime < ? AND channel IS NOT NULL AND outcome = 'failed' GROUP BY 1, 2, 3
                """, range)
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
