import Foundation
import Testing
import TidingsCore
import TidingsHTTP
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// Mirroring content images from a real HTTPS server on 127.0.0.1 (its own certificate,
/// trusted through `media.ca_file`) into a media cache folder.
@Suite(.serialized) struct MediaFetchTests {
    static let now = TestClock.at("2026-11-22T06:00:00Z")

    /// A server with a PNG, a JPEG, an HTML page, a page that claims to be a PNG, and a big PNG.
    static func server() throws -> TLSTestServer {
        try TLSTestServer(files: [
            "/a.png": .init(contentType: "image/png", body: TestImages.png),
            "/b.jpg": .init(contentType: "image/jpeg", body: TestImages.jpeg),
            "/page": .init(contentType: "text/html; charset=utf-8", body: Array("<html>not an image</html>".utf8)),
            "/liar.png": .init(contentType: "image/png", body: Array("<html>a page, whatever the header says</html>".utf8)),
            "/big.png": .init(contentType: "image/png", body: TestImages.png + [UInt8](repeating: 0, count: 4096)),
        ])
    }

    static func fetcher(_ server: TLSTestServer, cache: MediaCache, maxBytes: Int64 = 2048) throws -> MediaFetcher {
        var config = TidingsConfig.Media()
        config.maxBytes = maxBytes
        config.caFile = server.certificate
        return MediaFetcher(client: try HTTPClient(), cache: cache, config: config)
    }

    @Test("PNG and JPEG are stored under their names; a second run finds them without a request")
    func storesImages() throws {
        let server = try Self.server()
        let directory = try TemporaryDirectory()
        let cache = MediaCache(folder: directory.file("media"))
        let fetcher = try Self.fetcher(server, cache: cache)
        let png = server.baseURL + "/a.png"
        let jpeg = server.baseURL + "/b.jpg"
        #expect(fetcher.mirror(png, now: Self.now, budget: 30_000).outcome == .stored(Int64(TestImages.png.count)))
        #expect(fetcher.mirror(jpeg, now: Self.now, budget: 30_000).outcome == .stored(Int64(TestImages.jpeg.count)))
        #expect(cache.file(for: png)?.name == MediaCache.name(for: png, type: .png))
        #expect(cache.file(for: jpeg)?.name == MediaCache.name(for: jpeg, type: .jpeg))
        #expect(FileManager.default.contents(atPath: try #require(cache.file(for: jpeg)).path) == Data(TestImages.jpeg))

        let later = Self.now + 3_600_000
        #expect(fetcher.mirror(png, now: later, budget: 30_000).outcome == .cached)
        #expect(cache.file(for: png)?.usedAt == later, "a cached image counts as used again")
        #expect(server.requestedPaths() == ["/a.png", "/b.jpg"])
    }

    @Test("a non-image, an HTML page labelled image/png, an oversized image and a 404 are refused, and nothing is stored")
    func refusals() throws {
        let server = try Self.server()
        let directory = try TemporaryDirectory()
        let cache = MediaCache(folder: directory.file("media"))
        let fetcher = try Self.fetcher(server, cache: cache)
        func reason(_ path: String) -> String? {
            if case .refused(let reason) = fetcher.mirror(server.baseURL + path, now: Self.now, budget: 30_000).outcome { return reason }
            return nil
        }
        #expect(reason("/page")?.hasPrefix("not an image: Content-Type \"text/html; charset=utf-8\"") == true)
        #expect(reason("/liar.png") == "the file is not a PNG, JPEG, GIF or WebP image, whatever its Content-Type says")
        #expect(reason("/big.png") == "larger than media.max_bytes (2KiB)")
        #expect(reason("/missing.png")?.hasPrefix("HTTP 404") == true)
        #expect(cache.files().isEmpty)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: cache.folder)) ?? []
        #expect(leftovers.isEmpty, "no temporary file stays: \(leftovers)")
    }

    @Test("without the server's authority the certificate is refused; http: is never fetched")
    func transportRules() throws {
        let server = try Self.server()
        let directory = try TemporaryDirectory()
        let cache = MediaCache(folder: directory.file("media"))
        let untrusting = MediaFetcher(client: try HTTPClient(), cache: cache, config: TidingsConfig.Media())
        guard case .refused = untrusting.mirror(server.baseURL + "/a.png", now: Self.now, budget: 30_000).outcome else {
            Issue.record("a self-signed certificate was accepted without ca_file")
            return
        }
        let plain = try Self.fetcher(server, cache: cache).mirror("http://127.0.0.1:1/a.png", now: Self.now, budget: 30_000)
        #expect(plain.outcome == .refused("only https: media is fetched"))
        #expect(cache.files().isEmpty)
    }
}

