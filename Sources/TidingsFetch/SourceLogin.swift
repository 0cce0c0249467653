import Foundation
import TidingsCore
import TidingsStore

/// A source's login, read from where the config says when the source is fetched: the
/// `Authorization` header to send, and a redactor that keeps the secret out of every reason
/// recorded, also when a server echoes it back (base64-encoded in a Basic header, escaped in
/// JSON, cut short).
struct SourceLoginHeader {
    let header: (name: String, value: String)
    let redactor: SecretRedactor

    /// The header for `login`, or what keeps it from being read (naming the variable or file).
    static func resolve(_ login: TidingsConfig.SourceLogin, environment: [String: String]) -> Result<SourceLoginHeader, LoginProblem> {
        switch login {
        case .basic(let username, let source):
            switch SecretReader.value(of: source, environment: environment) {
            case .failure(let problem): return .failure(LoginProblem(reason: "cannot log in: \(problem.text(role: "password"))"))
            case .success(let password):
                let pair = "\(username):\(password)"
                let encoded = Data(pair.utf8).base64EncodedString()
                return .success(
                    SourceLoginHeader(
                        header: ("Authorization", "Basic \(encoded)"), redactor: SecretRedactor(secrets: [password, pair, encoded])))
            }
        case .bearer(let source):
            switch SecretReader.value(of: source, environment: environment) {
            case .failure(let problem): return .failure(LoginProblem(reason: "cannot log in: \(problem.text(role: "token"))"))
            case .success(let token):
                return .success(SourceLoginHeader(header: ("Authorization", "Bearer \(token)"), redactor: SecretRedactor(secrets: [token])))
            }
        }
    }
}

/// Why a source's login cannot be read: the reason to record, naming the variable or file.
struct LoginProblem: Error {
    var reason: String
}
