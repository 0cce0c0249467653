import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// Every way a fetch can fail is an attempt row with its outcome and reason, and keeps the cache.
@Suite struct SourceFetcherFailureTests {
    @Test("500: http_status with the status, a reason naming the URL, and .keep")
    func serverError() throws {
        let f = try FetchFixture { _ in .text("broken", status: 500) }
        let result = try f.fetch(f.source("/boom"))
        #expect(result.attempt.outcome == .httpStatus)
        #expect(result.attempt.httpStatus == 500)
        #expect(result.attempt.bytes == 6)
        #expect(result.attempt.reason == "HTTP 500 from \(f.url("/boom"))")
        #expect(result.update.kind == "keep")
    }

    @Test("After a redirect the http_status reason names the final URL")
    func serverErrorAfterRedirect() throws {
        let f = try FetchFixture { request in
            request.path == "/moved" ? TestHTTPResponse(status: 302, headers: [("Location", "/gone")]) : .text("", status: 404)
        }
        let result = try f.fetch(f.source("/moved"))
        #expect(result.attempt.httpStatus == 404)
        #expect(result.attempt.reason == "HTTP 404 from \(f.url("/gone"))")
    }

    @Test("A body over 1 MiB is too_large, and nothing is kept from it")
    func tooLarge() throws {
        let body = [UInt8](repeating: UInt8(ascii: " "), count: SourceFetcher.maxContentBytes + 1)
        let f = try FetchFixture { _ in TestHTTPResponse(status: 200, body: body) }
        let result = try f.fetch(f.source())
        #expect(result.attempt.outcome == .tooLarge)
        #expect(result.attempt.httpStatus == nil)
        #expect(result.attempt.reason?.contains("1048576 bytes") == true)
        #expect(result.update.kind == "keep")
    }

    @Test("A response slower than the source's 1000 ms timeout is a timeout")
    func sourceTimeout() throws {
        let f = try FetchFixture { _ in TestHTTPResponse(status: 200, body: Array("{}".utf8), delay: 1.5) }
        let result = try f.fetch(f.source(timeout: 1000))
        #expect(result.attempt.outcome == .timeout)
        #expect(result.attempt.httpStatus == nil)
        #expect(result.attempt.reason == "timed out after 1 s fetching \(f.url())")
        #expect(result.attempt.durationMs >= 900 && result.attempt.durationMs < 1500)
        #expect(result.update.kind == "keep")
    }

    @Test("The run's remaining budget caps a longer source timeout")
    func budgetCapsTimeout() throws {
        let f = try FetchFixture { _ in TestHTTPResponse(status: 200, body: Array("{}".utf8), delay: 1.0) }
        let result = try f.fetch(f.source(timeout: 30_000), budget: 300)
        #expect(result.attempt.outcome == .timeout)
        #expect(result.attempt.reason == "timed out after 0.3 s fetching \(f.url())")
        #expect(result.attempt.durationMs < 900)
    }

    static let title81 = String(repeating: "t", count: 81)

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let name: String
        let body: [UInt8]
        let reason: String
        init(_ name: String, _ body: [UInt8], _ reason: String) {
            self.name = name
            self.body = body
            self.reason = reason
        }
        var testDescription: String { name }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase("not JSON", Array("not json".utf8), "invalid content: not valid JSON"),
        InvalidCase("invalid UTF-8", [0x7B, 0xFF, 0xFE, 0x7D], "invalid content: not valid UTF-8"),
        InvalidCase(
            "81-char title in a list", Array(feed([("a", title81)]).utf8),
            "invalid content: items[0].title: longer than 80 characters (81)"),
        InvalidCase(
            "81-char title, single object",
            Array("{\"id\":\"a\",\"title\":\"\(title81)\",\"body\":\"b\",\"scheduledTime\":0}".utf8),
            "invalid content: title: longer than 80 characters (81)"),
        InvalidCase(
            "missing body", Array("{\"items\":[{\"id\":\"a\",\"title\":\"T\",\"scheduledTime\":0}]}".utf8),
            "invalid content: items[0].body: missing"),
        InvalidCase("empty list", Array("{\"version\":1,\"items\":[]}".utf8), "invalid content: items: no items"),
    ]

    @Test("Invalid content is refused with a reason naming the field", arguments: invalidCases)
    func invalid(c: InvalidCase) throws {
        let (body, reason) = (c.body, c.reason)
        let f = try FetchFixture { _ in TestHTTPResponse(status: 200, body: body) }
        let result = try f.fetch(f.source())
        #expect(result.attempt.outcome == .invalid)
        #expect(result.attempt.httpStatus == 200)
        #expect(result.attempt.bytes == body.count)
        #expect(result.attempt.reason?.hasPrefix(reason) == true, "\(result.attempt.reason ?? "nil")")
        #expect(result.update.kind == "keep")
    }

    @Test("A title of exactly 80 characters is accepted")
    func title80() throws {
        let f = try FetchFixture { _ in json(feed([("a", String(repeating: "t", count: 80))])) }
        let result = try f.fetch(f.source())
        #expect(result.attempt.outcome == .ok)
        #expect(result.update.replaced?.items.first?.title.count == 80)
    }

    @Test("A redirect from http://127.0.0.1 to https:// is refused as a network failure")
    func redirectToHTTPS() throws {
        let f = try FetchFixture { _ in TestHTTPResponse(status: 302, headers: [("Location", "https://example.org/feed")]) }
        let result = try f.fetch(f.source())
        #expect(f.server.requests.count == 1)
        #expect(result.attempt.outcome == .network)
        #expect(result.attempt.httpStatus == nil)
        let reason = try #require(result.attempt.reason)
        #expect(reason.hasPrefix("refused redirect from \(f.url()) to https://example.org/feed"))
        #expect(reason.contains("changes the scheme from http to https"))
        #expect(result.update.kind == "keep")
    }

    @Test(
        "A non-loopback http URL is refused before any request",
        arguments: ["http://example.org/feed", "http://10.0.0.1/feed", "http://localhost.example.org/feed"])
    func nonLoopbackHTTP(url: String) throws {
        let f = try FetchFixture { _ in json(feed([("a", "Title")])) }
        let source = TidingsConfig.Source(name: "daily", url: url, timeout: 1000)
        let result = try f.fetch(source)
        #expect(result.attempt.outcome == .network)
        #expect(result.attempt.reason?.hasPrefix("refused URL: http: is only allowed to this machine") == true)
        #expect(result.attempt.httpStatus == nil)
        #expect(result.attempt.bytes == 0)
        #expect(result.attempt.durationMs < 100)
        #expect(result.update.kind == "keep")
        #expect(f.server.requests.isEmpty)
    }

    @Test("A connection refused on loopback is a network failure")
    func connectionRefused() throws {
        let f = try FetchFixture { _ in json("{}") }
        let url = f.url()
        f.server.stop()
        let result = try f.fetch(TidingsConfig.Source(name: "daily", url: url, timeout: 1000))
        #expect(result.attempt.outcome == .network)
        #expect(result.attempt.reason?.contains(url) == true)
        #expect(result.update.kind == "keep")
    }
}
