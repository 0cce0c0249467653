import TidingsCore
import TidingsStore

/// The images `deliver` may show: the local copy of a notification's content image, only
/// when `prefetch` mirrored it. It never downloads: a missing file means no image.
public struct MediaAttachments: Sendable {
    /// The media cache.
    public let cache: MediaCache
    /// The https URL the cache folder is published under, for ntfy's `Attach`; nil: none.
    public let publicURL: String?
    /// The clock of this run: a shown image counts as used then.
    public let now: EpochMillis
    private let mediaURL: @Sendable (String) -> String?

    /// Attachments from `cache`, finding a notification's media URL from its subject with
    /// `mediaURL` (see `TidingsDatabase.mediaURL(ofSubject:)`).
    public init(cache: MediaCache, publicURL: String?, now: EpochMillis, mediaURL: @escaping @Sendable (String) -> String?) {
        self.cache = cache
        self.publicURL = publicURL
        self.now = now
        self.mediaURL = mediaURL
    }

    /// Attachments for `database`'s content, under `config` (nil when media attachments are off).
    public static func forConfig(_ config: TidingsConfig, database: TidingsDatabase, folder: String, now: EpochMillis) -> MediaAttachments? {
        guard config.features.mediaAttachments else { return nil }
        return MediaAttachments(cache: MediaCache(folder: folder), publicURL: config.media.publicURL, now: now) { subject in
            (try? database.mediaURL(ofSubject: subject)) ?? nil
        }
    }

    /// The cached image of `item`'s content, marked used; nil when it has none or the file
    /// is not there.
    public func file(for item: NotificationRecord) -> MediaCache.File? {
        guard let subject = item.subject, let url = mediaURL(subject), var file = cache.file(for: url) else { return nil }
        cache.markUsed(file.path, at: now)
        file.usedAt = now
        return file
    }

    /// The published URL of `item`'s cached image (`<public_url>/<file name>`); nil without
    /// `public_url` or without the file.
    public func publishedURL(for item: NotificationRecord) -> String? {
        guard let publicURL, let file = file(for: item) else { return nil }
        return publicURL + "/" + file.name
    }
}
