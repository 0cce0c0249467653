/// The known key a misspelt one most likely meant, for "did you mean" in config errors.
enum KeySuggestion {
    /// The key of `known` closest to `unknown`: at most 2 edits away (1 for a key of one or
    /// two letters; a swap of two neighbours is one edit, case is ignored), or one that begins
    /// with it (`lead` → `lead_time`). The fewest edits win, then the first in order; nil
    /// when none is close.
    static func closest(to unknown: String, among known: [String]) -> String? {
        let typed = Array(unknown.lowercased())
        let limit = typed.count <= 2 ? 1 : 2
        var best: (key: String, edits: Int)?
        for key in known.sorted() where key != unknown {
            let candidate = Array(key.lowercased())
            var edits = distance(typed, candidate)
            if edits > limit {
                guard typed.count >= 3, candidate.starts(with: typed) else { continue }
                edits = limit + 1
            }
            if best.map({ edits < $0.edits }) ?? true { best = (key, edits) }
        }
        return best?.key
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps
    /// of two neighbours, one edit each.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
