import Synchronization
import Testing
import TidingsCore

@testable import TidingsLinks

@Suite struct MeetingLinkBestTests {
    static let zoom = "https://us02web.zoom.us/j/84512345678"
    static let meet = "https://meet.google.com/abc-defg-hij"
    static let teams = "https://teams.microsoft.com/meet/2345678901234?p=AbCdEf"

    @Test("fields are searched by priority, whatever order they are given in")
    func fieldPriority() {
        #expect(
            MeetingLinks.best(fields: [(.description, Self.zoom), (.location, Self.meet)])
                == MeetingLink(platform: "google-meet", url: Self.meet, field: .location))
        #expect(
            MeetingLinks.best(fields: [(.googleConference, Self.meet), (.conference, Self.teams)])
                == MeetingLink(platform: "teams", url: Self.teams, field: .conference))
        #expect(MeetingLinks.best(fields: [(.description, Self.zoom), (.url, Self.teams), (.location, Self.meet)])?.field == .url)
        #expect(MeetingLinks.best(fields: [(.text, Self.zoom), (.description, Self.meet)])?.field == .description)
    }

    @Test("a field without a meeting link is passed over")
    func emptyFields() {
        let best = MeetingLinks.best(fields: [
            (.conference, "tel:+15550100"), (.url, "https://example.org/agenda"), (.location, "Room 4.02"),
            (.description, "<p>Join <a href=\"\(Self.zoom)\">here</a></p>"),
        ])
        #expect(best == MeetingLink(platform: "zoom", url: Self.zoom, field: .description))
    }

    @Test("no link anywhere is nil")
    func none() {
        #expect(MeetingLinks.best(fields: []) == nil)
        #expect(MeetingLinks.best(fields: [(.location, "Room 4"), (.description, "Bring coffee")]) == nil)
    }

    @Test(
        "within a field, a link that keeps its passcode wins",
        arguments: [
            ("Join https://zoom.us/j/123 (or with the passcode: https://zoom.us/j/123?pwd=abc)", "https://zoom.us/j/123?pwd=abc"),
            (
                "https://teams.microsoft.com/meet/2345678901234 https://teams.microsoft.com/meet/2345678901234?p=AbC",
                "https://teams.microsoft.com/meet/2345678901234?p=AbC"
            ),
            ("https://zoom.us/j/123?pwd= https://zoom.us/j/456?pwd=x", "https://zoom.us/j/456?pwd=x"),
            ("https://meet.google.com/abc-defg-hij https://zoom.us/j/123?pwd=abc", "https://zoom.us/j/123?pwd=abc"),
            ("https://zoom.us/j/123 https://zoom.us/j/456", "https://zoom.us/j/123"),
        ])
    func passcodePreferred(text: String, expected: String) {
        #expect(MeetingLinks.best(fields: [(.description, text)])?.url == expected)
    }

    @Test("a passcode never beats the field order")
    func passcodeAfterPriority() {
        let best = MeetingLinks.best(fields: [(.description, "https://zoom.us/j/2?pwd=x"), (.location, "https://zoom.us/j/1")])
        #expect(best?.url == "https://zoom.us/j/1")
    }

    @Test("keepsPasscode reads the service's passcode parameters")
    func keepsPasscode() {
        #expect(MeetingLinks.keepsPasscode(MeetingLink(platform: "zoom", url: "https://zoom.us/j/1?pwd=a")))
        #expect(MeetingLinks.keepsPasscode(MeetingLink(platform: "ringcentral", url: "https://v.ringcentral.com/join/123456789?pw=abc")))
        #expect(!MeetingLinks.keepsPasscode(MeetingLink(platform: "zoom", url: "https://zoom.us/j/1?pwd=")))
        #expect(!MeetingLinks.keepsPasscode(MeetingLink(platform: "google-meet", url: Self.meet)))
    }

    @Test(
        "app links when the app is installed",
        arguments: [
            ("https://us02web.zoom.us/j/84512345678?pwd=abc.1", "zoommtg://us02web.zoom.us/join?confno=84512345678&pwd=abc.1"),
            ("https://zoom.us/j/123", "zoommtg://zoom.us/join?confno=123"),
            ("https://agency.zoomgov.com/j/1612345678", "zoommtg://agency.zoomgov.com/join?confno=1612345678"),
            ("https://zoom.us/wc/join/84512345678?pwd=x", "zoommtg://zoom.us/join?confno=84512345678&pwd=x"),
            ("https://zoom.us/wc/84512345678/join", "zoommtg://zoom.us/join?confno=84512345678"),
            ("https://zoom.us/join?confno=84512345678&pwd=abc", "zoommtg://zoom.us/join?confno=84512345678&pwd=abc"),
            (
                "https://teams.microsoft.com/l/meetup-join/19%3ameeting_X%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d",
                "msteams:/l/meetup-join/19%3ameeting_X%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d"
            ),
            ("https://teams.microsoft.com/meet/2345678901234?p=AbCdEf", "msteams:/meet/2345678901234?p=AbCdEf"),
            ("https://meet.jit.si/WeeklyPlanningCall?jwt=x#config.startWithAudioMuted=true", "jitsi-meet://meet.jit.si/WeeklyPlanningCall"),
            ("https://meet.jit.si/moderated/0123456789abcdef", "jitsi-meet://meet.jit.si/moderated/0123456789abcdef"),
            ("https://app.slack.com/huddle/T0123ABCD/C0456EFGH", "slack://join-huddle?team=T0123ABCD&id=C0456EFGH"),
        ])
    func nativeLink(url: String, native: String) {
        let links = MeetingLinks.find(in: url, hasHandler: { _ in true })
        #expect(links.map(\.nativeURL) == [native])
        #expect(links.first?.url == url)
        #expect(LinkPolicy.isAllowed(native))
    }

    @Test(
        "no app link where none is known to join",
        arguments: [
            "https://zoom.us/my/jane.doe", "https://zoom.us/s/98765432109", "https://zoom.us/w/91234567890",
            "https://zoom.us/j/123?tk=registrationToken", "https://zoom.us/j/123?pwd=a+b",
            "https://teams.live.com/meet/9425716001426?p=x", "https://gov.teams.microsoft.us/l/meetup-join/19%3ameeting_x%40thread.v2/0",
            "https://acme.webex.com/meet/jane.doe", "https://meet.google.com/abc-defg-hij", "https://8x8.vc/acme/room",
        ])
    func noNativeLink(url: String) {
        let links = MeetingLinks.find(in: url, hasHandler: { _ in true })
        #expect(links.count == 1)
        #expect(links.first?.nativeURL == nil)
    }

    @Test("an app link only for the schemes the handler check accepts, asked only for links that have one")
    func handlerConsulted() {
        let asked = Mutex<[String]>([])
        let text = "\(Self.zoom) \(Self.meet) https://teams.microsoft.com/meet/2345678901234?p=x https://acme.webex.com/meet/jane"
        let links = MeetingLinks.find(in: text) { scheme in
            asked.withLock { $0.append(scheme) }
            return scheme == "zoommtg"
        }
        #expect(links.map(\.nativeURL) == ["zoommtg://us02web.zoom.us/join?confno=84512345678", nil, nil, nil])
        #expect(asked.withLock { $0 } == ["zoommtg", "msteams"])
        #expect(MeetingLinks.find(in: Self.zoom).first?.nativeURL == nil)
    }

    @Test("best passes the handler check through")
    func bestNative() {
        let best = MeetingLinks.best(fields: [(.location, Self.zoom)], hasHandler: { $0 == "zoommtg" })
        #expect(best?.nativeURL == "zoommtg://us02web.zoom.us/join?confno=84512345678")
    }
}
