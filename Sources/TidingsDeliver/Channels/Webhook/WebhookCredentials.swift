import TidingsCore
import TidingsStore

/// The secrets of one webhook target, resolved from the environment and files.
struct WebhookCredentials: Sendable {
    /// The bearer token (json, ntfy) or app token (gotify), when configured.
    var token: WebhookSecret?
    /// The HMAC-SHA256 signing secret, when configured.
    var secret: WebhookSecret?

    /// Every secret value, for redaction; empty values are left out so nothing matches them.
    var redactions: [String] { [token, secret].compactMap { $0?.value }.filter { !$0.isEmpty } }

    /// Resolves both secrets of `target`, or says which one cannot be found and how to fix it.
    static func resolve(
        _ target: TidingsConfig.Webhook, environment: [String: String]
    ) -> Result<WebhookCredentials, WebhookSecretProblem> {
        let channel = "webhook:\(target.name)"
        do throws(WebhookSecretProblem) {
            let token = try target.token.map { source throws(WebhookSecretProblem) in
                try resolve(source, role: "token", channel: channel, environment: environment)
            }
            let secret = try target.secret.map { source throws(WebhookSecretProblem) in
                try resolve(source, role: "signing secret", channel: channel, environment: environment)
            }
            return .success(WebhookCredentials(token: token, secret: secret))
        } catch {
            return .failure(error)
        }
    }

    private static func resolve(
        _ source: SecretSource, role: String, channel: String, environment: [String: String]
    ) throws(WebhookSecretProblem) -> WebhookSecret {
        switch SecretReader.value(of: source, environment: environment) {
        case .success(let value):
            return WebhookSecret(value: value)
        case .failure(let problem):
            throw WebhookSecretProblem(problem, role: role, channel: channel)
        }
    }
}

extension WebhookSecretProblem {
    /// The reader's `problem` as said of the `role` secret of `channel`, with its fix.
    init(_ problem: SecretReader.Problem, role: String, channel: String) {
        let variableFix = { (variable: String) in
            "set \(variable) in the environment deliver runs in (for systemd, Environment= or EnvironmentFile=)"
        }
        let fileFix = { (path: String) in "write the \(role) alone into \(path), readable by the user deliver runs as" }
        let reason = "\(channel): " + problem.text(role: role)
        switch problem {
        case .unset(let variable), .emptyVariable(let variable): self.init(reason: reason, fix: variableFix(variable))
        case .unreadable(let path, _), .emptyFile(let path): self.init(reason: reason, fix: fileFix(path))
        }
    }
}

/// Why a webhook's secret cannot be used: names the variable or file, never a value.
struct WebhookSecretProblem: Error, Sendable, Equatable {
    /// What is missing.
    var reason: String
    /// The one-line fix.
    var fix: String
}
