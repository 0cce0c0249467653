import Foundation
import Testing
import TidingsCore

/// Secrets found base64- and hex-encoded: at every byte alignment inside a longer encoded run
/// (SMTP's AUTH PLAIN), standard and URL-safe, with and without padding, hex in either case.
@Suite struct SecretRedactorEncodingTests {
    static let secret = "s3cret-PASSWORD-9f2c!"
    static let redactor = SecretRedactor(secrets: [secret])

    /// Foundation's base64 of `bytes`, standard or URL-safe, padded or not.
    static func base64(_ bytes: [UInt8], urlSafe: Bool = false, padded: Bool = true) -> String {
        var text = Data(bytes).base64EncodedString()
        if urlSafe { text = text.replacing("+", with: "-").replacing("/", with: "_") }
        if !padded { text = text.replacing("=", with: "") }
        return text
    }

    /// Every alignment (0 to 5 bytes before, 0 to 2 after), every variant of base64.
    static let runs: [(before: Int, after: Int, urlSafe: Bool, padded: Bool)] =
        (0..<6).flatMap { before in
            (0..<3).flatMap { after in
                [(false, true), (false, false), (true, true), (true, false)].map { (before, after, $0.0, $0.1) }
            }
        }

    @Test("The secret inside a longer base64 run, at every alignment, standard and URL-safe, padded or not: the run is replaced", arguments: runs)
    func insideBase64(before: Int, after: Int, urlSafe: Bool, padded: Bool) {
        // Bytes that encode to the URL-unsafe characters too, around the secret.
        let around: [UInt8] = [0xFB, 0xFF, 0x3E, 0x00, 0xBF]
        let bytes = Array(around.prefix(before)) + Array(Self.secret.utf8) + Array(around.suffix(after))
        let encoded = Self.base64(bytes, urlSafe: urlSafe, padded: padded)
        let text = "535 5.7.8 you sent: AUTH PLAIN \(encoded) (refused)"
        #expect(Self.redactor.reveals(text), "\(text)")
        #expect(Self.redactor.redact(text) == "535 5.7.8 you sent: AUTH PLAIN [redacted] (refused)")
    }

    @Test("AUTH PLAIN's \\0user\\0password for user names of 1 to 6 characters, and AUTH LOGIN's password alone")
    func smtpLogins() {
        for user in ["a", "an", "ann", "anna", "annab", "annabe"] {
            let plain = Self.base64(Array("\0\(user)\0\(Self.secret)".utf8))
            #expect(Self.redactor.redact("535 Authentication failed: \(plain)") == "535 Authentication failed: [redacted]", "user \(user)")
        }
        let login = "AUTH LOGIN | \(Self.base64(Array("ann".utf8))) | \(Self.base64(Array(Self.secret.utf8)))"
        #expect(Self.redactor.redact(login) == "AUTH LOGIN | YW5u | [redacted]")
    }

    @Test("Hex, lower and upper case, alone and inside a longer hex run")
    func hex() {
        let hex = Array(Self.secret.utf8).map { String(format: "%02x", $0) }.joined()
        for text in [hex, hex.uppercased(), "00ff" + hex + "ab", hex.prefix(20).uppercased() + hex.dropFirst(20)] {
            #expect(Self.redactor.redact("token: \(text); bye") == "token: [redacted]; bye", "\(text)")
        }
    }

    @Test("A base64 run cut short within 4 characters of either end, and one escaped in JSON, are still found")
    func cutAndEscaped() {
        let encoded = Self.base64(Array(Self.secret.utf8))
        #expect(Self.redactor.reveals(String(encoded.dropLast(6))), "\(encoded)")
        #expect(Self.redactor.reveals(String(encoded.dropFirst(4))))
        let url = Self.base64(Array("\u{FB}\u{FF}".utf8) + Array(Self.secret.utf8), urlSafe: false)
        let json = #"{"echo":"\#(url.replacing("/", with: "\\/"))"}"#
        #expect(!Self.redactor.redact(json).contains(String(url.dropFirst(4).prefix(12))), "\(json)")
    }

    @Test("Other base64 and hex, and ordinary text, are left as they are")
    func others() {
        let other = "dGhpcyBpcyBzb21ldGhpbmcgZWxzZSBlbnRpcmVseQ== 7468697320697320 Authentication failed for ann"
        #expect(Self.redactor.redact(other) == other)
        #expect(!Self.redactor.reveals(Self.base64(Array("s3cret-PASSWORD".utf8).reversed())))
    }

    @Test("Encoded forms shorter than 6 characters are not looked for: a 2-byte secret's base64 or hex would match words")
    func shortSecrets() {
        let short = SecretRedactor(secrets: ["ab"])
        #expect(short.redact("YWI= and 6162") == "YWI= and 6162")
        #expect(short.redact("x ab y") == "x [redacted] y")
    }
}
