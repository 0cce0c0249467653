import Testing

@testable import TidingsHTTP

@Suite struct URLPolicyTests {
    @Test(arguments: [
        ("http://127.0.0.1/feed", true),
        ("http://127.0.0.1:8080/feed", true),
        ("http://127.9.8.7/", true),
        ("http://localhost/feed", true),
        ("HTTP://LOCALHOST:9/", true),
        ("http://[::1]/feed", true),
        ("http://[::1]:8443/", true),
        ("http://127.1/", true),
        ("http://[::ffff:127.0.0.1]/", true),
        ("file:///tmp/x", true),
        ("https://example.org", true),
        ("https://example.org/feed.xml?x=1", true),
        ("http://example.org", false),
        ("http://128.0.0.1/", false),
        ("http://10.0.0.1/", false),
        ("http://[::2]/", false),
        ("http://2130706433/", true),
        ("http://0x7f000001/", true),
        ("http://user@example.org/", false),
        ("http://127.0.0.1@example.org/", false),
        ("http://example.org#@127.0.0.1/", false),
        ("file://example.org/etc/passwd", false),
        ("http://localhost.example.org/", false),
        ("http://127.0.0.1.example.org/", false),
        ("ftp://example.org/file", false),
        ("javascript:alert(1)", false),
        ("gopher://127.0.0.1/", false),
        ("example.org/feed", false),
        ("", false),
        ("https:/evil.com", false),
        ("https:evil.com", false),
        ("http:/127.0.0.1/feed", false),
        ("file:/tmp/x", true),
    ])
    func policy(url: String, allowed: Bool) {
        #expect(URLPolicy.allows(url) == allowed)
        let error = caught { () throws(HTTPError) in try URLPolicy.check(url) }
        #expect((error == nil) == allowed)
        if let error {
            #expect(error.kind == .refusedURL)
            #expect(error.message.hasPrefix("refused"))
            #expect(url.isEmpty || error.message.contains(url))
        }
    }

    @Test func refusalSaysWhy() {
        let plain = caught { () throws(HTTPError) in try URLPolicy.check("http://example.org/") }
        #expect(plain?.message.contains("loopback") == true)
        let scheme = caught { () throws(HTTPError) in try URLPolicy.check("ftp://example.org/") }
        #expect(scheme?.message.contains("\"ftp\"") == true)
    }

    @Test("a https URL without its two slashes is malformed, not a refused scheme")
    func malformed() {
        let error = caught { () throws(HTTPError) in try URLPolicy.check("https:/evil.com") }
        #expect(error?.message == "refused url https:/evil.com: not a valid URL: expected \"https://\" followed by a host")
    }
}
