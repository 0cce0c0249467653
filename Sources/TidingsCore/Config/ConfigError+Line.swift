extension ConfigError {
    /// This error with its `line` in `text`, the file's text: the line number an error
    /// without a key gives in its message (`line 3: …`), else the line that writes the key
    /// (`tme = …` under `[daily]` for `daily.tme`), else that of the nearest table or key
    /// above it in the key's path (`[[sources]]` for a missing `sources[1].url`). Stays
    /// without one when none of them is found (a file that could not be read).
    public func located(in text: String) -> ConfigError {
        guard line == nil else { return self }
        var copy = self
        copy.line = key.isEmpty ? Self.leadingLine(of: message) : ConfigKeyLines.line(of: key, in: text)
        return copy
    }

    /// What is wrong, without the file and the line: `daily.tme: unknown key "tme" in
    /// [daily]`, `cannot redefine existing table 'daily'`; for a person told about it.
    public var problem: String {
        guard key.isEmpty else { return "\(key): \(message)" }
        guard let line = Self.leadingLine(of: message) else { return message }
        return String(message.dropFirst("line \(line): ".count))
    }

    /// N of a message that starts `line N: `.
    static func leadingLine(of message: String) -> Int? {
        guard message.hasPrefix("line ") else { return nil }
        let digits = message.dropFirst(5).prefix { $0.isNumber }
        guard !digits.isEmpty, message.dropFirst(5 + digits.count).hasPrefix(": ") else { return nil }
        return Int(digits)
    }
}

/// Where a key of a config error is written in the file: a light scan of the TOML text for
/// table headers and `key = value` lines, enough to point at a line (the parser keeps no
/// positions of what it parsed).
enum ConfigKeyLines {
    /// The first line (1-based) that writes `key` (`daily.tme`, `sources[1].name`,
    /// `fallback.messages[1]`) or, failing that, the nearest part of its path.
    static func line(of key: String, in text: String) -> Int? {
        let written = paths(in: text)
        var candidate = key
        while !candidate.isEmpty {
            if let hit = written.first(where: { $0.path == candidate }) { return hit.line }
            candidate = shorter(candidate)
        }
        return nil
    }

    /// `key` less its last index (`sources[1]` → `sources`) or its last part (`daily.tme` →
    /// `daily`); empty after the first part.
    static func shorter(_ key: String) -> String {
        if key.hasSuffix("]"), let open = key.lastIndex(of: "[") { return String(key[..<open]) }
        guard let dot = key.lastIndex(of: ".") else { return "" }
        return String(key[..<dot])
    }

    /// Each table header and key line of `text` with the path the config's errors name it by:
    /// `daily`, `daily.time`, `sources[0]`, `sources[0].url`.
    static func paths(in text: String) -> [(path: String, line: Int)] {
        var result: [(path: String, line: Int)] = []
        var table = ""
        var arrays: [String: Int] = [:]
        var openString: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let delimiter = openString {
                if raw.contains(delimiter) { openString = nil }
                continue
            }
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[[") {
                let parts = keyParts(line.dropFirst(2).prefix { $0 != "]" })
                let name = indexed(parts, arrays: arrays)
                arrays[name, default: -1] += 1
                table = "\(name)[\(arrays[name] ?? 0)]"
                result.append((table, index + 1))
            } else if line.hasPrefix("[") {
                table = indexed(keyParts(line.dropFirst().prefix { $0 != "]" }), arrays: arrays)
                result.append((table, index + 1))
            } else if let equals = line.firstIndex(of: "=") {
                let parts = keyParts(line[..<equals])
                guard !parts.isEmpty else { continue }
                result.append((((table.isEmpty ? [] : [table]) + parts).joined(separator: "."), index + 1))
                let value = line[line.index(after: equals)...]
                for delimiter in ["\"\"\"", "'''"] where value.components(separatedBy: delimiter).count == 2 {
                    openString = delimiter
                }
            }
        }
        return result
    }

    /// The parts of a dotted key, unquoted: `a."b.c"` → `a`, `b.c`.
    static func keyParts(_ text: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "." {
                parts.append(current.trimmingSpaces)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingSpaces)
        return parts.contains(where: \.isEmpty) ? [] : parts
    }

    /// `parts` joined as a path, each prefix that names an array of tables seen so far with
    /// its current index: `webhooks`, `headers` → `webhooks[0].headers`.
    static func indexed(_ parts: [String], arrays: [String: Int]) -> String {
        var path = ""
        for (position, part) in parts.enumerated() {
            path += path.isEmpty ? part : "." + part
            if position < parts.count - 1, let index = arrays[path] { path += "[\(index)]" }
        }
        return path
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
