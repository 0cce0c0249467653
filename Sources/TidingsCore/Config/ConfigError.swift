/// A config file that cannot be used: which file, which key, and what is wrong.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The config file's path.
    public var file: String
    /// The key at fault (`daily.time`, `sources[1].url`), empty for the whole file.
    public var key: String
    /// What is wrong, lower-case.
    public var message: String
    /// The line of the file it is on, when known (`located(in:)`); an error without a key
    /// names its line in `message` already (`line 3: …`).
    public var line: Int?

    /// The most characters of a value a message echoes (``quoted(_:)``).
    public static let echoLimit = 200

    /// Creates an error. A key or message longer than a few echoed values is cut (with the
    /// total length), so that a huge value in the file cannot flood standard error.
    public init(file: String, key: String, message: String) {
        self.file = file
        self.key = Self.cut(key, limit: Self.echoLimit)
        self.message = Self.cut(message, limit: 4 * Self.echoLimit)
    }

    /// `value` in double quotes for a message, cut to ``echoLimit`` characters:
    /// `"https://aaaa…" (5242880 characters)`.
    public static func quoted(_ value: String) -> String {
        let cut = cut(value, limit: echoLimit, counted: false)
        return cut == value ? "\"\(value)\"" : "\"\(cut)\" (\(value.count) characters)"
    }

    /// `text` whole when it has at most `limit` characters, else its first `limit` and `…`,
    /// then the total length unless `counted` is false.
    static func cut(_ text: String, limit: Int, counted: Bool = true) -> String {
        // utf8.count bounds count from above and is O(1) for native strings.
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(limit)) + "…" + (counted ? " (\(text.count) characters)" : "")
    }

    /// `/home/a/.config/tidings/config.toml: line 4: daily.time: expected HH:MM, found "7.30"`
    /// (without `line 4: ` when the line is not known).
    public var description: String {
        guard !key.isEmpty else { return "\(file): \(message)" }
        return line.map { "\(file): line \($0): \(key): \(message)" } ?? "\(file): \(key): \(message)"
    }
}
