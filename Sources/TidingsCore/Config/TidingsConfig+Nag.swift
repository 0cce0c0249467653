extension TidingsConfig {
    /// `[nag]`: the categories and kinds whose items nag until seen (`NagRule`), each key a
    /// category or kind name with its interval, plus `times`, the repeats at most for every
    /// rule here. A reminder's own `--nag` wins over its kind, a kind over its category.
    public struct Nag: Sendable, Equatable {
        /// The interval per category.
        public var categories: [Category: Int64] = [:]
        /// The interval per kind.
        public var kinds: [NotificationKind: Int64] = [:]
        /// Repeats at most, for every rule of the table.
        public var times = NagRule.defaultTimes

        /// No item nags.
        public init() {}

        /// The rule of an item of `kind` and `category` by this table, or nil when it does not nag.
        public func rule(kind: NotificationKind, category: Category) -> NagRule? {
            guard kind != .test, let every = kinds[kind] ?? categories[category] else { return nil }
            return NagRule(every: every, times: times)
        }

        /// Whether any category or kind nags.
        public var isEmpty: Bool { categories.isEmpty && kinds.isEmpty }

        /// Reads `times` and a duration per category or kind name (`transactional = "10m"`).
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Nag {
            var nag = Nag()
            if let times = try table.int("times") {
                if let problem = NagRule.timesProblem(times) { throw table.error("times", problem) }
                nag.times = times
            }
            for category in Category.allCases {
                guard let every = try table.duration(category.rawValue) else { continue }
                if let problem = NagRule.everyProblem(every) { throw table.error(category.rawValue, problem) }
                nag.categories[category] = every
            }
            for kind in NotificationKind.allCases {
                if kind == .test {
                    if try table.string(kind.rawValue) != nil { throw table.error(kind.rawValue, "a test notification never nags") }
                    continue
                }
                guard let every = try table.duration(kind.rawValue) else { continue }
                if let problem = NagRule.everyProblem(every) { throw table.error(kind.rawValue, problem) }
                nag.kinds[kind] = every
            }
            return nag
        }
    }
}
