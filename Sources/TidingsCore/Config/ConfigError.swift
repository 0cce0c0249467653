/// A config file that cannot be used: which file, which key, and what is wrong.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The config file's path.
    public var file: String
    /// The key at fault (`daily.time`, `sources[1].url`), empty for the whole file.
    public var key: String
    /// What is wrong, lower-case.
    public var message: String

    /// Creates an error.
    public init(file: String, key: String, message: String) {
        self.file = file
        self.key = key
        self.message = message
    }

    /// `/home/a/.config/tidings/config.toml: daily.time: expected HH:MM, found "7.30"`.
    public var description: String {
        key.isEmpty ? "\(file): \(message)" : "\(file): \(key): \(message)"
    }
}
