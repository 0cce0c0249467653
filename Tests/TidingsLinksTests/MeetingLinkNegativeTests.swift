import Testing
import TidingsCore

@testable import TidingsLinks

@Suite struct MeetingLinkNegativeTests {
    @Test(
        "look-alike hosts are not meeting hosts",
        arguments: [
            "https://evilzoom.us/j/123",
            "https://zoom.us.evil.com/j/123",
            "https://zoomus.com/j/123",
            "https://zoom.usa/j/123",
            "https://meet.google.com.evil.com/abc-defg-hij",
            "https://evil-meet.google.com.example/abc-defg-hij",
            "https://teams.microsoft.com.attacker.net/l/meetup-join/19%3ameeting_x%40thread.v2/0",
            "https://notwebex.com/meet/jane",
            "https://webex.com.evil.org/meet/jane",
            "https://evil.com/zoom.us/j/123",
            "https://evil.com/?next=https://zoom.us/j/123",
            "https://zoom.us@evil.com/j/123",
            "https://user:pass@zoom.us/j/123",
            "https://zoom.us:8443/j/123",
            "https://[::1]/j/123",
            "https://zoom\u{2024}us/j/123",
            "https://zооm.us/j/123",
            "https://xn--zm-4mca.us/j/123",
            "https://jit.si.evil.com/WeeklyPlanningCall",
            "https://8x8.vc.evil.com/room",
            "https://www.adobeconnect.com/products",
            "https://adobeconnect.com/pricing",
            "https://www.clickmeeting.com/pricing",
            "https://zoom.com.cn.evil.com/j/123",
            "https://evilzoom-x.de/j/123",
            "https://zoom.de.evil.net/j/123",
            "https://stream.meet.google.com.evil.com/stream/abc12ab1-abc1-1234-123a-a1234a1abc12",
            "https://teams.microsoft.us.evil.com/l/meetup-join/19%3ameeting_x%40thread.v2/0",
            "https://eviltteams.microsoft.us.com/l/meetup-join/19%3ameeting_x%40thread.v2/0",
            "https://go.blizz.com.evil.io/m12345678",
            "https://zhumu.com.evil.com/j/123456789?pwd=abc",
            "https://vimeo.com.evil.com/event/1234567",
            "https://evilvimeo.com/event/1234567",
            "https://youtube.com.evil.com/live/AbCdEfGhIjK",
            "https://duo.app.goo.gl.evil.com/AbCdEf123",
            "https://go.userzoom.com.evil.com/participate/abcd-1234",
            "https://evildemodesk.com/NGYLHDWO",
            "https://go.chorus.ai.evil.com/1234567890",
            "https://conference.istesuit.com.evil.com/user",
            "https://zm.page.evil.com/",
            "https://evilzm.page/",
            "https://zm.page/",
            "https://www.zm.page/",
            "https://livekit.io.evil.com/rooms/x",
            "https://livekit.io/rooms/x",
            "https://acme.ovice.com.evil.com/lobby/enter",
            "https://app.ovice.com.evil.com/acme-office/@102,105",
            "https://app-ovice.com/acme-office/@102,105",
            "https://discord.com.evil.com/channels/@me/876543210987654321",
        ])
    func lookAlikeHost(url: String) {
        #expect(MeetingLinks.find(in: url).isEmpty, "\(url)")
    }

