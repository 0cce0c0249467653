import TOMLKit

/// Reads typed values out of one TOML table, remembering which keys it read so that the
/// rest can be reported as unknown (a misspelt key should not be silently ignored).
struct TOMLReader {
    let file: String
    let table: TOMLTable
    let prefix: String
    private var used = Set<String>()

    init(file: String, table: TOMLTable, prefix: String) {
        self.file = file
        self.table = table
        self.prefix = prefix
    }

    func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(file: file, key: prefix + key, message: message)
    }

    private mutating func value(_ key: String) -> (any TOMLValueConvertible)? {
        used.insert(key)
        return table[key]
    }

    mutating func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let bool = value.bool else { throw error(key, "expected true or false, found \(value.type)") }
        return bool
    }

    mutating func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value.string else { throw error(key, "expected a string, found \(value.type)") }
        return string
    }

    mutating func int(_ key: String) throws(ConfigError) -> Int? {
        guard let value = value(key) else { return nil }
        guard let int = value.int else { throw error(key, "expected an integer, found \(value.type)") }
        return int
    }

    mutating func strings(_ key: String) throws(ConfigError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard let array = value.array else { throw error(key, "expected an array of strings, found \(value.type)") }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element.string else { throw error("\(key)[\(index)]", "expected a string, found \(element.type)") }
            result.append(string)
        }
        return result
    }

    mutating func wallTime(_ key: String) throws(ConfigError) -> WallTime? {
        guard let text = try string(key) else { return nil }
        guard let time = WallTime(text) else { throw error(key, "expected a time as HH:MM (24-hour clock), found \(ConfigError.quoted(text))") }
        return time
    }

    mutating func duration(_ key: String) throws(ConfigError) -> Int64? {
        guard let text = try string(key) else { return nil }
        guard let millis = DurationText.parse(text) else {
            throw error(key, "expected a duration such as \"30s\", \"2h\" or \"1h30m\", found \(ConfigError.quoted(text))")
        }
        return millis
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, of type: T.Type) throws(ConfigError) -> T?
    where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let choice = T(rawValue: text) else {
            let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error(key, "expected one of \(allowed), found \(ConfigError.quoted(text))")
        }
        return choice
    }

    /// Reads the sub-table `key` with `body`, when present.
    mutating func section(_ key: String, _ body: (inout TOMLReader) throws(ConfigError) -> Void) throws(ConfigError) {
        guard let value = value(key) else { return }
        guard let table = value.table else { throw error(key, "expected a table ([\(key)]), found \(value.type)") }
        var reader = TOMLReader(file: file, table: table, prefix: prefix + key + ".")
        try body(&reader)
        try reader.rejectUnknownKeys()
    }

    /// The array of tables `key` (`[[key]]`), each as a reader.
    mutating func tables(_ key: String) throws(ConfigError) -> [TOMLReader] {
        guard let value = value(key) else { return [] }
        guard let array = value.array else { throw error(key, "expected an array of tables ([[\(key)]]), found \(value.type)") }
        var readers: [TOMLReader] = []
        for (index, element) in array.enumerated() {
            guard let table = element.table else { throw error("\(key)[\(index)]", "expected a table, found \(element.type)") }
            readers.append(TOMLReader(file: file, table: table, prefix: "\(prefix)\(key)[\(index)]."))
        }
        return readers
    }

    /// Reads each table of the array `key` (`[[key]]`) with `body`, refusing in each the keys
    /// `body` did not read.
    mutating func tables<Entry>(
        _ key: String, each body: (inout TOMLReader) throws(ConfigError) -> Entry
    ) throws(ConfigError) -> [Entry] {
        var entries: [Entry] = []
        for var table in try tables(key) {
            entries.append(try body(&table))
            try table.rejectUnknownKeys()
        }
        return entries
    }

    /// The required `name` of an entry of an array of tables: letters, digits, `-`, `_` and
    /// `.` only, as it is used in keys and channel names (`webhook:NAME`).
    mutating func entryName() throws(ConfigError) -> String {
        guard let name = try string("name") else { throw error("name", "missing") }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw error("name", "use letters, digits, '-', '_' and '.' only, found \(ConfigError.quoted(name))")
        }
        return name
    }

    /// Refuses the first of `names` (those of the entries of `[[key]]`, in order) that an
    /// earlier entry has: `"work" is used by another source`, where `entry` is `source`.
    func rejectRepeatedNames(_ names: [String], in key: String, entry: String) throws(ConfigError) {
        var seen = Set<String>()
        for (index, name) in names.enumerated() where !seen.insert(name).inserted {
            throw error("\(key)[\(index)].name", "\(ConfigError.quoted(name)) is used by another \(entry)")
        }
    }

    /// Refuses the first key (in order) that was not read: `unknown key "tme" in [daily]; did
    /// you mean "time"?`, the suggestion among the keys this table knows (`KeySuggestion`).
    func rejectUnknownKeys() throws(ConfigError) {
        guard let unknown = table.keys.sorted().first(where: { !used.contains($0) }) else { return }
        var message = "unknown key \(ConfigError.quoted(unknown))"
        if let name = tableName { message += " in \(name)" }
        if let suggestion = KeySuggestion.closest(to: unknown, among: Array(used)) {
            message += "; did you mean \(ConfigError.quoted(suggestion))?"
        }
        throw error(unknown, message)
    }

    /// The table as the file writes it: `[daily]`, `[[sources]]`; nil for the top level.
    private var tableName: String? {
        guard prefix.hasSuffix(".") else { return nil }
        let name = prefix.dropLast()
        guard name.hasSuffix("]"), let open = name.lastIndex(of: "[") else { return "[\(name)]" }
        return "[[\(name[..<open])]]"
    }
}
