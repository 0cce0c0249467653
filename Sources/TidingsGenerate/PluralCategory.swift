/// The CLDR plural categories: which form of a word a count takes. Each language uses some of
/// them; English and German only `one` and `other`, Polish `one`, `few` and `many` for whole
/// numbers.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

extension TextLocale.Language {
    /// The category of the whole number `count`, by the language's CLDR cardinal rule
    /// (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html),
    /// taken for integers only: the templates never count fractions.
    public func plural(_ count: Int) -> PluralCategory {
        let n = count.magnitude
        switch self {
        case .en, .de, .nl, .it, .es:
            // one: i = 1 and v = 0. Spanish and Italian also have `many` for millions
            // (`1 000 000 de reuniones`); no count in a notification comes near.
            return n == 1 ? .one : .other
        case .fr, .pt:
            // one: i = 0,1. Portuguese follows the Brazilian rule CLDR gives for `pt`
            // (0 and 1 are singular); European Portuguese (`pt_PT`) has only 1.
            return n <= 1 ? .one : .other
        case .pl:
            // one: i = 1; few: i % 10 = 2..4 and i % 100 != 12..14; many: every other integer.
            if n == 1 { return .one }
            if (2...4).contains(n % 10), !(12...14).contains(n % 100) { return .few }
            return .many
        }
    }

    /// The categories the language's rule gives whole numbers: the forms each of its
    /// counted phrases needs.
    public var pluralCategories: Set<PluralCategory> {
        switch self {
        case .en, .de, .nl, .it, .es, .fr, .pt: [.one, .other]
        case .pl: [.one, .few, .many]
        }
    }
}
