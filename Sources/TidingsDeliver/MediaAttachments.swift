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
    /// A content image whose URL cannot be read from the database is left out, and `warn` is
    /// told why: the message still goes, without its image.
    public static func forConfig(
        _ config: TidingsConfig, database: TidingsDatabase, folder: String, now: EpochMillis,
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) -> MediaAttachments? {
        guard config.features.mediaAttachments else { return nil }
        return MediaAttachments(cache: MediaCache(folder: folder), publicURL: config.media.publicURL, now: now) { subject in
            do {
                return try database.mediaURL(ofSubject: subject)
            } catch {
                warn("the image of \(subject) could not be looked up, so it is sent without one: \(error)")
                return nil
            }
        }
    }

    /// The cached image of `item`'s content, marked used; nil when it has none or the file
    /// is not there.
    public func file(for item: Message) -> MediaCache.File? {
        guard let subject = item.subject, let url = mediaURL(subject), var file = cache.file(for: url) else { return nil }
        cache.markUsed(file.path, at: now)
        file.usedAt = now
        return file
    }

    /// The published URL of `item`'s cached image (`<public_url>/<file name>`); nil without
    /// `public_url` or without the file.
    public func publishedURL(for item: Message) -> String? {
        guard let publicURL, let file = file(for: item) else { return nil }
        return publicURL + "/" + file.name
    }
}
