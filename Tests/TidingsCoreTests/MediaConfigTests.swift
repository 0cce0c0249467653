import Testing

@testable import TidingsCore

/// `[media]`: the media cache's quota, the largest image, where the folder is published.
@Suite struct MediaConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig.Media {
        try TidingsConfig.parse(toml: text, file: "/c/config.toml", directory: "/c").media
    }

    @Test("defaults: a 50 MiB quota, 5 MiB an image, nothing published, the system's authorities")
    func defaults() throws {
        let media = try Self.parse("")
        #expect(media.quota == 52_428_800)
        #expect(media.maxBytes == 5_242_880)
        #expect(media.publicURL == nil)
        #expect(media.caFile == nil)
    }

    @Test("every key, a trailing / dropped from public_url, ca_file relative to the config's folder")
    func keys() throws {
        let media = try Self.parse(
            """
            [media]
            quota = "200MiB"
            max_bytes = "512KiB"
            public_url = "https://files.example.org/tidings/"
            ca_file = "ca.pem"
            """)
        #expect(media.quota == 200 << 20)
        #expect(media.maxBytes == 512 << 10)
        #expect(media.publicURL == "https://files.example.org/tidings")
        #expect(media.caFile == "/c/ca.pem")
    }

    @Test(
        "bad values name the key",
        arguments: [
            ("quota = \"50MB\"", "media.quota", "expected a size such as \"50MiB\", \"512KiB\" or \"1GiB\", found \"50MB\""),
            ("quota = 50", "media.quota", "expected a string, found "),
            ("quota = \"512KiB\"", "media.quota", "must be between 1MiB and 100GiB"),
            ("quota = \"101GiB\"", "media.quota", "must be between 1MiB and 100GiB"),
            ("max_bytes = \"100B\"", "media.max_bytes", "must be between 1KiB and 50MiB"),
            ("max_bytes = \"51MiB\"", "media.max_bytes", "must be between 1KiB and 50MiB"),
            ("quota = \"2MiB\"\nmax_bytes = \"3MiB\"", "media.max_bytes", "3MiB is more than the quota (2MiB)"),
            ("public_url = \"http://files.example.org\"", "media.public_url", "expected an https:// URL of a folder"),
            ("public_url = \"https://files.example.org/m?x=1\"", "media.public_url", "expected an https:// URL of a folder"),
            ("ca_file = \"\"", "media.ca_file", "empty path"),
            ("folder = \"/tmp\"", "media.folder", "unknown key"),
        ])
    func errors(text: String, key: String, message: String) {
        #expect {
            _ = try Self.parse("[media]\n" + text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "/c/config.toml" && error.key == key && error.message.hasPrefix(message)
        }
    }
}

/// Sizes as written in config files.
@Suite struct SizeTextTests {
    @Test(
        "parses a number and a binary unit, any case, spaces ignored",
        arguments: [
            ("50MiB", Int64(52_428_800)), ("512 KiB", 524_288), ("1gib", 1_073_741_824), ("800B", 800), ("0B", 0),
        ])
    func parses(text: String, bytes: Int64) {
        #expect(SizeText.parse(text) == bytes)
    }

    @Test("refuses what is not a size", arguments: ["", "50", "MiB", "50MB", "1.5MiB", "-1MiB", "5MiB2", "99999999999GiB"])
    func refuses(text: String) {
        #expect(SizeText.parse(text) == nil)
    }

    @Test(
        "formats in the largest exact unit",
        arguments: [
            (Int64(52_428_800), "50MiB"), (1_572_864, "1536KiB"), (7, "7B"), (0, "0B"), (1 << 30, "1GiB"),
        ])
    func formats(bytes: Int64, text: String) {
        #expect(SizeText.format(bytes) == text)
        #expect(SizeText.parse(text) == bytes)
    }
}

/// Telling images apart by their first bytes and their Content-Type.
@Suite struct ImageTypeTests {
    @Test(
        "signatures of PNG, JPEG, GIF and WebP",
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], ImageType.png),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00], .jpeg),
            (Array("GIF89a\u{1}\u{0}".utf8), .gif),
            (Array("GIF87a".utf8), .gif),
            (Array("RIFF\u{24}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
        ] as [([UInt8], ImageType)])
    func signatures(bytes: [UInt8], type: ImageType) {
        #expect(ImageType(magic: bytes) == type)
    }

    @Test(
        "anything else is no image",
        arguments: [
            Array("<!doctype html><html>".utf8), Array("RIFF\u{24}\u{0}\u{0}\u{0}WAVEfmt ".utf8), [0x89, 0x50, 0x4E, 0x47], [],
            Array("GIF8".utf8), [0xFF, 0xD8],
        ] as [[UInt8]])
    func notImages(bytes: [UInt8]) {
        #expect(ImageType(magic: bytes) == nil)
    }

    @Test("Content-Type: the four image types with parameters and any case; nothing else")
    func contentTypes() {
        #expect(ImageType(contentType: "image/png") == .png)
        #expect(ImageType(contentType: "Image/JPEG; charset=binary") == .jpeg)
        #expect(ImageType(contentType: "image/jpg") == .jpeg)
        #expect(ImageType(contentType: " image/webp ") == .webp)
        #expect(ImageType(contentType: "image/gif") == .gif)
        #expect(ImageType(contentType: "image/svg+xml") == nil)
        #expect(ImageType(contentType: "text/html") == nil)
        #expect(ImageType(contentType: "") == nil)
        #expect(ImageType.jpeg.fileExtension == "jpg")
        #expect(ImageType.webp.fileExtension == "webp")
    }
}
