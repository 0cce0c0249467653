import TidingsCore
import TidingsHTTP

/// One prepared webhook request and how its answer becomes an outcome.
struct WebhookJob: Sendable {
    /// The notification's id.
    let id: String
    /// The request, credentials included; never shown.
    let request: HTTPRequest
    /// Writes reasons without URLs or secrets.
    let reasons: WebhookReasons
    /// The send time, which an HTTP-date `Retry-After` is measured from.
    let now: EpochMillis
    /// What a 404 means: a failure (the default), done (what was to be deleted is gone), or
    /// that the request is to be replaced by another (an edit of a message deleted by hand
    /// becomes a new post).
    var notFound = NotFound.failed
    /// The platform info a 2xx answer gives (Discord's message id); nil keeps the channel's.
    var platformInfo: (@Sendable (HTTPResponse) -> String?)?

    /// What a 404 answer means for this request.
    indirect enum NotFound: Sendable {
        case failed
        case done
        case instead(WebhookJob)
    }

    /// What an answer comes to: this job's result, or another job to send in its place.
    enum Verdict {
        case result(ChannelResult)
        case instead(WebhookJob)
    }

    /// The result of a request that is not to be sent at all, or nil when it may go.
    var refusal: ChannelResult? {
        guard let scheme = LinkPolicy.scheme(of: request.url), scheme == "https" || scheme == "http" else {
            // The HTTP client also reads file: URLs, which would "succeed" without sending anything.
            return ChannelResult(
                id: id, outcome: .failed(reasons.scrub("refused url of \(reasons.channel): webhooks need https:, or http: to a loopback host")))
        }
        return nil
    }

    /// Judges the answer to the request: the response, or why there was none.
    func verdict(on answer: Result<HTTPResponse, HTTPError>) -> Verdict {
        switch answer {
        case .failure(let error):
            return .result(ChannelResult(id: id, outcome: outcome(of: error)))
        case .success(let response):
            switch (response.status, notFound) {
            case (404, .done):
                return .result(ChannelResult(id: id, outcome: .delivered))
            case (404, .instead(let job)):
                return .instead(job)
            default:
                let outcome = outcome(of: response)
                let info = outcome == .delivered ? platformInfo?(response) : nil
                return .result(ChannelResult(id: id, outcome: outcome, platformInfo: info))
            }
        }
    }

    /// 2xx delivered; 429 and 5xx transient with the receiver's `Retry-After`; anything else failed.
    func outcome(of response: HTTPResponse) -> ChannelResult.Outcome {
        switch response.status {
        case 200..<300:
            return .delivered
        case 429, 500..<600:
            let wait = RetryPolicy.retryAfter(response.header("Retry-After"), now: now)
            return .transient(reasons.status(response.status, body: response.body), retryAfter: wait)
        default:
            return .failed(reasons.status(response.status, body: response.body))
        }
    }

    /// Timeouts, network errors and oversized answers may pass later; refused URLs and redirects never will.
    func outcome(of error: HTTPError) -> ChannelResult.Outcome {
        switch error.kind {
        case .timeout, .network, .tooLarge:
            return .transient(reasons.scrub(error.message), retryAfter: nil)
        case .refusedURL:
            let prefix = "refused url \(request.url): "
            let why = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
            return .failed(reasons.scrub("refused url of \(reasons.channel): \(why)"))
        case .tooManyRedirects:
            let host = reasons.host ?? "the receiver"
            return .failed("\(host) answered with a redirect, which webhooks do not follow: configure the final url")
        }
    }
}
