import Testing
import TidingsCore

@testable import TidingsLinks

/// The user's own meeting services (`[[meetings.services]]`): matched as strictly as the
/// built-in table, and never loosening a built-in service's hosts.
@Suite struct MeetingLinkOwnServiceTests {
    static let table = MeetingServiceTable(own: [
        TidingsConfig.MeetingServiceEntry(name: "Acme Jitsi", hosts: ["meet.acme.org"], paths: ["/{room}"]),
        TidingsConfig.MeetingServiceEntry(
            name: "Campus BigBlueButton", hosts: ["*.bbb.uni.example"], paths: ["/b/{code}", "/rooms/{code}/join"]),
        TidingsConfig.MeetingServiceEntry(name: "Webex on site", hosts: ["webex.acme.org"], paths: ["/meet/{id}"]),
        TidingsConfig.MeetingServiceEntry(name: "Loose Zoom", hosts: ["zoom.us", "eu.zoom.us", "talk.acme.org"], paths: ["/{room}"]),
    ])

    @Test(
        "links of the user's services are found, with their names",
        arguments: [
            ("https://meet.acme.org/Weekly-Sync", "own:acme-jitsi", "Acme Jitsi"),
            ("https://meet.acme.org/Weekly-Sync?jwt=abc#config.startWithAudioMuted=true", "own:acme-jitsi", "Acme Jitsi"),
            ("https://video.meet.acme.org/standup", "own:acme-jitsi", "Acme Jitsi"),
            ("https://room1.bbb.uni.example/b/ann-x7k-2pq", "own:campus-bigbluebutton", "Campus BigBlueButton"),
            ("https://room1.bbb.uni.example/rooms/abc-def-ghi/join", "own:campus-bigbluebutton", "Campus BigBlueButton"),
            ("https://webex.acme.org/meet/25563", "own:webex-on-site", "Webex on site"),
            ("https://talk.acme.org/retro", "own:loose-zoom", "Loose Zoom"),
        ])
    func found(url: String, platform: String, name: String) throws {
        let links = MeetingLinks.find(in: "Join: \(url) (dial-in below)", services: Self.table)
        #expect(links.map(\.platform) == [platform], "\(url)")
        #expect(Self.table.service(platform: platform)?.name == name)
        // Without the entries, nothing.
        #expect(MeetingLinks.find(in: url).isEmpty)
    }

    @Test(
        "look-alikes, other schemes, files and shapes that are not meetings are not",
        arguments: [
            "https://meet.acme.org.evil.com/Weekly-Sync",
            "https://evilmeet.acme.org/Weekly-Sync",
            "https://meet-acme.org/Weekly-Sync",
            "ftp://meet.acme.org/Weekly-Sync",
            "https://meet.acme.org/",
            "https://meet.acme.org/static/app.js",
            "https://meet.acme.org/app.js",
            "https://meet.acme.org/a/b",
            "https://bbb.uni.example/b/ann-x7k-2pq",
            "https://room1.bbb.uni.example/b/",
            "https://room1.bbb.uni.example/rooms/abc-def-ghi",
            "https://webex.acme.org/meet/jane",
            "https://zoom.us/retro",
            "https://eu.zoom.us/retro",
        ])
    func notFound(url: String) {
        #expect(MeetingLinks.find(in: url, services: Self.table).isEmpty, "\(url)")
    }

    @Test("a built-in service's host is left to it, and said")
    func builtInHostsKept() {
        #expect(Self.table.shadowed.map(\.host) == ["zoom.us", "eu.zoom.us"])
        #expect(MeetingLinks.find(in: "https://zoom.us/j/123", services: Self.table).map(\.platform) == ["zoom"])
    }

    @Test("the best link of an event may be the user's service's")
    func best() {
        let link = MeetingLinks.best(fields: [(.location, "https://meet.acme.org/Planning")], services: Self.table)
        #expect(link?.url == "https://meet.acme.org/Planning")
    }
}
