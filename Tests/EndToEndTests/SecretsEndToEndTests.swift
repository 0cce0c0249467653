import Foundation
import Testing
import TidingsTestSupport

/// Planted secrets never come out: not in any program's output, not in the database.
@Suite struct SecretsEndToEndTests {
    static let token = "tok-PLANTED-5f1c9a"
    static let signing = "hmac-PLANTED-77b2e0"

    @Test("A full run with a token and a signing secret: no output, log, report, doctor line or database byte holds either")
    func neverShown() async throws {
        // A receiver that refuses the token and echoes it back, as careless servers do.
        let server = try HTTPTestServer { request in
            .text("bad credentials: \(request.header("Authorization") ?? "") sig \(request.header("X-Tidings-Signature") ?? "")", status: 401)
        }
        defer { server.stop() }
        var pipeline = try Pipeline(
            config: """
                [routes]
                system = ["webhook:hook"]
                [[sources]]
                name = "daily"
                url = "file:today.json"
                [[webhooks]]
                name = "hook"
                url = "\(server.baseURL)/hook?auth=\(Self.token)"
                format = "ntfy"
                token_env = "HOOK_TOKEN"
                secret_file = "signing.key"
                """)
        try pipeline.folder.write("\(Self.signing)\n", to: "signing.key")
        try pipeline.folder.write(Feed.item(id: "1", title: "News", body: "Body"), to: "today.json")
        pipeline.runner.environment["HOOK_TOKEN"] = Self.token

        var outputs: [ProgramResult] = []
        func run(_ arguments: String...) async throws {
            outputs.append(try await pipeline.runner.run(arguments[0], Array(arguments.dropFirst())))
        }
        try await run("prefetch", "--now", "2026-11-22T06:00", "-v")
        try await run("plan", "--now", "2026-11-22T06:00", "-v")
        try await run("deliver", "--now", "2026-11-22T07:30", "-v")
        try await run("tidings", "test", "--stdout")
        for format in ["table", "json", "prometheus"] {
            try await run("report", "--format", format, "--by", "channel", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00")
        }
        try await run("report", "--format", "nagios", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00")
        try await run("tidings", "log", "--format", "json")
        try await run("tidings", "doctor")
        try await run("tidings", "doctor", "--format", "json")
        try await run("tidings", "inbox", "--all", "--format", "json")

        #expect(server.requests.count >= 2, "the webhook was tried (and refused)")
        #expect(server.requests.first?.header("Authorization") == "Bearer \(Self.token)", "the token did reach the receiver")
        #expect(outputs.allSatisfy { $0.status != 64 }, "every command ran")
        #expect(outputs.contains { $0.stderr.contains("401") || $0.stdout.contains("401") }, "the refusal is reported")
        for output in outputs {
            for secret in [Self.token, Self.signing] {
                #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret), "\(output.stdout)\(output.stderr)")
            }
        }
        let stored = try pipeline.storedBytes()
        #expect(!stored.isEmpty)
        for (name, bytes) in stored {
            for secret in [Self.token, Self.signing] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(name) holds a secret")
            }
        }
    }
}