    @Test(
        "pages of meeting hosts that are not meetings",
        arguments: [
            "https://zoom.us/blog/x",
            "https://zoom.us/pricing",
            "https://zoom.us/",
            "https://zoom.us/j/",
            "https://zoom.us/j/123abc",
            "https://zoom.us/j/123/extra",
            "https://zoom.us/download",
            "https://zoom.us/meeting/register/tJ0abc",
            "https://meet.google.com/landing",
            "https://meet.google.com/new",
            "https://meet.google.com/",
            "https://meet.google.com/abc-defg-hi",
            "https://meet.google.com/abcd-efg-hij",
            "https://meet.google.com/abc-defg-hij/extra",
            "https://teams.microsoft.com/",
            "https://teams.microsoft.com/l/chat/0/0?users=jane@example.com",
            "https://teams.microsoft.com/v2/",
            "https://teams.live.com/meet/",
            "https://www.webex.com/pricing/index.html",
            "https://acme.webex.com/",
            "https://acme.webex.com/webappng/sites/acme/dashboard",
            "https://meet.jit.si/",
            "https://meet.jit.si/static/close.html",
            "https://meet.jit.si/external_api.js",
            "https://meet.jit.si/libs/app.bundle.min.js",
            "https://8x8.vc/",
            "https://app.slack.com/client/T0123ABCD/C0456EFGH",
            "https://app.slack.com/huddle/",
            "https://discord.com/login",
            "https://discord.com/invite/",
            "https://whereby.com/information",
            "https://whereby.com/pricing",
            "https://whereby.com/",
            "https://www.gotomeeting.com/features",
            "https://global.gotomeeting.com/join/",
            "https://meet.goto.com/install",
            "https://streamyard.com/pricing",
            "https://streamyard.com/resources",
            "https://facetime.apple.com/",
            "https://facetime.apple.com/join",
            "https://signal.link/call/",
            "https://call.whatsapp.com/",
            "https://t.me/durov",
            "https://vk.com/id1",
            "https://doxy.me/pricing",
            "https://join.me/pricing",
            "https://chime.aws/",
            "https://hangouts.google.com/",
            "https://talk.brave.com/widget",
            "https://call.element.io/room",
            "https://preply.com/en/online/english-tutors",
            "https://airmeet.com/e/not-a-uuid",
            "https://zhumu.com/j/123456789",
            "https://welink.zhumu.com/j/123456789?pwd=",
            "https://welink.zhumu.com/j/123456789?uname=pwd",
            "https://welink.zhumu.com/j/123456789#pwd=abc",
            "https://welink.zhumu.com/wc/join/150525986",
            "https://welink.zhumu.com/wc/join/150525986?wpk=",
            "https://welink.zhumu.com/j/150525986?wpk=wcpk5b53",
            "https://teams.microsoft.com/meet/1234567890123",
            "https://teams.microsoft.com/meet/1234567890123?p=",
            "https://teams.microsoft.com/meet/1234567890123#p=Aa1Bb2",
            "https://teams.microsoft.com/meet/channel?p=Aa1Bb2Cc3Dd4Ee5",
            "https://app.ovice.com/acme-office",
            "https://app.ovice.com/login",
            "https://app.ovice.com/acme-office/@x,y",
            "https://stream.meet.google.com/",
            "https://stream.meet.google.com/stream/",
            "https://meet.google.com/_meet/",
            "https://vimeo.com/123456",
            "https://vimeo.com/event/",
            "https://www.youtube.com/watch?v=AbCdEfGhIjK",
            "https://www.youtube.com/live/AbCdEf",
            "https://go.userzoom.com/",
            "https://demodesk.com/careers",
            "https://demodesk.com/pricing",
            "https://demodesk.com/api/v1/demos",
            "https://go.blizz.com/download",
            "https://discord.com/channels/@me",
            "https://teams.microsoft.com/_#/calendarv2",
        ])
    func nonMeetingPath(url: String) {
        #expect(MeetingLinks.find(in: url).isEmpty, "\(url)")
    }

    @Test(
        "video sites are not meetings",
        arguments: [
            "https://www.youtube.com/watch?v=AbCdEfGhIjK", "https://youtu.be/AbCdEfGhIjK", "https://vimeo.com/123456", "https://www.twitch.tv/acme",
        ])
    func videoSites(url: String) {
        #expect(MeetingLinks.find(in: url).isEmpty)
    }

