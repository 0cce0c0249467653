import Foundation
import TidingsCore
import TidingsHTTP
import TidingsStore

/// Sends notifications as e-mail through one SMTP server (`[[email]]`): one message per
/// notification to every recipient, over one reused connection.
///
/// The password comes from the environment or a file, never from the config itself, and
/// never appears in results, `platformInfo`, descriptions or errors; a server reply that
/// quotes it is redacted.
public struct EmailChannel: Channel, Sendable, CustomStringConvertible, CustomReflectable {
    /// `email:NAME`.
    public var name: ChannelName { .email(target.name) }
    /// E-mail never learns what the user did.
    public let reportsEngagement = false
    /// A re-sent message carries the same Message-ID.
    public let guarantee = DeliveryGuarantee.atLeastOnce
    /// Eight messages a step: a kill sends at most that many again.
    public var chunkSize: Int { 8 }
    /// The target's settings.
    public let target: TidingsConfig.Email
    /// The zone the due time is shown in.
    public let zone: Zone
    let password: Result<WebhookSecret?, WebhookSecretProblem>

    /// A channel for `target`, reading its password from `environment` or its file now.
    public init(target: TidingsConfig.Email, environment: [String: String], zone: Zone) {
        self.target = target
        self.zone = zone
        switch target.password.map({ SecretReader.value(of: $0, environment: environment) }) {
        case nil: password = .success(nil)
        case .success(let value)?: password = .success(WebhookSecret(value: value))
        case .failure(let problem)?: password = .failure(WebhookSecretProblem(problem, role: "password", channel: "email:\(target.name)"))
        }
    }

    /// The channel and the server's host only.
    public var platformInfo: String {
        var json = JSONLine()
        json.add("channel", name.description)
        json.add("host", WebhookReasons.host(of: target.url))
        return json.string
    }

    /// `email:NAME (to HOST)`.
    public var description: String { "\(name) (to \(WebhookReasons.host(of: target.url) ?? "no host"))" }

    /// Only the settings that hold no credential, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "host": WebhookReasons.host(of: target.url) as Any])
    }

    /// Available when the password resolves; the server is not asked.
    public func state() async -> ChannelState {
        switch password {
        case .success: .available
        case .failure(let problem): .unavailable(reason: problem.reason, fix: problem.fix)
        }
    }

    /// Sends each item in turn; an update in place answers the first version's message.
    public func send(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        let secret: WebhookSecret?
        switch password {
        case .success(let resolved): secret = resolved
        case .failure(let problem): return items.map { ChannelResult(id: $0.id, outcome: .unavailable(problem.reason)) }
        }
        let jobs = items.map { item in
            let message = EmailMessage(item: item, from: target.from, to: target.to, domain: target.fromDomain, now: now, zone: zone)
            var info = JSONLine(continuing: platformInfo)
            info.add("messageId", message.messageID)
            return (id: item.id, request: request(message.bytes, password: secret), info: info.string)
        }
        let reasons = EmailReasons(channel: name, host: WebhookReasons.host(of: target.url), secrets: [secret?.value].compactMap { $0 })
        // libcurl blocks, so the messages go out on a thread of their own and the cooperative
        // pool stays free meanwhile.
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                let client = Result { () throws(HTTPError) in try MailClient() }
                let results = jobs.map { job in
                    ChannelResult(id: job.id, outcome: reasons.outcome(sending: job.request, with: client), platformInfo: job.info)
                }
                continuation.resume(returning: results)
            }
            thread.name = "email"
            thread.start()
        }
    }

    private func request(_ message: [UInt8], password: WebhookSecret?) -> MailRequest {
        let seconds = Double(max(1_000, target.timeout)) / 1000
        var request = MailRequest(
            url: target.url, from: target.from, recipients: target.to, message: message, requireTLS: target.starttls,
            connectTimeout: min(10, seconds), totalTimeout: seconds)
        request.username = target.username
        request.password = password?.value
        request.caFile = target.caFile
        return request
    }
}

/// Writes failure reasons for one e-mail target: the host, the server's reply on one line, the
/// password redacted wherever it shows.
struct EmailReasons: Sendable {
    /// `email:NAME`.
    let channel: ChannelName
    /// The server's host.
    let host: String?
    /// Finds the password in every form a reply may echo it.
    let redactor: SecretRedactor

    init(channel: ChannelName, host: String?, secrets: [String]) {
        self.channel = channel
        self.host = host
        redactor = SecretRedactor(secrets: secrets.filter { !$0.isEmpty })
    }

    /// Sends `request` with `client` (or says why there is none) and judges the answer: a
    /// 5xx reply, a refused URL or a server without STARTTLS fails; the rest may pass later.
    func outcome(sending request: MailRequest, with client: Result<MailClient, HTTPError>) -> ChannelResult.Outcome {
        switch client {
        case .failure(let error):
            return .transient(redactor.redact(error.message), retryAfter: nil)
        case .success(let client):
            do throws(MailError) {
                try client.send(request)
                return .delivered
            } catch {
                return outcome(of: error)
            }
        }
    }

    /// The outcome of a failed send, with its reason.
    func outcome(of error: MailError) -> ChannelResult.Outcome {
        let reason = self.reason(error)
        switch error.kind {
        case .refused, .refusedURL, .noTLS: return .failed(reason)
        case .temporary, .timeout, .network: return .transient(reason, retryAfter: nil)
        }
    }

    /// `SMTP 550 from HOST: <the server's reply>`, or the client's message; one line, redacted.
    /// A reply to the AUTH exchange or a later command is not quoted: `SMTP 535 from HOST:
    /// authentication refused (5.7.8)`, its codes and what they mean (`SMTPReplyReason`).
    func reason(_ error: MailError) -> String {
        let place = host ?? "the mail server"
        if error.afterAuthentication, let code = error.replyCode {
            let what = error.kind == .noTLS ? "\(place) does not offer STARTTLS, which is required: " : "SMTP \(code) from \(place): "
            return redactor.redact(what + SMTPReplyReason.phrase(code: code, enhanced: error.enhancedCode))
        }
        guard let code = error.replyCode, let reply = error.reply else {
            return redactor.redact(WebhookReasons.singleLine(error.message))
        }
        var text = WebhookReasons.singleLine(reply)
        if text.hasPrefix(String(code)) { text = String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces) }
        let quote = String(redactor.redact(text).prefix(WebhookReasons.quoteLength))
        let what = error.kind == .noTLS ? "\(place) does not offer STARTTLS, which is required: " : "SMTP \(code) from \(place): "
        return what + quote
    }
}
