/// The app forms of meeting links, made only where the form is known to join the meeting.
///
/// - Zoom: `zoommtg://<host>/join?confno=<id>&pwd=<pwd>` for /j/, /wc/join/ and /join?confno=
///   links; the host is kept so that vanity and ZoomGov meetings work. Personal links (/my/),
///   webinars (/w/), start links (/s/) and links with a registration token (`tk`) stay https.
/// - Teams: `msteams:` followed by the path and query of a `teams.microsoft.com` meeting link.
/// - Jitsi: `jitsi-meet://meet.jit.si/<room>`.
/// - Slack: `slack://join-huddle?team=<T…>&id=<C…>`, the form the Slack desktop app opens
///   (used by MeetingBar; not in Slack's documented deep links).
/// - Webex has no documented join scheme, so its links stay https.
enum NativeLinks {
    /// The app link for `url` of `service`, or nil.
    static func link(for url: WebURL, service: MeetingService) -> String? {
        let path = url.path
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        switch service.platform {
        case "zoom":
            guard url.queryValue("tk") == nil else { return nil }
            let id: Substring?
            if segments.count == 2, segments[0] == "j" {
                id = segments[1]
            } else if segments.count == 3, segments[0] == "wc", segments[1] == "join" {
                id = segments[2]
            } else if segments.count == 3, segments[0] == "wc", segments[2] == "join" {
                id = segments[1]
            } else if segments == ["join"] {
                id = url.queryValue("confno")
            } else {
                id = nil
            }
            guard let id, !id.isEmpty, id.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
            var link = "zoommtg://\(url.host)/join?confno=\(id)"
            if let pwd = url.queryValue("pwd"), !pwd.isEmpty {
                guard pwd.unicodeScalars.allSatisfy(isSafeQueryScalar) else { return nil }
                link += "&pwd=\(pwd)"
            }
            return link
        case "teams":
            guard url.host == "teams.microsoft.com", path.hasPrefix("/l/meetup-join/") || path.hasPrefix("/meet/") else { return nil }
            let withoutFragment = url.rest.prefix { $0 != "#" }
            return "msteams:" + withoutFragment
        case "jitsi":
            return "jitsi-meet://\(url.host)\(path)"
        case "slack":
            guard segments.count == 3, segments[0] == "huddle" else { return nil }
            return "slack://join-huddle?team=\(segments[1])&id=\(segments[2])"
        default:
            return nil
        }
    }

    private static func isSafeQueryScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~%".unicodeScalars.contains(scalar))
    }
}

extension Character {
    /// `0` to `9`.
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
