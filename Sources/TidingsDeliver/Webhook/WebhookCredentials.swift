import Glibc
import TidingsCore

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
        switch source {
        case .environment(let variable):
            let fix = "set \(variable) in the environment deliver runs in (for systemd, Environment= or EnvironmentFile=)"
            guard let value = environment[variable] else {
                throw WebhookSecretProblem(reason: "\(channel): the \(role) variable \(variable) is not set", fix: fix)
            }
            guard !value.isEmpty else {
                throw WebhookSecretProblem(reason: "\(channel): the \(role) variable \(variable) is empty", fix: fix)
            }
            return WebhookSecret(value: value)
        case .file(let path):
            let fix = "write the \(role) alone into \(path), readable by the user deliver runs as"
            let text: String
            switch readSecretFile(path) {
            case .success(let read): text = read
            case .failure(let problem):
                throw WebhookSecretProblem(reason: "\(channel): cannot read the \(role) file \(path): \(problem.reason)", fix: fix)
            }
            var trimmed = Substring(text)
            while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
            guard !trimmed.isEmpty else {
                throw WebhookSecretProblem(reason: "\(channel): the \(role) file \(path) is empty", fix: fix)
            }
            return WebhookSecret(value: String(trimmed))
        }
    }

    /// The largest secret file read; anything bigger is not a token.
    static let maxFileBytes = 64 * 1024

    /// The file's text, or the system's reason it cannot be read (never its content).
    private static func readSecretFile(_ path: String) -> Result<String, WebhookSecretProblem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(WebhookSecretProblem(reason: systemError(), fix: "")) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(WebhookSecretProblem(reason: systemError(), fix: ""))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= maxFileBytes else {
                return .failure(WebhookSecretProblem(reason: "larger than 64 KiB", fix: ""))
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    private static func systemError() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}

/// Why a webhook's secret cannot be used: names the variable or file, never a value.
struct WebhookSecretProblem: Error, Sendable, Equatable {
    /// What is missing.
    var reason: String
    /// The one-line fix.
    var fix: String
}