/// `prefetch`'s media step: off by default, the latest content's images, then the quota.
@Suite(.serialized) struct PrefetchMediaTests {
    static let now = TestClock.at("2026-11-22T06:00:00Z")

    /// A content feed file whose items point at `urls` (the first scheduled last).
    static func feed(in directory: TemporaryDirectory, urls: [String]) throws -> TidingsConfig.Source {
        let items = urls.enumerated().map { index, url in
            #"{"id":"i\#(index)","title":"T\#(index)","body":"B","scheduledTime":\#(1_000_000 - index),"mediaUrl":"\#(url)"}"#
        }
        let path = try directory.write(#"{"version":1,"items":[\#(items.joined(separator: ","))]}"#, to: "feed.json")
        return TidingsConfig.Source(name: "news", url: SourceURL.fileURL(path: path))
    }

    static func config(_ source: TidingsConfig.Source, server: TLSTestServer, on: Bool, quota: Int64 = 50 << 20) -> TidingsConfig {
        var config = TidingsConfig()
        config.sources = [source]
        config.features.mediaAttachments = on
        config.media.caFile = server.certificate
        config.media.quota = quota
        config.media.maxBytes = min(config.media.maxBytes, quota)
        return config
    }

    @Test("with the flag off nothing is downloaded and no folder is made")
    func flagOff() throws {
        let server = try MediaFetchTests.server()
        let directory = try TemporaryDirectory()
        let source = try Self.feed(in: directory, urls: [server.baseURL + "/a.png"])
        let cache = MediaCache(folder: directory.file("media"))
        let outcome = try Prefetcher(database: try directory.database(), config: Self.config(source, server: server, on: false), media: cache)
            .run(now: Self.now)
        #expect(outcome.succeeded == 1)
        #expect(outcome.media.isEmpty)
        #expect(server.requestedPaths().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cache.folder))
    }

    @Test("with the flag on the images are mirrored, a refused one is a warning, and the run is still ok")
    func flagOn() throws {
        let server = try MediaFetchTests.server()
        let directory = try TemporaryDirectory()
        let source = try Self.feed(in: directory, urls: [server.baseURL + "/a.png", server.baseURL + "/page", server.baseURL + "/b.jpg"])
        let cache = MediaCache(folder: directory.file("media"))
        let database = try directory.database()
        let outcome = try Prefetcher(database: database, config: Self.config(source, server: server, on: true), media: cache).run(now: Self.now)
        #expect(outcome.stageOutcome == .ok)
        #expect(outcome.media.map(\.url) == ["/a.png", "/page", "/b.jpg"].map { server.baseURL + $0 })
        #expect(outcome.media.filter { if case .refused = $0.outcome { true } else { false } }.count == 1)
        #expect(cache.files().count == 2)
        #expect(outcome.summary == "1 source: 1 ok; media: 2 stored, 0 cached, 1 refused, 0 evicted")
        #expect(try database.cachedContent().count == 3, "content is stored whatever its images do")
    }

    @Test("past the quota the least recently used images go: an image not in the content any more before the latest")
    func quota() throws {
        let server = try TLSTestServer(
            files: Dictionary(
                uniqueKeysWithValues: (0..<4).map { index in
                    (
                        "/\(index).png",
                        TLSTestServer.File(contentType: "image/png", body: TestImages.png + [UInt8](repeating: UInt8(index), count: 300_000))
                    )
                }))
        let directory = try TemporaryDirectory()
        let cache = MediaCache(folder: directory.file("media"))
        let database = try directory.database()
        let urls = (0..<4).map { server.baseURL + "/\($0).png" }
        // Given a 1 MiB quota and, yesterday, images 2 and 3 of the content of the time
        let yesterday = try Self.feed(in: directory, urls: [urls[2], urls[3]])
        _ = try Prefetcher(database: database, config: Self.config(yesterday, server: server, on: true, quota: 1 << 20), media: cache)
            .run(now: Self.now - 86_400_000)
        #expect(cache.files().count == 2)
        // When today's content shows images 0, 1 and 2 (3 is gone from it)
        let today = try Self.feed(in: directory, urls: [urls[0], urls[1], urls[2]])
        let outcome = try Prefetcher(database: database, config: Self.config(today, server: server, on: true, quota: 1 << 20), media: cache)
            .run(now: Self.now)
        // Then image 3, used least recently, is evicted and today's three stay (900 KB ≤ 1 MiB)
        #expect(outcome.mediaEvicted == 1)
        #expect(outcome.media.map(\.outcome) == [.stored(300_069), .stored(300_069), .cached])
        #expect(Set(cache.files().map(\.name)) == Set(urls.prefix(3).map { MediaCache.name(for: $0, type: .png) }))
        #expect(cache.file(for: urls[3]) == nil)
        #expect(server.requestedPaths().sorted() == ["/0.png", "/1.png", "/2.png", "/3.png"])
    }
}
