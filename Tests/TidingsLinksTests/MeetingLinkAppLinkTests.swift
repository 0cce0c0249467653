import Testing
import TidingsCore

@testable import TidingsLinks

@Suite struct MeetingLinkAppLinkTests {
    @Test(
        "an app link written in text is offered as the https link of the same meeting",
        arguments: [
            (
                "zoommtg://zoom.us/join?action=join&confno=123456789&pwd=xxxx&zc=0&browser=chrome&uname=Betty",
                MeetingLink(platform: "zoom", url: "https://zoom.us/j/123456789?pwd=xxxx")
            ),
            ("zoommtg://zoom-x.de/join?confno=123456789&pwd=xxxx", MeetingLink(platform: "zoom", url: "https://zoom-x.de/j/123456789?pwd=xxxx")),
            (
                "Zoom app: ZOOMMTG://us02web.zoom.us/join?confno=84512345678.",
                MeetingLink(platform: "zoom", url: "https://us02web.zoom.us/j/84512345678")
            ),
            ("(zoomus://zoomgov.com/join?confno=1612345678&pwd=a.b)", MeetingLink(platform: "zoom", url: "https://zoomgov.com/j/1612345678?pwd=a.b")),
            (
                "discord://discord.com/channels/123456789012345678/876543210987654321",
                MeetingLink(platform: "discord", url: "https://discord.com/channels/123456789012345678/876543210987654321")
            ),
            (
                "Voice: discord://-/channels/123456789012345678/876543210987654321",
                MeetingLink(platform: "discord", url: "https://discord.com/channels/123456789012345678/876543210987654321")
            ),
        ])
    func appLinkInText(text: String, expected: MeetingLink) {
        #expect(MeetingLinks.find(in: text) == [expected])
    }

    @Test("with the app installed, the app form is made again from the https link")
    func appFormAgain() {
        let links = MeetingLinks.find(in: "zoommtg://zoom.us/join?confno=123456789&pwd=xxxx&uname=Betty", hasHandler: { $0 == "zoommtg" })
        #expect(links.map(\.nativeURL) == ["zoommtg://zoom.us/join?confno=123456789&pwd=xxxx"])
    }

    @Test("the https link and its app form in one text are one link")
    func sameMeetingOnce() {
        let text = "https://zoom.us/j/123456789?pwd=xxxx or zoommtg://zoom.us/join?confno=123456789&pwd=xxxx"
        #expect(MeetingLinks.find(in: text).map(\.url) == ["https://zoom.us/j/123456789?pwd=xxxx"])
    }

    @Test(
        "app links on a look-alike host, of another service or not a meeting give nothing",
        arguments: [
            "zoommtg://evilzoom.us/join?confno=123456789",
            "zoommtg://zoom.us.evil.com/join?confno=123456789",
            "zoommtg://user@zoom.us/join?confno=123456789",
            "zoommtg://zoom.us:8443/join?confno=123456789",
            "zoommtg://discord.com/join?confno=123456789",
            "zoommtg://zoom.us/start?confno=123456789",
            "zoommtg://zoom.us/join?confno=12345abc",
            "zoommtg://zoom.us/join?confno=12345678901234",
            "zoommtg://zoom.us/join",
            "xzoommtg://zoom.us/join?confno=123456789",
            "my-zoommtg://zoom.us/join?confno=123456789",
            "discord://zoom.us/j/123456789",
            "discord://evildiscord.com/channels/123456789012345678/876543210987654321",
            "discord://discord.com/login",
            "discord://-/",
            "zoommtg:zoom.us/join?confno=123456789",
        ])
    func notMeetings(text: String) {
        #expect(MeetingLinks.find(in: text, hasHandler: { _ in true }).isEmpty, "\(text)")
    }

    @Test("a passcode with characters a query cannot carry is left out, not copied")
    func unsafePasscode() {
        #expect(MeetingLinks.find(in: "zoommtg://zoom.us/join?confno=123456789&pwd=a%22b(c)").map(\.url) == ["https://zoom.us/j/123456789"])
    }

    @Test("a broadcast is taken only when no field holds a meeting link")
    func broadcastsLast() {
        let live = "https://www.youtube.com/live/AbCdEfGhIjK"
        let zoom = "https://zoom.us/j/123456789"
        #expect(MeetingLinks.best(fields: [(.description, "Stream: \(live) Join: \(zoom)")])?.url == zoom)
        #expect(MeetingLinks.best(fields: [(.url, live), (.description, zoom)])?.url == zoom)
        #expect(
            MeetingLinks.best(fields: [(.url, "https://vimeo.com/event/1234567"), (.description, live)])
                == MeetingLink(platform: "vimeo", url: "https://vimeo.com/event/1234567", field: .url))
    }
}
