import GRDB
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
        try read("read the last plan's inputs") { db in
            try Row.fetchOne(db, sql: "SELECT plannedAt, fingerprint, changeSeq FROM planInputs WHERE id = 1").map { row in
                PlanInputs(plannedAt: row["plannedAt"], fingerprint: row["fingerprint"], changeSeq: row["changeSeq"])
            }
        }
    }

    /// Records the inputs of a plan that wrote its schedule.
    public func recordPlanInputs(_ inputs: PlanInputs) throws(StoreError) {
        try write("record the plan's inputs") { db in
            try db.execute(
                sql: """
                    INSERT INTO planInputs (id, plannedAt, fingerprint, changeSeq) VALUES (1, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET plannedAt = excluded.plannedAt, fingerprint = excluded.fingerprint,
                        changeSeq = excluded.changeSeq
                    """,
                arguments: [inputs.plannedAt, inputs.fingerprint, inputs.changeSeq])
        }
    }

    /// The number of the latest change to any source's cached content; 0 before the first.
    public func latestChange() throws(StoreError) -> Int64 {
        try read("read the latest change") { db in
            try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(changeSeq), 0) FROM source") ?? 0
        }
    }

    /// The sources whose cached content changed after change `number`, by name.
    public func sourcesChanged(after number: Int64) throws(StoreError) -> [String] {
        try read("read changed sources") { db in
            try String.fetchAll(db, sql: "SELECT name FROM source WHERE changeSeq > ? ORDER BY name", arguments: [number])
        }
    }

    /// The stored state of every source, by name.
    public func sourceStates() throws(StoreError) -> [String: SourceState] {
        try read("read source states") { db in
            Dictionary(try SourceState.fetchAll(db).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
