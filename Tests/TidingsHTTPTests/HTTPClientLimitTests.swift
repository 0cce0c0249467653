import Testing
import TidingsHTTP
import TidingsTestSupport

@Suite struct HTTPClientLimitTests {
    private func limited(_ url: String, total: Double = 1, maxBody: Int = 1 << 20) -> HTTPRequest {
        HTTPRequest(url: url, connectTimeout: 1, totalTimeout: total, maxBodyBytes: maxBody)
    }

    @Test func slowServerTimesOut() throws {
        let server = try routedServer(["/slow": TestHTTPResponse(status: 200, body: [1], delay: 3)])
        defer { server.stop() }
        let url = server.baseURL + "/slow"
        let error = try #require(failure(of: limited(url)))
        #expect(error.kind == .timeout)
        #expect(error.curlCode == 28)  // CURLE_OPERATION_TIMEDOUT
        #expect(error.message == "timed out after 1 s fetching \(url)")
    }

    @Test func tricklingServerHitsTotalTimeout() async throws {
        let body = Array(repeating: UInt8(ascii: "t"), count: 20)
        let server = try routedServer(["/drip": TestHTTPResponse(body: body, trickle: 0.2)])
        defer { server.stop() }
        let error = failure(of: limited(server.baseURL + "/drip"))
        #expect(error?.kind == .timeout)
        // The client hung up while the body was still trickling in.
        #expect(await waitUntil { server.abandoned == 1 })
    }

    @Test func totalTimeoutSpansRedirectHops() throws {
        let server = try routedServer([
            "/first": TestHTTPResponse(status: 302, headers: [("Location", "/second")], delay: 0.6),
            "/second": TestHTTPResponse(status: 200, body: [1], delay: 0.6),
        ])
        defer { server.stop() }
        let error = failure(of: limited(server.baseURL + "/first"))
        #expect(error?.kind == .timeout)
        #expect(server.requests.map(\.path) == ["/first", "/second"])
    }

    @Test func declaredLengthOverCapIsTooLarge() throws {
        let server = try routedServer(["/big": TestHTTPResponse(body: Array(repeating: 7, count: 5000))])
        defer { server.stop() }
        let error = try #require(failure(of: limited(server.baseURL + "/big", maxBody: 4096)))
        #expect(error.kind == .tooLarge)
        #expect(error.curlCode == 63)  // CURLE_FILESIZE_EXCEEDED, from Content-Length
    }

    @Test func bodyAtCapIsAccepted() throws {
        let server = try routedServer(["/exact": TestHTTPResponse(body: Array(repeating: 7, count: 4096))])
        defer { server.stop() }
        let response = try HTTPClient().perform(limited(server.baseURL + "/exact", maxBody: 4096))
        #expect(response.body.count == 4096)
    }

    @Test func compressedBodyIsDecoded() throws {
        let encoded = DeflateFixture.run(of: UInt8(ascii: "a"), count: 3000)
        let server = try routedServer(["/z": TestHTTPResponse(headers: [("Content-Encoding", "deflate")], body: encoded)])
        defer { server.stop() }
        let response = try HTTPClient().perform(limited(server.baseURL + "/z", maxBody: 4096))
        #expect(response.body == Array(repeating: UInt8(ascii: "a"), count: 3000))
        #expect(server.requests.first?.header("accept-encoding")?.contains("deflate") == true)
    }

    @Test func decodedBodyOverCapIsTooLarge() throws {
        let encoded = DeflateFixture.run(of: UInt8(ascii: "a"), count: 100_000)
        #expect(encoded.count < 4096)
        let server = try routedServer(["/bomb": TestHTTPResponse(headers: [("Content-Encoding", "deflate")], body: encoded)])
        defer { server.stop() }
        let error = try #require(failure(of: limited(server.baseURL + "/bomb", maxBody: 4096)))
        #expect(error.kind == .tooLarge)
        #expect(error.curlCode == 23)  // CURLE_WRITE_ERROR, from the write callback
    }
}
