import TidingsCore
import TidingsHTTP
import TidingsStore

/// What mirroring one image did.
public struct MediaResult: Sendable, Equatable {
    /// What happened to the image.
    public enum Outcome: Sendable, Equatable {
        /// Downloaded and stored: its size in bytes.
        case stored(Int64)
        /// Already in the cache; only marked as used.
        case cached
        /// Not stored: why.
        case refused(String)
    }

    /// The media URL.
    public var url: String
    /// What happened.
    public var outcome: Outcome
}

/// Mirrors content images into the media cache: `https:` only, at most `max_bytes`, and only
/// PNG, JPEG, GIF or WebP by both the `Content-Type` and the file's first bytes.
public struct MediaFetcher {
    /// Most images looked at in one run (the latest scheduled content's first).
    public static let maxPerRun = 32
    /// Connect plus transfer time allowed for one image.
    public static let timeout: Int64 = 30_000

    private let client: HTTPClient
    private let cache: MediaCache
    private let config: TidingsConfig.Media

    /// A fetcher storing into `cache` under `config`'s limits, downloading with `client`.
    public init(client: HTTPClient, cache: MediaCache, config: TidingsConfig.Media) {
        self.client = client
        self.cache = cache
        self.config = config
    }

    /// Makes sure the image of `url` is in the cache, marked used at `now`, downloading it
    /// within `budget` milliseconds when it is not. Never throws: a failure is a refusal.
    public func mirror(_ url: String, now: EpochMillis, budget: Int64) -> MediaResult {
        func refused(_ reason: String) -> MediaResult { MediaResult(url: url, outcome: .refused(reason)) }
        guard LinkPolicy.isHTTPS(url) else { return refused("only https: media is fetched") }
        if let file = cache.file(for: url) {
            cache.markUsed(file.path, at: now)
            return MediaResult(url: url, outcome: .cached)
        }
        guard budget >= 1000 else { return refused("not attempted: the run's time was spent") }
        let seconds = Double(min(Self.timeout, budget)) / 1000
        var request = HTTPRequest(
            url: url, headers: [("Accept", ImageType.allCases.map(\.mediaType).joined(separator: ", "))],
            connectTimeout: min(10, seconds), totalTimeout: seconds, maxBodyBytes: Int(config.maxBytes),
            userAgent: SourceFetcher.userAgent)
        request.caFile = config.caFile
        let response: HTTPResponse
        do {
            response = try client.perform(request)
        } catch {
            return refused(error.kind == .tooLarge ? "larger than media.max_bytes (\(SizeText.format(config.maxBytes)))" : error.message)
        }
        guard response.status == 200 else { return refused("HTTP \(response.status) from \(response.finalURL)") }
        let contentType = response.header("Content-Type") ?? ""
        guard ImageType(contentType: contentType) != nil else {
            return refused("not an image: Content-Type \"\(contentType.prefix(60))\"; PNG, JPEG, GIF and WebP are kept")
        }
        guard let type = ImageType(magic: response.body) else {
            return refused("the file is not a PNG, JPEG, GIF or WebP image, whatever its Content-Type says")
        }
        do {
            let file = try cache.store(response.body, for: url, type: type, now: now)
            return MediaResult(url: url, outcome: .stored(file.size))
        } catch {
            return refused(error.message)
        }
    }
}
