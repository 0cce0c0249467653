// What differs between the engines in the statements of the deliver path (claims, legs,
// in-flight marks), beside the members in SQLDialect.swift.

extension SQLDialect {
    /// `column` kept away from its index in a condition: SQLite's unary `+`, which makes its
    /// planner look rows up by a better key (`+state IN (…)` beside `id IN (…)`); PostgreSQL
    /// has no `+` on text, and its planner weighs the keys itself, so the column as written.
    public func unindexed(_ column: String) -> String {
        switch self {
        case .sqlite: "+\(column)"
        case .postgresql: column
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
