/// Where a secret comes from: never the config file itself, never the database.
public enum SecretSource: Sendable, Equatable {
    /// An environment variable of the `deliver` process.
    case environment(String)
    /// A file (its content, trailing white space trimmed).
    case file(String)

    /// Where a secret is read: the variable named by the key `env` or the file named by the
    /// key `file` (one of the two, relative to `directory` unless absolute), or nil when
    /// neither key is given.
    static func parse(_ table: inout TOMLReader, env: String, file: String, directory: String) throws(ConfigError) -> SecretSource? {
        let variable = try table.string(env)
        let path = try table.string(file)
        switch (variable, path) {
        case (nil, nil): return nil
        case (let variable?, nil):
            guard !variable.isEmpty else { throw table.error(env, "empty variable name") }
            return .environment(variable)
        case (nil, let path?):
            guard !path.isEmpty else { throw table.error(file, "empty path") }
            return .file(TidingsConfig.path(path, relativeTo: directory))
        case (_?, _?):
            throw table.error(file, "give \(env) or \(file), not both")
        }
    }
}
