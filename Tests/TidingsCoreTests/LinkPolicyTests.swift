import Testing

@testable import TidingsCore

@Suite struct LinkPolicyTests {
    @Test(
        "deep links: https with a host and allow-listed app schemes only",
        arguments: [
            ("https://example.org/today", true),
            ("https://example.org", true),
            ("HTTPS://Example.org/x", true),
            ("zoommtg://zoom.us/join?confno=123", true),
            ("msteams:/l/meetup-join/abc", true),
            ("tel:+4930123456", true),
            ("mailto:a@example.org", true),
            ("javascript:alert(1)", false),
            ("JAVASCRIPT:alert(1)", false),
            ("JavaScript:alert(1)", false),
            ("data:text/html,<script>alert(1)</script>", false),
            ("file:///etc/passwd", false),
            ("vbscript:msgbox(1)", false),
            ("http://example.org", false),
            ("https://", false),
            ("https:///x", false),
            ("https:example.org", false),
            ("https://example.org/a b", false),
            ("https://example.org/\ta", false),
            ("https://example.org/\u{0007}", false),
            ("https://example.org/\u{00A0}", false),
            ("unknown-app://open", false),
            ("example.org/path", false),
            ("", false),
            (":foo", false),
            ("1https://example.org", false),
        ])
    func isAllowed(link: String, allowed: Bool) {
        #expect(LinkPolicy.isAllowed(link) == allowed)
    }

    @Test(
        "scheme is the lower-cased part before the first colon, when well formed",
        arguments: [
            ("HTTPS://x", "https"), ("JavaScript:x", "javascript"), ("jitsi-meet://x", "jitsi-meet"),
            ("a+b.c-d:x", "a+b.c-d"),
        ] as [(String, String)])
    func scheme(link: String, expected: String) {
        #expect(LinkPolicy.scheme(of: link) == expected)
    }

    @Test("no scheme when there is no colon or the scheme is malformed", arguments: ["example.org", ":x", "1a:x", "a b:x", "ä:x", ""])
    func noScheme(link: String) {
        #expect(LinkPolicy.scheme(of: link) == nil)
    }

    @Test(
        "refusal says why: a malformed https link is not a valid URL, an unknown scheme is not allowed",
        arguments: [
            ("https:/evil.com", #""https:/evil.com" is not a valid URL: expected "https://" followed by a host"#),
            ("https:evil.com", #""https:evil.com" is not a valid URL: expected "https://" followed by a host"#),
            ("https:///x", #""https:///x" is not a valid URL: expected "https://" followed by a host"#),
            ("https://example.org/a b", #""https://example.org/a b" is not a valid URL: it holds white space or control characters"#),
            ("javascript:alert(1)", "scheme javascript: is not allowed"),
            ("example.org/path", #""example.org/path" is not a URL: it has no scheme such as https:"#),
        ] as [(String, String)])
    func refusal(link: String, reason: String) {
        #expect(LinkPolicy.refusal(of: link) == reason)
        #expect(!LinkPolicy.isAllowed(link))
    }

    @Test("an allowed link has no refusal", arguments: ["https://example.org", "zoommtg://zoom.us/join?confno=1", "tel:+4930123456"])
    func noRefusal(link: String) {
        #expect(LinkPolicy.refusal(of: link) == nil)
    }
}
