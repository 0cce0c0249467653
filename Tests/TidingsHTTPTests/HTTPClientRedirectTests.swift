import Testing
import TidingsHTTP
import TidingsTestSupport

@Suite struct HTTPClientRedirectTests {
    private func redirect(_ status: Int = 302, to location: String, headers: [(String, String)] = []) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: [("Location", location)] + headers)
    }

    @Test func followsAChainOfTwo() throws {
        let server = try HTTPTestServer { request in
            switch request.path {
            case "/a": TestHTTPResponse(status: 302, headers: [("Location", "/b"), ("X-Hop", "a")])
            case "/b": TestHTTPResponse(status: 301, headers: [("Location", "/c"), ("X-Hop", "b")])
            default: .text("done", headers: [("X-Final", "yes")])
            }
        }
        defer { server.stop() }
        let request = quickRequest(server.baseURL + "/a", headers: [(name: "X-Trace", value: "t1")])
        let response = try HTTPClient().perform(request)
        #expect(response.status == 200)
        #expect(response.text == "done")
        #expect(response.redirectCount == 2)
        #expect(response.finalURL == server.baseURL + "/c")
        #expect(response.header("x-final") == "yes")
        #expect(response.header("x-hop") == nil)
        #expect(server.requests.map(\.path) == ["/a", "/b", "/c"])
        #expect(server.requests.allSatisfy { $0.header("x-trace") == "t1" })
    }

    @Test func stopsAfterMaxRedirects() throws {
        let server = try HTTPTestServer { request in
            let step = Int(request.path.dropFirst(3)) ?? 0
            return step < 6 ? TestHTTPResponse(status: 302, headers: [("Location", "/r/\(step + 1)")]) : .text("end")
        }
        defer { server.stop() }
        let error = failure(of: quickRequest(server.baseURL + "/r/0"))
        #expect(error?.kind == .tooManyRedirects)
        #expect(server.requests.count == 6)

        var generous = quickRequest(server.baseURL + "/r/0")
        generous.maxRedirects = 6
        let response = try HTTPClient().perform(generous)
        #expect(response.redirectCount == 6)
        #expect(response.text == "end")
    }

    @Test func refusesRedirectThatChangesScheme() throws {
        let server = try routedServer(["/go": redirect(to: "https://example.org/")])
        defer { server.stop() }
        let error = try #require(failure(of: quickRequest(server.baseURL + "/go")))
        #expect(error.kind == .refusedURL)
        #expect(error.message.contains("https://example.org/"))
        #expect(server.requests.count == 1)
    }

    @Test func refusesRedirectToNonLoopbackHTTP() throws {
        let server = try routedServer(["/go": redirect(to: "http://example.org/")])
        defer { server.stop() }
        #expect(failure(of: quickRequest(server.baseURL + "/go"))?.kind == .refusedURL)
    }

    @Test func seeOtherTurnsPostIntoGet() throws {
        let server = try routedServer(["/submit": redirect(303, to: "/result"), "/result": .text("ok")])
        defer { server.stop() }
        let response = try HTTPClient().perform(quickRequest(server.baseURL + "/submit", method: "POST", body: Array("x=1".utf8)))
        #expect(response.text == "ok")
        #expect(server.requests.map(\.method) == ["POST", "GET"])
        #expect(server.requests.last?.body.isEmpty == true)
    }

    @Test func temporaryRedirectRepeatsPost() throws {
        let server = try routedServer(["/submit": redirect(307, to: "/again"), "/again": .text("ok")])
        defer { server.stop() }
        _ = try HTTPClient().perform(quickRequest(server.baseURL + "/submit", method: "POST", body: Array("x=1".utf8)))
        #expect(server.requests.map(\.method) == ["POST", "POST"])
        #expect(server.requests.last?.body == Array("x=1".utf8))
    }

    @Test func credentialsStayWithTheirOrigin() throws {
        let target = try routedServer(["/land": .text("landed")])
        defer { target.stop() }
        let origin = try routedServer(["/start": redirect(to: "http://localhost:\(target.port)/land")])
        defer { origin.stop() }
        let headers = [(name: "Authorization", value: "Bearer secret"), (name: "X-Trace", value: "t2")]
        let response = try HTTPClient().perform(quickRequest(origin.baseURL + "/start", headers: headers))
        #expect(response.text == "landed")
        #expect(origin.requests.first?.header("authorization") == "Bearer secret")
        #expect(target.requests.first?.header("authorization") == nil)
        #expect(target.requests.first?.header("x-trace") == "t2")
    }
}
