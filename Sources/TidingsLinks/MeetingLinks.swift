import TidingsCore

/// Finds the meeting links of a calendar event: a reminder's "Join" opens the best one.
///
/// Only http(s) links on a known service's host with a meeting-shaped path count. Links are
/// unwrapped from mail redirectors first, given in their https form, and an app form is
/// added only when the app is installed. Nothing that `LinkPolicy` refuses is ever returned.
public enum MeetingLinks {
    /// Every meeting link in `text`, in order of appearance, de-duplicated.
    ///
    /// - Parameters:
    ///   - text: plain text or HTML (tags are stripped, `href`s kept, entities decoded).
    ///   - field: the event field `text` came from, copied into each link.
    ///   - hasHandler: whether an app is installed for a URL scheme (`zoommtg`, `msteams`, …);
    ///     asked only when a link has an app form. `SchemeHandlers.installed` asks the desktop.
    ///   - services: the services links are matched against (the user's own too).
    public static func find(
        in text: String, field: MeetingField? = nil, hasHandler: (String) -> Bool = { _ in false }, services: MeetingServiceTable = .standard
    ) -> [MeetingLink] {
        found(in: text, field: field, hasHandler: hasHandler, services: services).map(\.link)
    }

    /// `find`, each link with whether it keeps its passcode.
    private static func found(
        in text: String, field: MeetingField?, hasHandler: (String) -> Bool, services: MeetingServiceTable
    ) -> [(link: MeetingLink, keepsPasscode: Bool)] {
        var links: [(link: MeetingLink, keepsPasscode: Bool)] = []
        var seen: Set<String> = []
        for candidate in LinkText.candidates(in: text) {
            guard let (url, service) = resolve(candidate, services: services) else { continue }
            let https = url.https
            guard seen.insert(https).inserted else { continue }
            var link = MeetingLink(platform: service.platform, url: https, field: field)
            if let scheme = service.nativeScheme, let native = NativeLinks.link(for: url, service: service),
                LinkPolicy.scheme(of: native) == scheme, LinkPolicy.isAllowed(native), hasHandler(scheme)
            {
                link.nativeURL = native
            }
            links.append((link, keepsPasscode(url, of: service)))
        }
        return links
    }

    /// The best link of an event: fields searched by priority (conference, x-google-conference,
    /// url, location, description with HTML stripped); within a field prefer a link that keeps
    /// a passcode (zoom `pwd=`, teams `p=`). A broadcast (a livestream to watch) is taken only
    /// when no field holds a meeting link.
    public static func best(
        fields: [(MeetingField, String)], hasHandler: (String) -> Bool = { _ in false }, services: MeetingServiceTable = .standard
    ) -> MeetingLink? {
        let ordered = fields.enumerated().sorted { ($0.element.0.priority, $0.offset) < ($1.element.0.priority, $1.offset) }
        var broadcast: MeetingLink?
        for (_, (field, text)) in ordered {
            let links = found(in: text, field: field, hasHandler: hasHandler, services: services)
            let meetings = links.filter { !(services.service(platform: $0.link.platform)?.isBroadcast ?? false) }
            if let first = meetings.first {
                return (meetings.first(where: \.keepsPasscode) ?? first).link
            }
            if broadcast == nil { broadcast = links.first?.link }
        }
        return broadcast
    }

    /// Whether `link` carries its meeting's passcode (a non-empty passcode parameter of its service).
    public static func keepsPasscode(_ link: MeetingLink) -> Bool {
        guard let service = MeetingServices.service(platform: link.platform), let url = WebURL(link.url) else { return false }
        return keepsPasscode(url, of: service)
    }

    private static func keepsPasscode(_ url: WebURL, of service: MeetingService) -> Bool {
        service.passcodeParameters.contains { url.queryValue($0).map { !$0.isEmpty } ?? false }
    }

    /// The unwrapped link of `candidate` and its service, when it is a meeting link that may be opened.
    static func resolve(_ candidate: LinkText.Candidate, services: MeetingServiceTable) -> (WebURL, MeetingService)? {
        if let app = candidate.app {
            // An app link written as text: its https form, on a host of the app's own service.
            guard let url = AppLinks.webURL(of: candidate.text, app: app), let service = services.matcher.service(of: url),
                service.platform == app.platform, LinkPolicy.isAllowed(url.https)
            else { return nil }
            return (url, service)
        }
        var text = candidate.text
        if candidate.encoded {
            guard let decoded = percentDecoded(text) else { return nil }
            text = LinkText.trimTrailingPunctuation(LinkText.cut(decoded))
        }
        guard let url = LinkUnwrapper.unwrap(text), let service = services.matcher.service(of: url),
            LinkPolicy.isAllowed(url.https)
        else { return nil }
        return (url, service)
    }
}
