import Testing
import TidingsCore

@testable import TidingsLinks

@Suite struct MeetingLinkServiceTests {
    @Test("every corpus link is found, as its platform, in its https form", arguments: MeetingLinkCorpus.links)
    func corpusLink(url: String, platform: String) {
        let links = MeetingLinks.find(in: "Join: \(url)\nSee you there.")
        #expect(links == [MeetingLink(platform: platform, url: url)])
    }

    @Test("the list holds at least 70 services, one entry per platform")
    func count() {
        #expect(MeetingServices.all.count >= 70)
        let platforms = MeetingServices.all.map(\.platform)
        #expect(Set(platforms).count == platforms.count)
    }

    @Test("every service has at least three corpus links, and every host of it is exercised", arguments: MeetingServices.all.map(\.platform))
    func serviceCovered(platform: String) throws {
        let service = try #require(MeetingServices.service(platform: platform))
        let corpus = MeetingLinkCorpus.links.filter { $0.platform == platform }
        #expect(corpus.count >= 3, "\(platform) has \(corpus.count) corpus links")
        for listed in service.hosts {
            let host = listed.hasPrefix("*.") ? String(listed.dropFirst(2)) : listed
            let covered = corpus.contains { entry in
                guard let parsed = WebURL(entry.url) else { return false }
                return parsed.host == host || parsed.host.hasSuffix("." + host)
            }
            #expect(covered, "no corpus link for \(platform) on \(listed)")
        }
    }

    @Test("every service is well formed: name, lower-case hosts, patterns that compile, an allowed app scheme")
    func wellFormed() {
        #expect(ServiceMatcher.uncompilablePatterns(MeetingServices.all).isEmpty)
        for service in MeetingServices.all {
            #expect(!service.name.isEmpty && !service.platform.isEmpty && !service.hosts.isEmpty)
            for host in service.hosts {
                #expect(host == host.lowercased() && !host.contains("/") && !host.contains(":"), "\(service.platform): \(host)")
                let bare = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
                #expect(WebURL("https://" + bare + "/") != nil, "\(service.platform): \(host)")
            }
            for host in service.hostPathPatterns.keys {
                #expect(service.hosts.contains(host), "\(service.platform): override for unlisted \(host)")
            }
            if let scheme = service.nativeScheme {
                #expect(LinkPolicy.allowedSchemes.contains(scheme), "\(service.platform): \(scheme)")
            }
        }
    }

    @Test("no host is listed by two services")
    func hostsAreUnique() {
        let hosts = MeetingServices.all.flatMap(\.hosts)
        #expect(Set(hosts).count == hosts.count)
    }

    @Test("every corpus link, and its app form, passes LinkPolicy", arguments: MeetingLinkCorpus.links)
    func corpusPassesPolicy(url: String, platform: String) {
        for link in MeetingLinks.find(in: url, hasHandler: { _ in true }) {
            #expect(LinkPolicy.isAllowed(link.url))
            if let native = link.nativeURL { #expect(LinkPolicy.isAllowed(native), "\(native)") }
        }
    }

    @Test("http is upgraded to https, and the host is lower-cased")
    func normalised() {
        #expect(MeetingLinks.find(in: "http://zoom.us/j/123") == [MeetingLink(platform: "zoom", url: "https://zoom.us/j/123")])
        #expect(MeetingLinks.find(in: "HTTPS://ACME.Zoom.US/j/123") == [MeetingLink(platform: "zoom", url: "https://acme.zoom.us/j/123")])
        #expect(MeetingLinks.find(in: "https://zoom.us./j/123") == [MeetingLink(platform: "zoom", url: "https://zoom.us/j/123")])
        #expect(MeetingLinks.find(in: "https://zoom.us:443/j/123") == [MeetingLink(platform: "zoom", url: "https://zoom.us/j/123")])
    }

    @Test("links come in order of appearance, each once, labelled with the field")
    func orderAndDuplicates() {
        let text = """
            Zoom https://zoom.us/j/111 or Meet https://meet.google.com/abc-defg-hij,
            again https://zoom.us/j/111 and https://ZOOM.us/j/111, then https://teams.live.com/meet/9425716001426?p=Xy7Zq2
            """
        let links = MeetingLinks.find(in: text, field: .description)
        #expect(
            links.map(\.url) == [
                "https://zoom.us/j/111", "https://meet.google.com/abc-defg-hij", "https://teams.live.com/meet/9425716001426?p=Xy7Zq2",
            ])
        #expect(links.allSatisfy { $0.field == .description })
    }

    @Test("a text without meeting links gives nothing", arguments: ["", "Room 4.02", "Dial +1 555 0100, PIN 1234#", "https://example.org/meeting"])
    func nothing(text: String) {
        #expect(MeetingLinks.find(in: text).isEmpty)
    }
}
