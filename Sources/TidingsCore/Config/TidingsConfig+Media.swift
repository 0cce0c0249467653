extension TidingsConfig {
    /// The media cache (`[media]`), used when `features.media_attachments` is on.
    public struct Media: Sendable, Equatable {
        /// Most bytes the cache folder holds; the least recently used files go first.
        public var quota: Int64 = 50 << 20
        /// Largest image accepted.
        public var maxBytes: Int64 = 5 << 20
        /// The https URL under which the cache folder is published, without a trailing `/`;
        /// only with it does an ntfy webhook get an `Attach` header.
        public var publicURL: String?
        /// A PEM file of certificate authorities to trust for images instead of the system's.
        public var caFile: String?

        /// Quotas allowed: a mebibyte to 100 GiB.
        public static let quotaRange: ClosedRange<Int64> = (1 << 20)...(100 << 30)
        /// Image sizes allowed: a kibibyte to 50 MiB (and never more than the quota).
        public static let maxBytesRange: ClosedRange<Int64> = (1 << 10)...(50 << 20)

        /// The defaults: 50 MiB, 5 MiB an image, nothing published.
        public init() {}

        /// Reads `[media]`: sizes `quota` and `max_bytes`, `public_url`, `ca_file` (relative to
        /// `directory` unless absolute).
        static func parse(_ table: inout TOMLReader, directory: String) throws(ConfigError) -> Media {
            var media = Media()
            if let quota = try size(&table, "quota") {
                guard quotaRange.contains(quota) else { throw table.error("quota", "must be between 1MiB and 100GiB") }
                media.quota = quota
            }
            if let maxBytes = try size(&table, "max_bytes") {
                guard maxBytesRange.contains(maxBytes) else { throw table.error("max_bytes", "must be between 1KiB and 50MiB") }
                media.maxBytes = maxBytes
            }
            guard media.maxBytes <= media.quota else {
                throw table.error("max_bytes", "\(SizeText.format(media.maxBytes)) is more than the quota (\(SizeText.format(media.quota)))")
            }
            if let url = try table.string("public_url") {
                guard LinkPolicy.isHTTPS(url), !url.contains("?"), !url.contains("#") else {
                    throw table.error("public_url", "expected an https:// URL of a folder, without ? or #, found \(ConfigError.quoted(url))")
                }
                media.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
            }
            if let path = try table.string("ca_file") {
                guard !path.isEmpty else { throw table.error("ca_file", "empty path") }
                media.caFile = TidingsConfig.path(path, relativeTo: directory)
            }
            return media
        }

        private static func size(_ table: inout TOMLReader, _ key: String) throws(ConfigError) -> Int64? {
            guard let text = try table.string(key) else { return nil }
            guard let bytes = SizeText.parse(text) else {
                throw table.error(key, "expected a size such as \"50MiB\", \"512KiB\" or \"1GiB\", found \(ConfigError.quoted(text))")
            }
            return bytes
        }
    }
}