    @Test(
        "only http(s) candidates count: other schemes, app links and bare hosts are ignored",
        arguments: [
            "ftp://zoom.us/j/123",
            "zoom.us/j/123",
            "www.zoom.us/j/123",
            "msteams:/l/meetup-join/abc",
            "jitsi-meet://meet.jit.si/Room",
            "unknown-app://zoom.us/j/123",
            "tel:+15550100",
            "mailto:jane@zoom.us",
            "hxxps://zoom.us/j/123",
        ])
    func otherSchemes(text: String) {
        #expect(MeetingLinks.find(in: text).isEmpty, "\(text)")
    }

    static let hostile = [
        "javascript:alert(1)",
        "javascript:alert('https://zoom.us/j/123')",
        "JaVaScRiPt:window.location='https://zoom.us/j/123'",
        "javascript:void(location.href=\"https://meet.google.com/abc-defg-hij\")",
        "data:text/html,<script>alert(1)</script>",
        "data:text/html,<a href=\"https://zoom.us/j/123\">join</a>",
        "data:text/html;base64,PHNjcmlwdD4=https://zoom.us/j/123",
        "DATA:text/html,https://zoom.us/j/123",
        "file:///etc/passwd",
        "file://zoom.us/j/123",
        "file:///home/zoom.us/j/123",
        "vbscript:msgbox(\"https://zoom.us/j/123\")",
        "Join <a href=\"javascript:location='https://zoom.us/j/123'\">here</a>",
        "Join <a href=\"data:text/html,https://zoom.us/j/123\">here</a>",
        "Join <a href='vbscript:msgbox(1)'>https</a>",
        "Join <a href=\" javascript:alert('https://teams.microsoft.com/meet/2345678901234')\">here</a>",
        "javascript&#58;alert('https://zoom.us/j/123')",
        "javascript&colon;alert(1)",
        "<a href=\"java&#x73;cript:alert('https://zoom.us/j/123')\">x</a>",
        "https://nam12.safelinks.protection.outlook.com/?url=javascript%3Aalert(%27https%3A%2F%2Fzoom.us%2Fj%2F123%27)&data=0",
        "https://www.google.com/url?q=data:text/html,https://zoom.us/j/123",
        "javascript:location='zoommtg://zoom.us/join?confno=123'",
        "data:text/html,zoommtg://zoom.us/join?confno=123",
        "<a href=\"javascript:open('discord://discord.com/channels/123456789012345678/876543210987654321')\">x</a>",
    ]

    @Test("hostile schemes are never returned, even when they carry a meeting host", arguments: hostile)
    func hostileSchemes(text: String) {
        let links = MeetingLinks.find(in: text, hasHandler: { _ in true })
        #expect(links.isEmpty, "\(text) gave \(links)")
    }

    @Test("whatever the text, every link returned is https or an allowed app link", arguments: hostile + MeetingLinkCorpus.links.map(\.url))
    func policyHolds(text: String) {
        for link in MeetingLinks.find(in: "<p>\(text)</p> \(text)", hasHandler: { _ in true }) {
            #expect(LinkPolicy.isAllowed(link.url) && link.url.hasPrefix("https://"))
            if let native = link.nativeURL { #expect(LinkPolicy.isAllowed(native)) }
        }
    }

    @Test("a hostile link beside a real one leaves the real one")
    func hostileBesideReal() {
        let text = "javascript:alert('https://zoom.us/j/1') Real: https://zoom.us/j/2"
        #expect(MeetingLinks.find(in: text).map(\.url) == ["https://zoom.us/j/2"])
    }

    @Test("a wrapper that holds no meeting link gives nothing")
    func wrapperOfNothing() {
        #expect(MeetingLinks.find(in: "https://www.google.com/url?q=https://example.org/agenda&sa=D").isEmpty)
        #expect(MeetingLinks.find(in: "https://urldefense.proofpoint.com/v2/url?u=https-3A__example.org_&d=x").isEmpty)
    }
}
