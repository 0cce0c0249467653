// What differs between the engines in the statements of the deliver path (claims, legs,
// in-flight marks), beside the members in SQLDialect.swift.

extension SQLDialect {
    /// A text `column` kept away from its index in a condition, so that the planner looks rows
    /// up by a better key (`+state IN (…)` beside `id IN (…)`): SQLite's unary `+`, and in
    /// PostgreSQL, which has no `+` on text, the column joined to an empty text.
    public func unindexed(_ column: String) -> String {
        switch self {
        case .sqlite: "+\(column)"
        // A text column's value joined to nothing: the same value, which no index serves. PostgreSQL's
        // statistics of a state column lag behind a large claim (they still say nearly every row is
        // pending), and by the state index it would then read every claimed row on each step.
        case .postgresql: "(\(column) || '')"
        }
    }

    /// The rows of a JSON array of `[text, integer]` pairs passed as one argument
    /// (`[["a",0],["b",2]]`), as a subquery to select from: `FROM \(dialect.jsonPairs) AS
    /// legs`, with the columns `pairText` and `pairNumber`.
    public var jsonPairs: String {
        switch self {
        case .sqlite:
            "(SELECT json_extract(value, '$[0]') AS pairText, json_extract(value, '$[1]') AS pairNumber FROM json_each(?))"
        case .postgresql:
            "(SELECT pair->>0 AS pairText, (pair->>1)::bigint AS pairNumber FROM json_array_elements(?::json) AS pair)"
        }
    }
}
