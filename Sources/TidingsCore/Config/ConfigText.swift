/// Small edits of a config file's text that keep everything else in it (comments, order,
/// other keys) as it was.
public enum ConfigText {
    /// `text` with `daily.time` set to `time`: the `time` line of the `[daily]` table is
    /// rewritten (its comment kept), added under the table's header, or a `[daily]` table is
    /// appended. The caller parses the result to check it.
    public static func settingDailyTime(_ time: WallTime, in text: String) -> String {
        let value = "\"\(time)\""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(where: { tableName($0) == "daily" }) else {
            let separator = text.isEmpty || text.hasSuffix("\n\n") ? "" : text.hasSuffix("\n") ? "\n" : "\n\n"
            return text + separator + "[daily]\ntime = \(value)\n"
        }
        var index = header + 1
        while index < lines.count, tableName(lines[index]) == nil {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("time"), let equals = trimmed.firstIndex(of: "="),
                trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)..<equals].allSatisfy({ $0 == " " || $0 == "\t" })
            {
                let indent = line.prefix { $0 == " " || $0 == "\t" }
                let rest = trimmed[trimmed.index(after: equals)...]
                var comment = ""
                if let hash = commentStart(in: rest) {
                    let spacing = rest[..<hash].reversed().prefix { $0 == " " }.count
                    comment = String(repeating: " ", count: max(1, spacing)) + rest[hash...]
                }
                lines[index] = "\(indent)time = \(value)\(comment)"
                return lines.joined(separator: "\n")
            }
            index += 1
        }
        lines.insert("time = \(value)", at: header + 1)
        return lines.joined(separator: "\n")
    }

    /// The name of the table a `[name]` header line opens; nil for other lines (and `[[…]]`).
    static func tableName(_ line: String) -> String? {
        var trimmed = Substring(line).drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("["), !trimmed.hasPrefix("[[") else { return nil }
        if let hash = commentStart(in: trimmed) { trimmed = trimmed[..<hash] }
        while trimmed.last == " " || trimmed.last == "\t" { trimmed = trimmed.dropLast() }
        guard trimmed.hasSuffix("]") else { return nil }
        return String(trimmed.dropFirst().dropLast()).trimmingSpaces()
    }

    /// Where a `#` comment starts in `text`, outside quoted strings.
    static func commentStart(in text: Substring) -> Substring.Index? {
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == "\\" && open == "\"" {
                    index = text.index(after: index)
                    if index == text.endIndex { break }
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return index
            }
            index = text.index(after: index)
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
