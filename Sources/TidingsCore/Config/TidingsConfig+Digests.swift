extension TidingsConfig {
    /// A digest rule (`[[digests]]`): pending items of one category or kind due close together
    /// are merged by `plan` into one notification listing their titles.
    public struct DigestRule: Sendable, Equatable {
        /// Which items a rule merges: those of a category, or those of a kind.
        public enum Members: Sendable, Equatable {
            case category(Category)
            case kind(NotificationKind)
        }

        /// The items the rule merges.
        public var members: Members
        /// How far apart, at most, the due times of one digest's members lie.
        public var window: Int64 = 30 * 60_000
        /// The most members one digest takes; more make another digest.
        public var max = 10

        /// The shortest and longest `window` accepted.
        public static let windowRange: ClosedRange<Int64> = 60_000...86_400_000
        /// The fewest and most members a digest may be told to take.
        public static let maxRange: ClosedRange<Int> = 2...50

        /// A rule for `members` with the default window and size.
        public init(members: Members) {
            self.members = members
        }

        /// Reads every `[[digests]]` table; no two may merge the same items.
        static func parseAll(_ root: inout TOMLReader) throws(ConfigError) -> [DigestRule] {
            let rules = try root.tables("digests") { table throws(ConfigError) in try parse(&table) }
            for (index, rule) in rules.enumerated() where rules[..<index].contains(where: { $0.members == rule.members }) {
                throw root.error("digests[\(index)]", "merges the same items as an earlier [[digests]] rule")
            }
            return rules
        }

        /// Reads one `[[digests]]` table: `category` or `kind`, `window` and `max`.
        private static func parse(_ table: inout TOMLReader) throws(ConfigError) -> DigestRule {
            let category = try table.string("category")
            let kind = try table.string("kind")
            var rule: DigestRule
            switch (category, kind) {
            case (let name?, nil):
                guard let category = Category(rawValue: name) else {
                    let names = Category.allCases.map(\.rawValue).joined(separator: ", ")
                    throw table.error("category", "expected one of \(names), found \(ConfigError.quoted(name))")
                }
                rule = DigestRule(members: .category(category))
            case (nil, let name?):
                let kinds = NotificationKind.allCases.filter { ![.digest, .test, .reminder, .notice, .push].contains($0) }
                guard let kind = NotificationKind(rawValue: name), kinds.contains(kind) else {
                    let names = kinds.map(\.rawValue).joined(separator: ", ")
                    throw table.error("kind", "expected one of \(names), found \(ConfigError.quoted(name))")
                }
                rule = DigestRule(members: .kind(kind))
            case (.some, .some):
                throw table.error("kind", "give category or kind, not both")
            case (nil, nil):
                throw table.error("category", "missing; say which items to merge: category = \"social\", or kind = \"meeting\"")
            }
            if let window = try table.duration("window") {
                guard windowRange.contains(window) else { throw table.error("window", "must be between 1m and 1d") }
                rule.window = window
            }
            if let max = try table.int("max") {
                guard maxRange.contains(max) else { throw table.error("max", "must be between 2 and 50") }
                rule.max = max
            }
            return rule
        }
    }
}
