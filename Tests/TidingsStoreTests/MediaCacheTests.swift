import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsStore

/// The media cache folder: names, atomic stores, and the least-recently-used quota.
@Suite(.sqliteFileOnly) struct MediaCacheTests {
    static let now = TestClock.at("2026-11-22T06:00:00Z")

    @Test("a file is named by the SHA-256 of its URL and its type's extension, and found again by the URL")
    func naming() throws {
        let directory = try TemporaryDirectory()
        let cache = MediaCache(folder: directory.file("media"))
        // echo -n https://example.org/a.png | sha256sum
        #expect(
            MediaCache.name(for: "https://example.org/a.png", type: .png)
                == "077c887d094368c955d80cb3562e2e0284d1355693196dfdd87e42854ac81349.png")
        let name = MediaCache.name(for: "https://example.org/a.png", type: .jpeg)
        #expect(name.hasSuffix(".jpg") && name.count == 68)
        #expect(cache.file(for: "https://example.org/a.png") == nil)
        let stored = try cache.store(TestImages.jpeg, for: "https://example.org/a.png", type: .jpeg, now: Self.now)
        #expect(stored.name == name)
        #expect(cache.file(for: "https://example.org/a.png") == stored)
        #expect(FileManager.default.contents(atPath: stored.path) == Data(TestImages.jpeg))
        #expect(cache.file(for: "https://example.org/b.png") == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: stored.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("eviction deletes the least recently used first until the folder fits the quota; other files stay")
    func evictsLeastRecentlyUsed() throws {
        let directory = try TemporaryDirectory()
        let cache = MediaCache(folder: directory.file("media"))
        // Given three images stored an hour apart, and a stranger in the folder
        let a = try cache.store(TestImages.png, for: "https://example.org/a", type: .png, now: Self.now)
        let b = try cache.store(TestImages.png, for: "https://example.org/b", type: .png, now: Self.now + 3_600_000)
        let c = try cache.store(TestImages.png, for: "https://example.org/c", type: .png, now: Self.now + 7_200_000)
        try directory.write("keep me", to: "media/notes.txt")
        // When the oldest is used again, and the quota holds two
        cache.markUsed(a.path, at: Self.now + 10_800_000)
        #expect(cache.files().map(\.name) == [b.name, c.name, a.name])
        let deleted = cache.evict(toQuota: Int64(2 * TestImages.png.count))
        // Then the least recently used (b) goes, and the rest stay
        #expect(deleted.map(\.name) == [b.name])
        #expect(cache.files().map(\.name) == [c.name, a.name])
        #expect(FileManager.default.fileExists(atPath: directory.file("media/notes.txt")))
        #expect(cache.evict(toQuota: Int64(2 * TestImages.png.count)).isEmpty)
        #expect(cache.evict(toQuota: 0).map(\.name) == [c.name, a.name])
    }

    @Test("only names of cached images count: temporary files and look-alikes are left alone")
    func imageNames() {
        let hex = String(repeating: "ab", count: 32)
        #expect(MediaCache.isImageName(hex + ".png"))
        #expect(MediaCache.isImageName(hex + ".jpg"))
        #expect(!MediaCache.isImageName(hex + ".jpeg"))
        #expect(!MediaCache.isImageName("." + hex + ".png.tmp-42"))
        #expect(!MediaCache.isImageName(hex.uppercased() + ".png"))
        #expect(!MediaCache.isImageName("abc.png"))
    }

    @Test("a notification's subject leads to its content's media URL")
    func mediaURLOfSubject() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        try database.recordFetch(
            url: "https://example.org/feed", attempt: FetchAttempt(source: "news", startedAt: Self.now, durationMs: 1, outcome: .ok),
            update: .replace(
                [
                    NotificationContent(
                        id: "a/1", title: "A", body: "a", scheduledTime: 2, mediaUrl: "https://example.org/a.png", fetchTime: Self.now),
                    NotificationContent(id: "b", title: "B", body: "b", scheduledTime: 3, fetchTime: Self.now),
                    NotificationContent(id: "c", title: "C", body: "c", scheduledTime: 1, mediaUrl: "https://example.org/c.png", fetchTime: Self.now),
                ],
                etag: nil, lastModified: nil))
        #expect(try database.mediaURL(ofSubject: "content:news/a/1") == "https://example.org/a.png")
        #expect(try database.mediaURL(ofSubject: "content:news/b") == nil)
        #expect(try database.mediaURL(ofSubject: "content:other/a/1") == nil)
        #expect(try database.mediaURL(ofSubject: "event:x") == nil)
        #expect(try database.contentMediaURLs(limit: 10) == ["https://example.org/a.png", "https://example.org/c.png"])
        #expect(try database.contentMediaURLs(limit: 1) == ["https://example.org/a.png"])
    }

    @Test("on a full disk cached images beside the database go first, least recently used first, until enough is free")
    func diskFullEviction() throws {
        let directory = try TemporaryDirectory()
        var database = try directory.database()
        let cache = MediaCache(folder: directory.file("media"))
        let old = try cache.store(TestImages.png, for: "https://example.org/old", type: .png, now: Self.now)
        let new = try cache.store(TestImages.png, for: "https://example.org/new", type: .png, now: Self.now + 60_000)
        #expect(database.evictMedia(untilFree: .max) == 0, "without a media folder nothing is touched")
        database.mediaFolder = cache.folder
        #expect(database.evictMedia(untilFree: 0) == 0, "enough is free already")
        #expect(cache.files().count == 2)
        // More than any disk has: every image goes, the oldest first.
        #expect(database.evictMedia(untilFree: .max) == 2)
        #expect(cache.files().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: old.path) && !FileManager.default.fileExists(atPath: new.path))
        #expect(TidingsDatabase.sameFileSystem(directory.path, cache.folder))
        #expect(!TidingsDatabase.sameFileSystem(directory.path, "/proc"))
    }
}
