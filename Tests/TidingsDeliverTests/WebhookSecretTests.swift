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
        let results = await channel.send([F.item("a"), F.item("b")], now: F.now)
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

    @Test("A token echoed in a 400 body is redacted in the reason")
    func echoedTokenRedacted() async throws {
        let server = try HTTPTestServer { request in
            TestHTTPResponse.text("bad auth header: \(request.header("Authorization") ?? "")", status: 400)
        }
        defer { server.stop() }
        let channel = WebhookChannel(target: F.target(server.baseURL, .json, token: .environment("T")), environment: ["T": "tok-XYZ"])
        let result = try await F.sendOne(channel)
        #expect(result.outcome == .failed("HTTP 400 from 127.0.0.1: bad auth header: Bearer [redacted]"))
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
        let results = await channel.send(["ok", "bad", "slow", "down"].map { F.item($0) }, now: F.now)
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
