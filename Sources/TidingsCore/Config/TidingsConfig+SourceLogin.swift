extension TidingsConfig {
    /// How a source logs in to its server; the secret itself is never in the config.
    public enum SourceLogin: Sendable, Equatable {
        /// HTTP Basic: a user name and a password (an app password), read when fetching.
        case basic(username: String, password: SecretSource)
        /// `Authorization: Bearer` with a token, read when fetching.
        case bearer(SecretSource)

        /// Reads `username` with `password_file` or `password_env`, or `token_file` or
        /// `token_env`, of a source fetched from `url`; nil when none is given.
        static func parse(_ table: inout TOMLReader, url: String, directory: String) throws(ConfigError) -> SourceLogin? {
            let username = try table.string("username")
            let password = try SecretSource.parse(&table, env: "password_env", file: "password_file", directory: directory)
            let token = try SecretSource.parse(&table, env: "token_env", file: "token_file", directory: directory)
            let login: SourceLogin
            switch (username, password, token) {
            case (nil, nil, nil):
                return nil
            case (let username?, let password?, nil):
                guard !username.isEmpty else { throw table.error("username", "empty") }
                guard !username.contains(":") else {
                    throw table.error("username", "cannot contain \":\" (HTTP Basic separates it from the password with one)")
                }
                login = .basic(username: username, password: password)
            case (nil, nil, let token?):
                login = .bearer(token)
            case (_, _, .some):
                throw table.error("token_file", "give a token (token_file or token_env) or a username and password, not both")
            case (nil, .some, nil):
                throw table.error("username", "missing: a password needs the username it goes with")
            case (.some, nil, nil):
                throw table.error(
                    "password_file", "missing: username needs password_file or password_env (the password is never written in the config)")
            }
            guard url.hasPrefix("https:") || url.hasPrefix("http:") else {
                throw table.error(username != nil ? "username" : "token_file", "only an https source (or http: to this machine) logs in")
            }
            return login
        }
    }
}
