import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Tokens and secrets from the environment and files; missing ones; values never shown.
@Suite struct WebhookSecretTests {
    typealias F = WebhookFixture

    @Test("A token from the environment is sent as a bearer token")
    func tokenFromEnvironment() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .ntfy, token: .environment("T")), environment: ["T": "env-token"])
        #expect(await channel.state() == .available)
        #expect(try await F.sendOne(channel).outcome == .delivered)
        #expect(try F.onlyRequest(server).header("Authorization") == "Bearer env-token")
    }

    @Test("A token from a file is sent with trailing white space trimmed")
    func tokenFromFile() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("file-token \n\t\n", to: "token")
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .gotify, token: .file(path)), environment: [:])
        #expect(await channel.state() == .available)
        #expect(try await F.sendOne(channel).outcome == .delivered)
        #expect(try F.onlyRequest(server).header("X-Gotify-Key") == "file-token")
    }

    @Test("A missing variable makes the channel unavailable, naming it; nothing is sent")
    func missingVariable() async throws {
        let server = try F.server()
        defer { server.stop() }
        let channel = WebhookChannel(
            target: F.target(server.baseURL, .json, token: .environment("PRESENT"), secret: .environment("MISSING_SECRET")),
            environment: ["PRESENT": "present-value"])
        guard case .unavailable(let reason, let fix) = await channel.state() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("MISSING_SECRET"))
        #expect(reason.contains("webhook:phone"))
        #expect(fix.contains("MISSING_SECRET"))
        #expect(!reason.contains("present-value") && !fix.contains("present-value"))
        let results = await channel.send([F.item("a"), F.item("b")].messages, now: F.now)
        #expect(results.map(\.id) == ["a", "b"])
        #expect(results.allSatisfy { $0.outcome == .unavailable(reason) })
        #expect(server.requests.isEmpty)
    }

    @Test("An empty variable, a missing file and an empty file are unavailable, naming the source")
    func unusableSources() async throws {
        let directory = try TemporaryDirectory()
        let empty = try directory.write(" \n", to: "empty")
        let missing = directory.file("absent")
        let cases: [(SecretSource, String)] = [(.environment("EMPTY"), "EMPTY"), (.file(missing), missing), (.file(empty), empty)]
        for (source, named) in cases {
            let channel = WebhookChannel(target: F.target("https://hooks.example/x", .json, secret: source), environment: ["EMPTY": ""])
            guard case .unavailable(let reason, _) = await channel.state() else {
                Issue.record("expected unavailable for \(named)")
                continue
            }
            #expect(reason.contains(named))
        }
    }

    @Test("The answer to a request with a token keeps only its status: nothing of an echoing body")
    func echoedTokenNotKept() async throws {
        let server = try HTTPTestServer { request in
            TestHTTPResponse.text("bad auth header: \(request.header("Authorization") ?? "")", status: 400)
        }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .json, token: .environment("T")), environment: ["T": "tok-XYZ"])
        let result = try await F.sendOne(channel)
        #expect(result.outcome == .failed("HTTP 400 from 127.0.0.1: Bad Request"))
    }

    /// A token with the characters JSON and URLs escape.
    static let token = "Ab/Cd+Ef/9Qx7Lm2Zp4Rt8Vw3Ky6"

    /// Status, the echo of the token in the body, and the outcome expected.
    static let statuses: [(Int, String, ChannelResult.Outcome)] = [
        (401, token.replacing("/", with: "\\/"), .failed("HTTP 401 from 127.0.0.1: Unauthorized")),
        (403, token.lowercased(), .failed("HTTP 403 from 127.0.0.1: Forbidden")),
        (418, String(token.dropFirst(4)), .failed("HTTP 418 from 127.0.0.1")),
        (
            500, token.replacing("/", with: "%2F").replacing("+", with: "%2B"),
            .transient("HTTP 500 from 127.0.0.1: Internal Server Error", retryAfter: 30_000)
        ),
        (503, String(token.dropLast(4)).uppercased(), .transient("HTTP 503 from 127.0.0.1: Service Unavailable", retryAfter: 30_000)),
    ]

    @Test("Statuses of credentialed requests read as their phrase; the Retry-After still counts", arguments: statuses)
    func credentialedStatus(status: Int, echo: String, expected: ChannelResult.Outcome) async throws {
        let server = try HTTPTestServer { _ in
            TestHTTPResponse(status: status, headers: [("Retry-After", "30")], body: Array("token \(echo) refused".utf8))
        }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .json, token: .environment("T")), environment: ["T": Self.token])
        #expect(try await F.sendOne(channel).outcome == expected)
    }

    @Test("A signing secret alone makes a request credentialed; a Slack or Discord URL does too; a plain target keeps the body")
    func whatIsCredentialed() {
        let secret = WebhookCredentials(token: nil, secret: WebhookSecret(value: "signing-secret-1234"))
        let signed = WebhookChannel(target: F.target("https://hooks.example/x", .json), credentials: .success(secret), userAgent: "t")
        #expect(
            signed.job(for: Message(record: F.item("a")), credentials: secret, now: F.now).reasons.status(400, body: Array("no".utf8))
                == "HTTP 400 from hooks.example: Bad Request")
        for format in [WebhookFormat.slack, .discord] {
            let channel = WebhookChannel(target: F.target("https://hooks.example/services/T0/B0/SECRETPATH", format), environment: [:])
            let reasons = channel.job(for: Message(record: F.item("a")), credentials: WebhookCredentials(), now: F.now).reasons
            #expect(reasons.status(404, body: Array("no such hook /services/T0/B0/SECRETPATH".utf8)) == "HTTP 404 from hooks.example: Not Found")
            #expect(reasons.scrub("error for %2Fservices%2FT0%2FB0%2FSECRETPATH") == "error for [redacted]")
        }
        let plain = WebhookChannel(target: F.target("https://hooks.example/x", .json), environment: [:])
        #expect(
            plain.job(for: Message(record: F.item("a")), credentials: WebhookCredentials(), now: F.now).reasons.status(
                400, body: Array("unknown topic".utf8))
                == "HTTP 400 from hooks.example: unknown topic")
    }

    @Test("A client error quoting the token in any form is redacted")
    func clientErrorRedacted() {
        let credentials = WebhookCredentials(token: WebhookSecret(value: Self.token), secret: nil)
        let channel = WebhookChannel(target: F.target("https://hooks.example/x", .json), credentials: .success(credentials), userAgent: "t")
        let reasons = channel.job(for: Message(record: F.item("a")), credentials: credentials, now: F.now).reasons
        let encoded = Self.token.replacing("/", with: "%2f").replacing("+", with: "%2b")
        #expect(
            reasons.scrub("Could not resolve host for https://hooks.example/x?t=\(encoded)")
                == "Could not resolve host for hooks.example?t=[redacted]")
    }

    @Test("The secret and token never appear in results, platformInfo, state or descriptions")
    func neverShown() async throws {
        let token = "TOKEN-9f8e7d"
        let secret = "SECRET-1a2b3c"
        let server = try HTTPTestServer { request in
            let echo = "\(request.header("Authorization") ?? "") \(request.header("X-Tidings-Signature") ?? "") \(token) \(secret)"
            switch request.header("Idempotency-Key") {
            case "ok": return TestHTTPResponse.text(echo)
            case "bad": return TestHTTPResponse.text(echo, status: 400)
            case "slow": return TestHTTPResponse(status: 200, delay: 2)
            default: return TestHTTPResponse.text(echo, status: 503, headers: [("Retry-After", secret)])
            }
        }
        defer { server.stop() }
        let target = F.target(server.baseURL + "/hook", .json, token: .environment("T"), secret: .environment("S"), timeout: 300)
        let channel = WebhookChannel(target: target, environment: ["T": token, "S": secret])
        let results = await channel.send(["ok", "bad", "slow", "down"].map { F.item($0) }.messages, now: F.now)
        #expect(results.count == 4)

        var shown = results.map { "\($0) \(F.reason($0.outcome) ?? "") \($0.platformInfo ?? "")" }
        shown += [channel.platformInfo, channel.description, String(describing: channel), String(reflecting: channel)]
        shown.append("\(await channel.state())")
        var dumped = ""
        dump(channel, to: &dumped)
        shown.append(dumped)
        for text in shown {
            #expect(!text.contains(token), "token shown in \(text)")
            #expect(!text.contains(secret), "secret shown in \(text)")
        }
        #expect(channel.platformInfo == #"{"channel":"webhook:phone","format":"json","host":"127.0.0.1"}"#)
    }

    @Test("A Slack URL's path never appears in reasons or platformInfo")
    func slackPathHidden() async throws {
        let closed = try F.server()
        let url = closed.baseURL + "/services/T000/B000/SECRETPATH"
        closed.stop()
        let channel = WebhookChannel(target: F.target(url, .slack), environment: [:])
        let result = try await F.sendOne(channel)
        let reason = try #require(F.reason(result.outcome))
        #expect(!reason.contains("SECRETPATH"))
        #expect(reason.contains("127.0.0.1"))
        #expect(!channel.platformInfo.contains("SECRETPATH"))
    }
}
