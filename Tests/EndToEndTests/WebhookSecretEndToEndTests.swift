import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

/// Receivers that echo the token and the signing secret back, in every encoding, through
/// the built programs: no form of either reaches the database, a log, stderr, report or doctor.
@Suite struct WebhookSecretEndToEndTests {
    /// Characters JSON escapes (`/`) and URLs encode (`/`, `+`, `=`).
    static let token = "Ab/Cd+Ef/9Qx7Lm2Zp4Rt8Vw3Ky6="
    static let secret = "sig/Secret+Value/0123456789xyz"

    /// `text` with every byte outside letters, digits and `-_.~` percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        text.utf8.map { byte in
            let scalar = Unicode.Scalar(byte)
            let plain = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.~".unicodeScalars.contains(scalar))
            return plain ? String(scalar) : String(format: "%%%02X", byte)
        }.joined()
    }

    /// `text` as a JSON encoder that escapes `/` writes it.
    static func jsonEscaped(_ text: String) -> String { text.replacing("/", with: "\\/") }

    /// Each secret's forms a receiver below echoes: the ones that must be found nowhere.
    static func forms(of value: String) -> [String] {
        [
            value, jsonEscaped(value), percentEncoded(value), value.lowercased(), value.uppercased(),
            String(value.dropFirst(4)), String(value.dropLast(4)), String(value.dropFirst(2).dropLast(2)),
            jsonEscaped(value).lowercased(), percentEncoded(String(value.dropFirst(3))),
        ]
    }

    /// The receiver: each target's path answers another status and echoes the credentials another way.
    static func receiver() throws -> HTTPTestServer {
        try HTTPTestServer { request in
            let authorization = request.header("Authorization") ?? ""
            switch request.path {
            case "/a": return .text(#"{"error":"invalid token \#(jsonEscaped(token))"}"#, status: 401)
            case "/b": return .text("token=\(percentEncoded(token))&secret=\(percentEncoded(secret))", status: 500)
            case "/c": return .text("TOKEN \(token.uppercased()) or \(token.lowercased()); \(secret.uppercased())", status: 403)
            case "/d": return .text("cut: \(token.dropFirst(4)) \(token.dropLast(4)) \(secret.dropFirst(3).dropLast(3))", status: 422)
            case "/e": return .text(#"{"seen":"\#(jsonEscaped(authorization))","secret":"\#(secret.replacing("+", with: "\\u002B"))"}"#, status: 400)
            default:
                return .text(
                    "\(authorization) \(request.header("X-Tidings-Signature") ?? "") \(token) \(secret)", status: 503,
                    headers: [("Retry-After", "30")])
            }
        }
    }

    /// The reasons the six targets end with: each status and its phrase, nothing of the bodies.
    static let reasons: Set<String> = [
        "HTTP 401 from 127.0.0.1: Unauthorized", "HTTP 403 from 127.0.0.1: Forbidden", "HTTP 422 from 127.0.0.1: Unprocessable Content",
        "HTTP 400 from 127.0.0.1: Bad Request", "gave up after 2 attempts: HTTP 500 from 127.0.0.1: Internal Server Error",
        "gave up after 2 attempts: HTTP 503 from 127.0.0.1: Service Unavailable",
    ]

    static func config(_ server: HTTPTestServer) -> String {
        let names = ["a", "b", "c", "d", "e", "f"]
        var text = "[routes]\nsystem = [\(names.map { "\"webhook:\($0)\"" }.joined(separator: ", "))]\n"
        for name in names {
            text += """
                [[webhooks]]
                name = "\(name)"
                url = "\(server.baseURL)/\(name)"
                format = "json"
                token_env = "HOOK_TOKEN"
                secret_env = "HOOK_SECRET"
                max_attempts = 2
                fallback = "none"

                """
        }
        return text
    }

    /// Every file under `folder` (the database, its -wal, the cache, logs), as bytes.
    static func files(under folder: String) -> [(path: String, bytes: [UInt8])] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [(String, [UInt8])] = []
        while let relative = enumerator?.nextObject() as? String {
            let path = folder + "/" + relative
            if let data = FileManager.default.contents(atPath: path) { files.append((path, Array(data))) }
        }
        return files
    }

    /// Requires that no form of the token or the secret is in `bytes` (found byte for byte, or by the redactor).
    static func expectNoSecret(in bytes: [UInt8], _ place: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for form in forms(of: token) + forms(of: secret) {
            #expect(!bytes.containsBytes(Array(form.utf8)), "\(form) in \(place)", sourceLocation: sourceLocation)
        }
        let redactor = SecretRedactor(secrets: [token, secret])
        #expect(!redactor.reveals(String(decoding: bytes, as: UTF8.self)), "a form of a secret in \(place)", sourceLocation: sourceLocation)
    }

    @Test("Six receivers echo the token and the secret (JSON-escaped, URL-encoded, other case, cut short): none of it is kept or shown")
    func echoesNeverKept() async throws {
        let server = try Self.receiver()
        defer { server.stop() }
        var pipeline = try Pipeline(config: Self.config(server))
        pipeline.runner.environment["HOOK_TOKEN"] = Self.token
        pipeline.runner.environment["HOOK_SECRET"] = Self.secret

        // Given a daily item sent to six targets that answer 401, 500, 403, 422, 400 and 503
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let first = try await pipeline.run("deliver", "--now", "2026-11-22T07:30", "-v")
        // When the two that may be retried are, and give up
        let second = try await pipeline.run("deliver", "--now", "2026-11-22T09:00", "-v")
        #expect(server.requests.count == 8, "six sends and two retries")
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer \(Self.token)" })

        // Then the reasons say what happened, with nothing of the answers
        #expect(Self.reasons.contains { first.stderr.contains("first failure: \($0)") }, "\(first.stderr)")
        #expect(Self.reasons.contains { second.stderr.contains("first failure: \($0)") }, "\(second.stderr)")
        Self.expectNoSecret(in: Array(first.stderr.utf8) + Array(first.stdout.utf8), "the first deliver's output")
        Self.expectNoSecret(in: Array(second.stderr.utf8) + Array(second.stdout.utf8), "the second deliver's output")

        // And neither the database (with its WAL) nor any other file holds them
        let stored = Self.files(under: pipeline.folder.path)
        #expect(Pipeline.engine == .postgresql || stored.contains { $0.path.hasSuffix("tidings.sqlite") })
        for file in stored where !file.path.hasSuffix("config.toml") && !file.path.hasSuffix("pgpass") {
            Self.expectNoSecret(in: file.bytes, file.path)
        }
        for (name, bytes) in try pipeline.storedBytes() { Self.expectNoSecret(in: Array(bytes), name) }

        // Nor report, doctor or the run log
        let window = ["--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00", "--now", "2026-11-22T10:00"]
        let table = try await pipeline.runner.run("report", ["--by", "channel"] + window)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("HTTP 401 from 127.0.0.1: Unauthorized"), "\(table.stdout)")
        let json = try await pipeline.runner.run("report", ["--by", "channel", "--format", "json"] + window)
        let channels = try #require(try JSONObject(json.stdout)["channels"] as? [[String: Any]])
        let reasons = Set(channels.flatMap { ($0["reasons"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String } })
        #expect(reasons.isSuperset(of: Self.reasons), "\(reasons)")
        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-22T10:00")
        let doctorJSON = try await pipeline.run("tidings", "doctor", "--format", "json", "--now", "2026-11-22T10:00")
        let log = try await pipeline.run("tidings", "log", "--stage", "deliver")
        for (name, result) in [("report", table), ("report json", json), ("doctor", doctor), ("doctor json", doctorJSON), ("log", log)] {
            Self.expectNoSecret(in: Array(result.stdout.utf8) + Array(result.stderr.utf8), name)
        }
        for file in Self.files(under: pipeline.folder.path) where !file.path.hasSuffix("config.toml") {
            Self.expectNoSecret(in: file.bytes, file.path + " after report and doctor")
        }
    }
}
