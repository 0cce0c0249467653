import Testing
import TidingsCore

/// Inputs that once slipped through or crashed: each stays refused.
@Suite struct InputEdgeTests {
    @Test("Durations whose parts add up past Int64 are refused, not a crash")
    func durationSumOverflow() {
        #expect(DurationText.parse("9000000000000000000ms9000000000000000000ms") == nil)
        #expect(DurationText.format(-5_000) == "-5s")
    }

    @Test(
        "Short decimals never end in a bare point",
        arguments: [
            (0.9999999, "1"), (1e-7, "0"), (-1e-7, "0"), (0.5, "0.5"), (2.0 / 3.0, "0.666667"),
        ])
    func shortDecimals(value: Double, text: String) {
        #expect(JSONLine.number(value) == text)
    }

    @Test(
        "file: URLs must name a local path",
        arguments: [
            ("file:///srv/today.json", true), ("file:/srv/today.json", true), ("file://localhost/srv/x.json", true),
            ("file://example.org/etc/passwd", false), ("file:today.json", false),
        ])
    func fileURLs(url: String, allowed: Bool) {
        #expect((SourceURL.problem(url) == nil) == allowed, "\(url)")
    }

    @Test(
        "A source URL of https: without its two slashes is malformed, whatever follows",
        arguments: [
            "https:/evil.com", "https:evil.com", "https:/evil.com/?next=https://example.org",
        ])
    func malformedSourceURL(url: String) {
        #expect(SourceURL.problem(url) == "\"\(url)\" is not a valid URL: expected \"https://\" followed by a host")
        #expect(SourceURL.problem("https://example.org/feed.json") == nil)
    }

    @Test("A sign is not a digit: times and dates with + or - are refused")
    func signs() {
        #expect(WallTime("+7:30") == nil)
        #expect(WallTime("-0:30") == nil)
        #expect(LocalDate("2026-+1-01") == nil)
        #expect(LocalDate("+026-01-01") == nil)
        #expect(ISOTime.parse("2026-11-22T+7:30Z", in: .current) == nil)
        #expect(ISOTime.parse("2026-11-22T07:30:+5Z", in: .current) == nil)
    }

    @Test("mediaUrl must be https:// with a host")
    func mediaURL() {
        let payload = #"{"id":"1","title":"t","body":"b","scheduledTime":1,"mediaUrl":"https:"}"#
        #expect(throws: ContentError(path: "mediaUrl", message: "only https: media is accepted")) {
            try ContentPayload.decode(Array(payload.utf8), fetchTime: 0)
        }
    }
}
