import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Content images at delivery: shown only when the cached file is there, never downloaded.
@Suite struct MediaAttachmentTests {
    static let url = "https://images.example.org/today.png"

    /// A cache in `directory`, holding today's image when `stored`, and attachments over it
    /// that find `url` for the subject `content:news/1`.
    static func attachments(in directory: TemporaryDirectory, stored: Bool, publicURL: String?) throws -> MediaAttachments {
        let cache = MediaCache(folder: directory.file("media"))
        if stored { try cache.store(TestImages.png, for: url, type: .png, now: WebhookFixture.due) }
        return MediaAttachments(cache: cache, publicURL: publicURL, now: WebhookFixture.now) { subject in
            subject == "content:news/1" ? url : nil
        }
    }

    static func item(subject: String? = "content:news/1") -> NotificationRecord {
        var item = WebhookFixture.item()
        item.subject = subject
        return item
    }

    @Test("the desktop gets the image-path hint with the cached file, and nothing when the file is missing")
    func desktopHint() throws {
        let directory = try TemporaryDirectory()
        let media = try Self.attachments(in: directory, stored: true, publicURL: nil)
        let file = try #require(media.file(for: Message(record: Self.item())))
        #expect(file.path == directory.file("media/" + MediaCache.name(for: Self.url, type: .png)))
        #expect(file.usedAt == WebhookFixture.now, "showing an image counts as using it")
        let config = TidingsConfig().desktop
        let arguments = DesktopChannel.notifySendArguments(for: Message(record: Self.item()), config: config, server: nil, image: file.path)
        #expect(arguments.contains("--hint=string:image-path:\(file.path)"))
        let hint = try #require(arguments.firstIndex(of: "--hint=string:image-path:\(file.path)"))
        #expect(hint < (arguments.firstIndex(of: "--") ?? 0), "an option, before the summary")

        try FileManager.default.removeItem(atPath: file.path)
        #expect(media.file(for: Message(record: Self.item())) == nil)
        let without = DesktopChannel.notifySendArguments(for: Message(record: Self.item()), config: config, server: nil, image: file.path)
        #expect(!without.contains { $0.hasPrefix("--hint=string:image-path:") })
        #expect(media.file(for: Message(record: Self.item(subject: "content:news/2"))) == nil)
        #expect(media.file(for: Message(record: Self.item(subject: nil))) == nil)
    }

    @Test(
        "ntfy gets Attach with the published URL only with public_url and the file; other formats never",
        arguments: [
            (true, "https://files.example.org/m", WebhookFormat.ntfy, true),
            (true, nil, .ntfy, false),
            (false, "https://files.example.org/m", .ntfy, false),
            (true, "https://files.example.org/m", .json, false),
        ] as [(Bool, String?, WebhookFormat, Bool)])
    func ntfyAttach(stored: Bool, publicURL: String?, format: WebhookFormat, attached: Bool) async throws {
        let directory = try TemporaryDirectory()
        let server = try WebhookFixture.server()
        defer { server.stop() }
        var channel = WebhookChannel(target: WebhookFixture.target(server.baseURL + "/topic", format), environment: [:])
        channel.media = try Self.attachments(in: directory, stored: stored, publicURL: publicURL)
        let result = try await WebhookFixture.sendOne(channel, Self.item())
        #expect(result.outcome == .delivered, "sent with or without the image")
        let request = try WebhookFixture.onlyRequest(server)
        let expected = "https://files.example.org/m/" + MediaCache.name(for: Self.url, type: .png)
        #expect(request.header("Attach") == (attached ? expected : nil))
    }
}
