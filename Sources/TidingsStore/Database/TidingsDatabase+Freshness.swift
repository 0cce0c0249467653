import TidingsCore

/// What the last plan saw: when it ran, a fingerprint of its inputs, and the latest change
/// to the cache it had seen when it started.
public struct PlanInputs: Sendable, Equatable {
    /// The clock of the last plan that wrote its schedule.
    public var plannedAt: EpochMillis
    /// The fingerprint of its config, locale and zone.
    public var fingerprint: String
    /// `latestChange()` when it started.
    public var changeSeq: Int64

    /// The record of a plan at `plannedAt` over inputs with `fingerprint`, started after change `changeSeq`.
    public init(plannedAt: EpochMillis, fingerprint: String, changeSeq: Int64) {
        self.plannedAt = plannedAt
        self.fingerprint = fingerprint
        self.changeSeq = changeSeq
    }
}

extension TidingsDatabase {
    /// The inputs of the last plan that wrote its schedule, or nil before the first.
    public func planInputs() throws(StoreError) -> PlanInputs? {
        try snapshot("read the last plan's inputs") { db in
            try db.row("SELECT plannedAt, fingerprint, changeSeq FROM planInputs WHERE id = 1").map { row throws in
                PlanInputs(plannedAt: try row.decode("plannedAt"), fingerprint: try row.decode("fingerprint"), changeSeq: try row.decode("changeSeq"))
            }
        }
    }

    /// Records the inputs of a plan that wrote its schedule.
    public func recordPlanInputs(_ inputs: PlanInputs) throws(StoreError) {
        _ = try transaction("record the plan's inputs") { db in
            try db.execute(
                """
                INSERT INTO planInputs (id, plannedAt, fingerprint, changeSeq) VALUES (1, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET plannedAt = excluded.plannedAt, fingerprint = excluded.fingerprint,
                    changeSeq = excluded.changeSeq
                """,
                [inputs.plannedAt.storeValue, inputs.fingerprint.storeValue, inputs.changeSeq.storeValue])
        }
    }

    /// The number of the latest change to any source's cached content; 0 before the first.
    public func latestChange() throws(StoreError) -> Int64 {
        try snapshot("read the latest change") { db in
            try db.value("SELECT COALESCE(MAX(changeSeq), 0) FROM source", as: Int64.self) ?? 0
        }
    }

    /// The sources whose cached content changed after change `number`, by name.
    public func sourcesChanged(after number: Int64) throws(StoreError) -> [String] {
        try snapshot("read changed sources") { db in
            try db.values("SELECT name FROM source WHERE changeSeq > ? ORDER BY name", [number.storeValue], as: String.self)
        }
    }

    /// The stored state of every source, by name.
    public func sourceStates() throws(StoreError) -> [String: SourceState] {
        try snapshot("read source states") { db in
            let states = try db.rows("SELECT * FROM source").map(SourceState.init(store:))
            return Dictionary(states.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
