/// The image formats the media cache keeps, told apart by their first bytes.
public enum ImageType: String, Sendable, CaseIterable {
    case png
    case jpeg
    case gif
    case webp

    /// The file name extension the cache uses.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The media type servers send for it.
    public var mediaType: String { "image/\(rawValue)" }

    /// The type whose signature `bytes` start with, or nil for anything else.
    public init?(magic bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// The type a `Content-Type` header names (`image/png; charset=…`, any case), or nil
    /// for anything else. `image/jpg` and `image/pjpeg` are taken as JPEG, as browsers do.
    public init?(contentType: String) {
        let media = String(contentType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }).lowercased()
        switch media {
        case "image/png": self = .png
        case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
        case "image/gif": self = .gif
        case "image/webp": self = .webp
        default: return nil
        }
    }
}
