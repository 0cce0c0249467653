import Synchronization
import Testing
import TidingsHTTP
import TidingsTestSupport

/// Many requests at once over kept-alive connections, each keeping the rules of one request.
@Suite struct HTTPMultiClientTests {
    @Test("Two calls of 40 requests at 4 in flight share at most 4 connections")
    func reusesConnections() throws {
        let server = try HTTPTestServer(keepAlive: .always) { request in .text("echo \(request.path)") }
        defer { server.stop() }
        let client = try HTTPMultiClient(maxInFlight: 4)
        for call in 0..<2 {
            let requests = (0..<40).map { quickRequest(server.baseURL + "/item/\(call)-\($0)") }
            let answers = client.perform(requests)
            #expect(answers.count == 40)
            for (index, answer) in answers.enumerated() {
                #expect((try? answer?.get())?.text == "echo /item/\(call)-\(index)")
            }
        }
        #expect(server.requests.count == 80)
        // The server saw far fewer connections than requests: they were kept alive, and the
        // second call found the first call's still open.
        #expect(server.connections >= 1)
        #expect(server.connections <= 4)
    }

    @Test("2xx, 429, 5xx, a timeout and a refused URL in one call each get their own answer")
    func mixedAnswers() throws {
        let server = try HTTPTestServer(keepAlive: .always) { request in
            switch request.path {
            case "/ok": TestHTTPResponse(status: 201)
            case "/busy": TestHTTPResponse(status: 429, headers: [("Retry-After", "7")])
            case "/boom": .text("boom", status: 500)
            case "/slow": TestHTTPResponse(status: 200, delay: 5)
            default: .text("unexpected", status: 404)
            }
        }
        defer { server.stop() }
        var slow = quickRequest(server.baseURL + "/slow")
        slow.totalTimeout = 0.3
        let requests = [
            quickRequest(server.baseURL + "/ok"), slow, quickRequest(server.baseURL + "/busy"),
            quickRequest("http://example.com/hook"), quickRequest(server.baseURL + "/boom"),
        ]
        let answers = try HTTPMultiClient(maxInFlight: 8).perform(requests)
        #expect((try? answers[0]?.get())?.status == 201)
        #expect(failure(answers[1])?.kind == .timeout)
        #expect(failure(answers[1])?.message == "timed out after 0.3 s fetching \(server.baseURL)/slow")
        #expect((try? answers[2]?.get())?.header("retry-after") == "7")
        #expect((try? answers[2]?.get())?.status == 429)
        #expect(failure(answers[3])?.kind == .refusedURL)
        #expect((try? answers[4]?.get())?.text == "boom")
        #expect((try? answers[4]?.get())?.status == 500)
        // The refused URL was never sent; the others were, once each.
        #expect(server.requests.map(\.path).sorted() == ["/boom", "/busy", "/ok", "/slow"])
    }

    @Test("A server closing kept-alive connections mid-run without saying so loses no request")
    func serverClosesKeptAliveConnections() throws {
        let server = try HTTPTestServer(keepAlive: .closingAfter(3)) { request in .text("echo \(request.path)") }
        defer { server.stop() }
        let client = try HTTPMultiClient(maxInFlight: 2)
        let requests = (0..<30).map { quickRequest(server.baseURL + "/n/\($0)") }
        let answers = client.perform(requests)
        for (index, answer) in answers.enumerated() {
            #expect((try? answer?.get())?.text == "echo /n/\(index)")
        }
        #expect(server.requests.count == 30)
        // Three requests a connection at most: at least ten connections.
        #expect(server.connections >= 10)
    }

    @Test("Redirects are followed under the policy, each request on its own chain")
    func redirects() throws {
        let server = try HTTPTestServer(keepAlive: .always) { request in
            switch request.path {
            case "/a": TestHTTPResponse(status: 302, headers: [("Location", "/b")])
            case "/b": TestHTTPResponse(status: 301, headers: [("Location", "/final")])
            case "/away": TestHTTPResponse(status: 302, headers: [("Location", "http://example.com/x")])
            case "/file": TestHTTPResponse(status: 307, headers: [("Location", "file:///etc/hostname")])
            default: .text("at \(request.path)")
            }
        }
        defer { server.stop() }
        var strict = quickRequest(server.baseURL + "/a")
        strict.maxRedirects = 0
        let requests = [
            quickRequest(server.baseURL + "/a"), quickRequest(server.baseURL + "/away"), strict, quickRequest(server.baseURL + "/file"),
        ]
        let answers = try HTTPMultiClient(maxInFlight: 4).perform(requests)
        let followed = try answers[0]?.get()
        #expect(followed?.text == "at /final")
        #expect(followed?.redirectCount == 2)
        #expect(followed?.finalURL == server.baseURL + "/final")
        #expect(failure(answers[1])?.kind == .refusedURL)
        #expect(failure(answers[1])?.message.contains("refused redirect") == true)
        #expect(failure(answers[2])?.kind == .tooManyRedirects)
        #expect(failure(answers[3])?.kind == .refusedURL)
        #expect(!server.requests.map(\.path).contains("/x"))
    }

    @Test("Once stop says so no further request starts; the unstarted ones have no answer")
    func stops() throws {
        let server = try HTTPTestServer(keepAlive: .always) { _ in .text("ok") }
        defer { server.stop() }
        let asked = Mutex(0)
        let requests = (0..<6).map { quickRequest(server.baseURL + "/s/\($0)") }
        let answers = try HTTPMultiClient(maxInFlight: 1).perform(requests) {
            asked.withLock { count in
                count += 1
                return count > 2
            }
        }
        #expect(answers.prefix(2).allSatisfy { (try? $0?.get())?.status == 200 })
        #expect(answers.dropFirst(2).allSatisfy { $0 == nil })
        #expect(server.requests.count == 2)
    }

    private func failure(_ answer: Result<HTTPResponse, HTTPError>?) -> HTTPError? {
        guard case .failure(let error) = answer else { return nil }
        return error
    }
}
