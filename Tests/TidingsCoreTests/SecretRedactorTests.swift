import Testing
import TidingsCore

/// Secrets found in the forms an answer may echo them, and nothing else taken.
@Suite struct SecretRedactorTests {
    static let token = "Ab/Cd+Ef/9Qx7Lm2Zp4Rt8Vw3Ky6"
    static let redactor = SecretRedactor(secrets: [token])

    /// `text` with every character outside letters, digits, `-`, `_`, `.`, `~` percent-encoded.
    static func percentEncoded(_ text: String, lowercase: Bool = false) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || "-_.~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: !lowercase)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// Each form an answer may echo the token in, by name.
    static let echoes: [(String, String)] = {
        let t = token
        return [
            ("exact", t),
            ("JSON-escaped", t.replacing("/", with: "\\/")),
            ("\\u-escaped", t.replacing("/", with: "\\u002F").replacing("+", with: "\\u002b")),
            ("\\x-escaped", t.replacing("/", with: "\\x2f")),
            ("percent-encoded", percentEncoded(t)),
            ("percent-encoded, lower-case hex", percentEncoded(t, lowercase: true)),
            ("percent-encoded twice", percentEncoded(percentEncoded(t))),
            ("JSON-escaped, then percent-encoded", percentEncoded(t.replacing("/", with: "\\/"))),
            ("HTML entities", t.replacing("/", with: "&#x2F;").replacing("+", with: "&#43;")),
            ("lower case", t.lowercased()),
            ("upper case", t.uppercased()),
            ("upper case, JSON-escaped", t.uppercased().replacing("/", with: "\\/")),
            ("cut by 4 at the start", String(t.dropFirst(4))),
            ("cut by 4 at the end", String(t.dropLast(4))),
            ("cut by 4 at both ends", String(t.dropFirst(4).dropLast(4))),
            ("cut and percent-encoded", percentEncoded(String(t.dropFirst(3).dropLast(2)))),
            ("cut and lower case", String(t.dropLast(4)).lowercased()),
        ]
    }()

    @Test("Each echoed form is replaced, and the text around it stays", arguments: echoes)
    func forms(name: String, form: String) {
        let text = #"{"error":"bad token ""# + form + #"", "code": 401}"#
        #expect(Self.redactor.reveals(text), "\(name)")
        let redacted = Self.redactor.redact(text)
        #expect(!Self.redactor.reveals(redacted), "\(name): \(redacted)")
        #expect(redacted.hasPrefix(#"{"error":"bad token "#), "\(name): \(redacted)")
        #expect(redacted.hasSuffix(#"", "code": 401}"#), "\(name): \(redacted)")
        #expect(redacted.contains(SecretRedactor.placeholder), "\(name)")
        #expect(!redacted.contains("Qx7Lm2Zp") && !redacted.lowercased().contains("qx7lm2zp"), "\(name): \(redacted)")
    }

    @Test("Text without the secret is returned as it is, escapes and all")
    func untouched() {
        for text in ["", "HTTP 401 from 127.0.0.1", #"a\/b %2F &amp; \u00e9 Ab/Cd+Ef"#, String(Self.token.prefix(8)), "x%", "%E2%82", "\\", "&#xZZ;"]
        {
            #expect(Self.redactor.redact(text) == text)
            #expect(!Self.redactor.reveals(text))
        }
    }

    @Test("A run of the secret shorter than all but 4 characters at each end is not a sighting")
    func tooShort() {
        let run = String(Self.token.dropFirst(5).dropLast(4))
        #expect(!Self.redactor.reveals("x \(run) y"))
    }

    @Test("A secret of 8 characters or fewer counts only whole; of 9 to 16, any 8 of them")
    func shortSecrets() {
        let short = SecretRedactor(secrets: ["k3y-AB"])
        #expect(short.redact("key K3Y-ab!") == "key [redacted]!")
        #expect(!short.reveals("k3y-A"))
        let medium = SecretRedactor(secrets: ["abcdefghij"])
        #expect(medium.redact("[bcdefghi]") == "[[redacted]]")
        #expect(!medium.reveals("abcdefg"))
    }

    @Test("Several secrets, several sightings, overlapping ones merged; empty secrets match nothing")
    func several() {
        let redactor = SecretRedactor(secrets: ["first-secret-123", "", "second/SECRET/456"])
        #expect(
            redactor.redact("a first-secret-123 b second%2Fsecret%2F456 c FIRST-SECRET-123first-secret-123")
                == "a [redacted] b [redacted] c [redacted]")
        #expect(SecretRedactor(secrets: [""]).isEmpty)
        #expect(SecretRedactor(secrets: []).redact("anything") == "anything")
    }

    @Test("Non-ASCII secrets and surrogate-pair escapes")
    func unicode() {
        let redactor = SecretRedactor(secrets: ["pässwörd-😀-Zeichen"])
        #expect(redactor.reveals(#"p\u00e4ssw\u00f6rd-\ud83d\ude00-zeichen"#))
        #expect(redactor.reveals("p%C3%A4ssw%C3%B6rd-%F0%9F%98%80-ZEICHEN"))
        #expect(redactor.redact("«PÄSSWÖRD-😀-ZEICHEN»") == "«[redacted]»")
    }

    @Test("The redactor prints and dumps nothing of the secrets")
    func opaque() {
        var dumped = ""
        dump(Self.redactor, to: &dumped)
        for text in [Self.redactor.description, String(reflecting: Self.redactor), "\(Self.redactor)", dumped] {
            #expect(!text.lowercased().contains("qx7lm2zp"), "\(text)")
        }
    }
}
