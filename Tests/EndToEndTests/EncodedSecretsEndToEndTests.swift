import Foundation
import Testing
import TidingsTestSupport

/// Secrets echoed back encoded (base64 at any alignment, URL-safe, hex) by hostile SMTP
/// servers and a leaky command never come out: not in any program's output, not in the
/// database or its WAL.
@Suite struct EncodedSecretsEndToEndTests {
    static let password = "smtp-PLANTED-pass-8c1d"
    static let token = "bot-PLANTED-token-41e7"

    /// Every form a secret must never be seen in: as it is; hex in both cases; and base64 at
    /// byte offsets 0, 1 and 2 (standard and URL-safe), less the 4 characters at each end
    /// that also depend on the bytes around it; and the whole of AUTH PLAIN's base64.
    static func forms(_ secret: String) -> [String] {
        let bytes = Array(secret.utf8)
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        var forms = [secret, hex, hex.uppercased(), Data(Array("\0ann\0".utf8) + bytes).base64EncodedString()]
        for offset in 0..<3 {
            let encoded = Data([UInt8](repeating: 0xA5, count: offset) + bytes).base64EncodedString()
            let middle = String(encoded.dropFirst(4).dropLast(4))
            forms += [middle, middle.replacing("+", with: "-").replacing("/", with: "_")]
        }
        return forms
    }

    @Test(
        "535 replies echoing AUTH PLAIN and AUTH LOGIN, a 550 after a login, a command's stderr in base64 and hex: no output, log, report, doctor line or database byte holds the secrets"
    )
    func encodedEchoes() async throws {
        let plain = try HostileSMTPServer(.refusingLogin(mechanism: "PLAIN"))
        let login = try HostileSMTPServer(.refusingLogin(mechanism: "LOGIN"))
        let after = try HostileSMTPServer(.refusingAfterLogin)
        defer { for server in [plain, login, after] { server.stop() } }
        var pipeline = try Pipeline(config: "")
        let script = try CommandEndToEndTests.script(
            pipeline, "leaky.sh",
            """
            cat > /dev/null
            printf 'token %s hex %s HEX %s url %s\\n' "$(printf %s "$BOT_TOKEN" | base64 -w0)" \
              "$(printf %s "$BOT_TOKEN" | od -An -tx1 | tr -d ' \\n')" "$(printf %s "$BOT_TOKEN" | od -An -tx1 | tr -d ' \\n' | tr a-f A-F)" \
              "$(printf 'x%s' "$BOT_TOKEN" | base64 -w0 | tr '+/' '-_' | tr -d =)" >&2
            exit 4
            """)
        func email(_ name: String, _ server: HostileSMTPServer) -> String {
            """
            [[email]]
            name = "\(name)"
            url = "\(server.url)"
            from = "tidings@example.org"
            to = ["ann@example.org"]
            username = "ann"
            password_env = "SMTP_PASSWORD"
            starttls = false
            max_attempts = 1
            fallback = "none"
            """
        }
        try pipeline.folder.write(
            """
            [daily]
            enabled = true
            [routes]
            system = ["email:plain", "email:login", "email:after", "command:leaky", "inbox"]
            \(email("plain", plain))
            \(email("login", login))
            \(email("after", after))
            [[commands]]
            name = "leaky"
            argv = ["\(script)"]
            env = ["BOT_TOKEN"]
            max_attempts = 1
            fallback = "none"
            """, to: "config.toml")
        pipeline.runner.environment["SMTP_PASSWORD"] = Self.password
        pipeline.runner.environment["BOT_TOKEN"] = Self.token

        var outputs: [ProgramResult] = []
        func run(_ arguments: String...) async throws {
            outputs.append(try await pipeline.runner.run(arguments[0], Array(arguments.dropFirst())))
        }
        try await run("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await run("deliver", "--now", "2026-11-22T07:30", "-v")
        let deliver = try #require(outputs.last)
        try await run("tidings", "test", "--now", "2026-11-22T08:00")
        let test = try #require(outputs.last)
        for format in ["table", "json", "prometheus"] {
            try await run("report", "--format", format, "--by", "channel", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00")
        }
        let report = try #require(outputs.dropLast(2).last)
        try await run("report", "--format", "nagios", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00")
        try await run("tidings", "log")
        try await run("tidings", "log", "--format", "json")
        try await run("tidings", "doctor")
        try await run("tidings", "doctor", "--format", "json")

        // The refusals were reported, by their codes and what they mean.
        for reason in [
            "SMTP 535 from 127.0.0.1: authentication refused (5.7.8)", "SMTP 550 from 127.0.0.1: delivery not authorized (5.7.1)",
            "exit status 4: token [redacted] hex [redacted] HEX [redacted] url [redacted]",
        ] {
            #expect(report.stdout.contains(reason), "\(report.stdout)")
        }
        #expect(deliver.stderr.contains("4 failed"), "\(deliver.stderr)")
        #expect(!test.stderr.contains("email:plain: delivered"), "\(test.stderr)")
        #expect(!outputs.contains { $0.stdout.contains("you sent") || $0.stderr.contains("you sent") }, "no text of a reply after AUTH is kept")
        for output in outputs {
            for secret in [Self.password, Self.token] {
                for form in Self.forms(secret) {
                    #expect(!output.stdout.contains(form) && !output.stderr.contains(form), "\(form) in \(output.stdout)\(output.stderr)")
                }
            }
        }
        var scanned = 0
        for (name, bytes) in try pipeline.storedBytes() {
            scanned += 1
            for secret in [Self.password, Self.token] {
                for form in Self.forms(secret) {
                    #expect(bytes.range(of: Data(form.utf8)) == nil, "\(name) holds \(form)")
                }
            }
        }
        #expect(scanned >= 1)
    }
}
