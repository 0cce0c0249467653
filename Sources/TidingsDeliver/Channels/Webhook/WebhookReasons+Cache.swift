import Synchronization
import TidingsCore

/// The reasons of one webhook target per request URL, made once per URL rather than once per
/// request: finding the host and preparing the redactor cost more than the rest of a job.
final class WebhookReasonsCache: Sendable {
    /// URLs beyond this many (per-item clear URLs, say) get reasons made afresh each time.
    static let capacity = 16

    private let made = Mutex<[String: WebhookReasons]>([:])

    /// An empty cache.
    init() {}

    /// The reasons for a request to `url` of the target `channel` whose URL is `targetURL`.
    func reasons(
        for url: String, channel: ChannelName, targetURL: String, secrets: [String], urlIsCredential: Bool
    ) -> WebhookReasons {
        if let known = made.withLock({ $0[url] }) { return known }
        let reasons = WebhookReasons(
            channel: channel, host: WebhookReasons.host(of: url), urls: [url, targetURL], secrets: secrets, urlIsCredential: urlIsCredential)
        made.withLock { cache in
            if cache.count < Self.capacity { cache[url] = reasons }
        }
        return reasons
    }
}
