import Foundation
import Testing
import TidingsHTTP
import TidingsTestSupport

@Suite struct HTTPClientTests {
    @Test func okResponseCarriesBodyAndHeaders() throws {
        let server = try routedServer([
            "/feed": .text("hello", headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=60")])
        ])
        defer { server.stop() }
        let response = try HTTPClient().perform(quickRequest(server.baseURL + "/feed"))
        #expect(response.status == 200)
        #expect(response.text == "hello")
        #expect(response.header("etag") == "\"v1\"")
        #expect(response.header("ETAG") == "\"v1\"")
        #expect(response.header("content-length") == "5")
        #expect(response.header("x-missing") == nil)
        #expect(response.finalURL == server.baseURL + "/feed")
        #expect(response.redirectCount == 0)
        #expect(response.elapsed > 0)
        #expect(server.requests.first?.header("User-Agent") == "Tidings/0.1")
    }

    @Test func conditionalRequestGets304() throws {
        let server = try HTTPTestServer { request in
            request.header("if-none-match") == "\"v1\"" ? TestHTTPResponse(status: 304, headers: [("ETag", "\"v1\"")]) : .text("fresh")
        }
        defer { server.stop() }
        let request = quickRequest(server.baseURL + "/feed", headers: [(name: "If-None-Match", value: "\"v1\"")])
        let response = try HTTPClient().perform(request)
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.header("ETag") == "\"v1\"")
        #expect(server.requests.first?.header("If-None-Match") == "\"v1\"")
    }

    @Test func serverErrorIsAResponse() throws {
        let server = try routedServer(["/boom": .text("broken", status: 500)])
        defer { server.stop() }
        let response = try HTTPClient().perform(quickRequest(server.baseURL + "/boom"))
        #expect(response.status == 500)
        #expect(response.text == "broken")
    }

    @Test func postSendsBody() throws {
        let server = try HTTPTestServer { .text("got \($0.body.count)", status: 201) }
        defer { server.stop() }
        let payload = Array(repeating: UInt8(ascii: "x"), count: 3000) + [0, 255]
        let request = quickRequest(
            server.baseURL + "/submit", method: "POST",
            headers: [(name: "Content-Type", value: "application/octet-stream")], body: payload
        )
        let response = try HTTPClient().perform(request)
        #expect(response.status == 201)
        #expect(response.text == "got 3002")
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.body == payload)
        #expect(received.header("content-type") == "application/octet-stream")
        #expect(received.header("expect") == nil)
    }

    @Test func oneClientServesSeveralRequests() throws {
        let server = try HTTPTestServer { .text("path \($0.path)") }
        defer { server.stop() }
        let client = try HTTPClient()
        for index in 0..<3 {
            #expect(try client.perform(quickRequest(server.baseURL + "/\(index)")).text == "path /\(index)")
        }
        #expect(server.requests.map(\.method) == ["GET", "GET", "GET"])
    }

    @Test func fileURLIsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-http-\(UUID().uuidString).txt").path
        try Data("from disk\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let response = try HTTPClient().perform(quickRequest("file://" + path))
        #expect(response.status == 200)
        #expect(response.text == "from disk\n")
    }

    @Test func missingFileIsANetworkError() {
        let error = failure(of: quickRequest("file:///nonexistent/tidings-\(UUID().uuidString)"))
        #expect(error?.kind == .network)
    }

    @Test func refusedConnectionIsANetworkError() throws {
        // A socket bound but not listening holds the port, so nothing else can take it and
        // every connection to it is refused.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound)
        let url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/feed"
        let error = try #require(failure(of: quickRequest(url)))
        #expect(error.kind == .network)
        #expect(error.curlCode == 7)  // CURLE_COULDNT_CONNECT
        #expect(error.message.contains(url))
    }

    @Test func disallowedURLIsRefusedBeforeConnecting() {
        let error = failure(of: quickRequest("http://example.org/feed"))
        #expect(error?.kind == .refusedURL)
        #expect(error?.curlCode == nil)
    }
}

/// The error `body` throws, or nil when it returns normally.
func caught(_ body: () throws(HTTPError) -> Void) -> HTTPError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// Performs `request` with a fresh client and returns the error, or nil when a response came back.
func failure(of request: HTTPRequest) -> HTTPError? {
    caught { () throws(HTTPError) in
        _ = try HTTPClient().perform(request)
    }
}

/// A request with timeouts short enough for tests against a local server.
func quickRequest(_ url: String, method: String = "GET", headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) -> HTTPRequest {
    HTTPRequest(url: url, method: method, headers: headers, body: body, connectTimeout: 2, totalTimeout: 5)
}

/// A server answering each path from a table, 404 for the rest.
func routedServer(_ routes: [String: TestHTTPResponse]) throws -> HTTPTestServer {
    try HTTPTestServer { request in
        routes[request.path] ?? .text("no route for \(request.path)", status: 404)
    }
}
