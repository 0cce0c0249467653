import TidingsCore

/// What a command's failure reason must not show: a program's stderr may quote its own
/// credentials (an API error echoing the URL with a bot token in its path, a curl `-v`).
///
/// Commands read their credentials from the environment or carry them in their arguments, so
/// the redactor looks for: the values of the program's environment variables whose names say
/// they hold one (`…TOKEN…`, `…SECRET…`, `…PASSWORD…`, `…PASSWD…`, `…KEY…`, `…AUTH…`,
/// `…CREDENTIAL…`) or that the command's `env` passes on, the path and query of every URL in
/// `argv`, and the value of every `Authorization` header or `key=value` argument whose key is
/// such a name; each in every form `SecretRedactor` finds (encoded in base64 or hex too).
enum CommandSecrets {
    /// The parts of a variable's name that mark it as a credential.
    static let markers = ["TOKEN", "SECRET", "PASSWORD", "PASSWD", "KEY", "AUTH", "CREDENTIAL"]
    /// Values shorter than this are not redacted: they would match ordinary words.
    static let shortest = 6

    /// A redactor for the credentials of a command run with `argv` in `environment`, where
    /// the variables `passed` were passed on by its `env`.
    static func redactor(argv: [String], environment: [String: String], passed: [String] = []) -> SecretRedactor {
        SecretRedactor(secrets: secrets(argv: argv, environment: environment, passed: passed))
    }

    /// The values the redactor looks for.
    static func secrets(argv: [String], environment: [String: String], passed: [String] = []) -> [String] {
        var found: [String] = []
        for (name, value) in environment where isCredentialName(name) || passed.contains(name) { found.append(value) }
        for argument in argv.dropFirst() {
            if let path = WebhookReasons.pathAndQuery(of: argument) { found.append(path) }
            if let colon = argument.firstIndex(of: ":"), argument[..<colon].lowercased() == "authorization" {
                found.append(String(argument[argument.index(after: colon)...]).trimmingSpaces)
            } else if let equals = argument.firstIndex(of: "="), isCredentialName(String(argument[..<equals])) {
                found.append(String(argument[argument.index(after: equals)...]))
            }
        }
        return found.filter { $0.count >= shortest }
    }

    /// Whether a variable or parameter named `name` holds a credential.
    static func isCredentialName(_ name: String) -> Bool {
        let upper = name.uppercased()
        return markers.contains { upper.contains($0) }
    }
}

extension String {
    /// The text without the spaces and tabs around it.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
