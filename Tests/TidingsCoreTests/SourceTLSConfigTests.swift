import Testing
import TidingsCore

/// A source's TLS settings in the config: pinned keys and a private CA file.
@Suite struct SourceTLSConfigTests {
    static let pin = "sha256//" + String(repeating: "x", count: 42) + "9="

    @Test("pinned keys are kept in order and a relative ca_file is read beside the config file")
    func parsed() throws {
        let config = try TidingsConfig.parse(
            toml: """
                [[sources]]
                name = "cloud"
                type = "calendar"
                url = "https://cloud.example.org/remote.php/dav/calendars/a.ics"
                pinned_public_keys = ["\(Self.pin)", "sha256//+/\(String(repeating: "0", count: 41))="]
                ca_file = "private-ca.pem"
                """, file: "/etc/tidings/config.toml", directory: "/etc/tidings")
        let source = try #require(config.sources.first)
        #expect(source.pinnedPublicKeys == [Self.pin, "sha256//+/\(String(repeating: "0", count: 41))="])
        #expect(source.caFile == "/etc/tidings/private-ca.pem")
    }

    static let forms: [(String, Bool)] = [
        (pin, true),
        ("sha256//" + String(repeating: "x", count: 43), false),
        ("sha256//" + String(repeating: "x", count: 42) + "==", false),
        ("sha1//" + String(repeating: "x", count: 43) + "=", false),
        ("sha256//" + String(repeating: "x", count: 42) + "-=", false),
        ("/etc/ssl/key.pem", false),
    ]

    @Test("the pin form", arguments: forms)
    func form(text: String, valid: Bool) {
        #expect(PublicKeyPin.isValid(text) == valid)
    }
}
