import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// Successful fetches and conditional GET: what is sent and what reaches the cache.
@Suite struct SourceFetcherTests {
    static let etag = "\"v1\""
    static let lastModified = "Sat, 21 Nov 2026 06:00:00 GMT"

    @Test("200 with valid content: ok, .replace with the items stamped with now, validators captured")
    func okReplaces() throws {
        let body = feed([("a", "Morning news"), ("b", "Evening news")])
        let f = try FetchFixture { _ in
            json(body, headers: [("ETag", SourceFetcherTests.etag), ("Last-Modified", SourceFetcherTests.lastModified)])
        }
        let result = try f.fetch(f.source())
        #expect(result.attempt.source == "daily")
        #expect(result.attempt.outcome == .ok)
        #expect(result.attempt.httpStatus == 200)
        #expect(result.attempt.bytes == body.utf8.count)
        #expect(result.attempt.startedAt == FetchFixture.now)
        #expect(result.attempt.reason == nil)
        let replaced = try #require(result.update.replaced)
        #expect(replaced.items.map(\.id) == ["a", "b"])
        #expect(replaced.items.map(\.title) == ["Morning news", "Evening news"])
        #expect(replaced.items.map(\.body) == ["Body of a.", "Body of b."])
        #expect(replaced.items.allSatisfy { $0.scheduledTime == 1_795_330_800_000 })
        #expect(replaced.items.allSatisfy { $0.fetchTime == FetchFixture.now })
        #expect(replaced.etag == Self.etag)
        #expect(replaced.lastModified == Self.lastModified)
    }

    @Test("200 without validators: .replace with nil etag and last-modified")
    func okWithoutValidators() throws {
        let f = try FetchFixture { _ in json(feed([("a", "Title")])) }
        let replaced = try #require(try f.fetch(f.source()).update.replaced)
        #expect(replaced.items.count == 1)
        #expect(replaced.etag == nil)
        #expect(replaced.lastModified == nil)
    }

    @Test("The request is a GET asking for JSON, with a User-Agent starting Tidings/, no validators on a first fetch")
    func requestShape() throws {
        let f = try FetchFixture { _ in json(feed([("a", "Title")])) }
        _ = try f.fetch(f.source("/news.json"))
        let request = try #require(f.server.requests.first)
        #expect(f.server.requests.count == 1)
        #expect(request.method == "GET")
        #expect(request.path == "/news.json")
        #expect(request.header("Accept") == "application/json")
        #expect(request.header("User-Agent")?.hasPrefix("Tidings/") == true)
        #expect(request.header("User-Agent") == SourceFetcher.userAgent)
        #expect(request.header("If-None-Match") == nil)
        #expect(request.header("If-Modified-Since") == nil)
    }

    @Test("Stored validators for the same URL are sent; 304 is not_modified and confirms the cache")
    func conditional304() throws {
        let f = try FetchFixture { request in
            request.header("If-None-Match") == SourceFetcherTests.etag
                ? TestHTTPResponse(status: 304, headers: [("ETag", SourceFetcherTests.etag)])
                : json(feed([("new", "Changed")]))
        }
        try f.seed(url: f.url(), etag: Self.etag, lastModified: Self.lastModified, at: FetchFixture.now - 3_600_000)
        let result = try f.fetch(f.source())
        let request = try #require(f.server.requests.first)
        #expect(request.header("If-None-Match") == Self.etag)
        #expect(request.header("If-Modified-Since") == Self.lastModified)
        #expect(result.attempt.outcome == .notModified)
        #expect(result.attempt.httpStatus == 304)
        #expect(result.attempt.bytes == 0)
        #expect(result.attempt.reason == nil)
        #expect(result.update.kind == "confirm")
    }

    @Test("Only the validators that are stored are sent")
    func onlyLastModified() throws {
        let f = try FetchFixture { _ in TestHTTPResponse(status: 304) }
        try f.seed(url: f.url(), etag: nil, lastModified: Self.lastModified, at: FetchFixture.now - 60_000)
        _ = try f.fetch(f.source())
        let request = try #require(f.server.requests.first)
        #expect(request.header("If-None-Match") == nil)
        #expect(request.header("If-Modified-Since") == Self.lastModified)
    }

    @Test("Validators stored for a different URL are not sent")
    func differentURL() throws {
        let f = try FetchFixture { _ in json(feed([("a", "Title")])) }
        try f.seed(url: "https://example.org/old.json", etag: Self.etag, lastModified: Self.lastModified, at: FetchFixture.now - 60_000)
        let result = try f.fetch(f.source())
        let request = try #require(f.server.requests.first)
        #expect(request.header("If-None-Match") == nil)
        #expect(request.header("If-Modified-Since") == nil)
        #expect(result.attempt.outcome == .ok)
        #expect(result.update.kind == "replace")
    }

    @Test("304 with no stored state answers no question: an http_status failure, the cache kept")
    func notModifiedWithoutState() throws {
        let f = try FetchFixture { _ in TestHTTPResponse(status: 304) }
        let result = try f.fetch(f.source())
        #expect(result.attempt.outcome == .httpStatus)
        #expect(result.attempt.reason?.contains("without validators") == true)
        #expect(result.attempt.httpStatus == 304)
        #expect(result.update.kind == "keep")
    }

    @Test("304 to a request without validators confirms nothing: the cache of another URL stays as it was")
    func notModifiedWithoutValidators() throws {
        let f = try FetchFixture { _ in TestHTTPResponse(status: 304) }
        try f.seed(url: "https://example.org/old.json", etag: Self.etag, lastModified: nil, at: FetchFixture.now - 60_000)
        let result = try f.fetch(f.source())
        #expect(f.server.requests.first?.header("If-None-Match") == nil)
        #expect(result.attempt.outcome == .httpStatus)
        #expect(result.update.kind == "keep")
    }

    @Test("A same-scheme redirect on loopback is followed to the content")
    func loopbackRedirect() throws {
        let f = try FetchFixture { request in
            request.path == "/old" ? TestHTTPResponse(status: 301, headers: [("Location", "/feed")]) : json(feed([("a", "Title")]))
        }
        let result = try f.fetch(f.source("/old"))
        #expect(f.server.requests.map(\.path) == ["/old", "/feed"])
        #expect(result.attempt.outcome == .ok)
        #expect(result.update.replaced?.items.map(\.id) == ["a"])
    }

    @Test("A body of exactly 1 MiB is accepted")
    func exactlyOneMiB() throws {
        let head = feed([("a", "Title")])
        let body = head + String(repeating: " ", count: SourceFetcher.maxContentBytes - head.utf8.count)
        let f = try FetchFixture { _ in json(body) }
        let result = try f.fetch(f.source())
        #expect(result.attempt.outcome == .ok)
        #expect(result.attempt.bytes == 1_048_576)
    }
}
