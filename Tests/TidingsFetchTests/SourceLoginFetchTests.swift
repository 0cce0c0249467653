import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsHTTP
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// Calendars behind a login: HTTP Basic with an app password, a bearer token; secrets never in
/// what is recorded, never sent to another host.
@Suite struct SourceLoginFetchTests {
    static let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261124T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    static let password = "s3cret-app-passw0rd"
    static let basic = "Basic " + Data("ann:\(password)".utf8).base64EncodedString()

    static func fetch(_ source: TidingsConfig.Source, environment: [String: String] = [:]) throws -> FetchResult {
        SourceFetcher(client: try HTTPClient(), environment: environment).fetch(source, state: nil, now: FetchFixture.now, budget: 60_000)
    }

    static func source(_ url: String, _ login: TidingsConfig.SourceLogin) -> TidingsConfig.Source {
        var source = TidingsConfig.Source(name: "work", type: .calendar, url: url)
        source.login = login
        return source
    }

    @Test("HTTP Basic with the password from a file; a wrong one is a clear error that keeps the last good copy")
    func basicLogin() throws {
        let server = try HTTPTestServer { request in
            request.headers["authorization"] == Self.basic
                ? TestHTTPResponse(status: 200, body: Array(Self.calendar.utf8))
                : TestHTTPResponse(status: 401, headers: [("WWW-Authenticate", "Basic realm=\"cal\"")])
        }
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let good = try directory.write(Self.password + "\n", to: "app-password")
        let ok = try Self.fetch(Self.source(server.baseURL + "/ann/work.ics", .basic(username: "ann", password: .file(good))))
        #expect(ok.attempt.outcome == .ok)

        let wrong = try directory.write("wrong-9f3k2l1x", to: "wrong")
        let refused = try Self.fetch(Self.source(server.baseURL + "/ann/work.ics", .basic(username: "ann", password: .file(wrong))))
        #expect(refused.attempt.outcome == .httpStatus)
        #expect(
            refused.attempt.reason?.hasSuffix("the server refused the login (check the username and the password or token)") == true,
            "\(refused.attempt.reason ?? "")")
        if case .keep = refused.update {} else { Issue.record("the last good copy was not kept") }
    }

    @Test("a bearer token from a variable; an unset variable is named, nothing is sent")
    func bearerLogin() throws {
        let seen = Mutex<[String]>([])
        let server = try HTTPTestServer { request in
            seen.withLock { $0.append(request.headers["authorization"] ?? "none") }
            return TestHTTPResponse(status: 200, body: Array(Self.calendar.utf8))
        }
        defer { server.stop() }
        let source = Self.source(server.baseURL + "/work.ics", .bearer(.environment("CAL_TOKEN")))
        #expect(try Self.fetch(source, environment: ["CAL_TOKEN": "tok-123456789"]).attempt.outcome == .ok)
        let unset = try Self.fetch(source)
        #expect(unset.attempt.reason == "cannot log in: the token variable CAL_TOKEN is not set")
        #expect(seen.withLock { $0 } == ["Bearer tok-123456789"])
    }

    @Test("a secret the server sends back, plain or base64-encoded, is not recorded")
    func echoedSecretRedacted() throws {
        let encoded = Data("ann:\(Self.password)".utf8).base64EncodedString()
        let server = try HTTPTestServer { request in
            if request.path.hasPrefix("/denied") { return TestHTTPResponse(status: 403) }
            return TestHTTPResponse(status: 302, headers: [("Location", "/denied?as=\(encoded)&pw=\(Self.password)")])
        }
        defer { server.stop() }
        let result = try Self.fetch(
            Self.source(server.baseURL + "/work.ics", .basic(username: "ann", password: .environment("PW"))),
            environment: ["PW": Self.password])
        let reason = try #require(result.attempt.reason)
        #expect(reason.contains("HTTP 403"))
        #expect(!reason.contains(Self.password) && !reason.contains(encoded), "\(reason)")
        #expect(reason.contains(SecretRedactor.placeholder))
    }

    @Test("a redirect to another host does not carry the login")
    func noLoginToAnotherHost() throws {
        let seen = Mutex<[String]>([])
        let other = try HTTPTestServer { request in
            seen.withLock { $0.append(request.headers["authorization"] ?? "none") }
            return TestHTTPResponse(status: 200, body: Array(Self.calendar.utf8))
        }
        defer { other.stop() }
        let elsewhere = other.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/work.ics"
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 302, headers: [("Location", elsewhere)]) }
        defer { server.stop() }
        let result = try Self.fetch(
            Self.source(server.baseURL + "/work.ics", .basic(username: "ann", password: .environment("PW"))),
            environment: ["PW": Self.password])
        #expect(result.attempt.outcome == .ok)
        #expect(seen.withLock { $0 } == ["none"])
    }
}
